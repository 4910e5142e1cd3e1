import { DECIMALS, fromMinorUnits } from '@evcms/contracts/decimal';
import type { HeatMap } from '@evcms/contracts/heat-map';
import type { Figures } from './heat-map.repository.ts';
import type { HeatMapRecord } from './heat-map.service.ts';

/** The heat map as the API answers it: money in som. */

const money = (tyiyn: number) => fromMinorUnits(tyiyn, DECIMALS.money);

const figures = ({ charges, turnoverTyiyn }: Figures) => ({
  charges,
  turnover: money(turnoverTyiyn),
  average_bill: charges === 0 ? 0 : money(Math.round(turnoverTyiyn / charges)),
});

export function presentHeatMap(record: HeatMapRecord): HeatMap {
  const { hours } = record;
  return {
    period: { from: record.bounds.from.toISOString(), to: record.bounds.to.toISOString() },
    hours: hours && { from: hours[0]!, to: hours[hours.length - 1]! + 1 },
    totals: figures(record.totals),
    stations: record.stations.map((station) => ({
      station: station.stationId,
      name: station.name,
      merchant: station.merchantId,
      latitude: station.latitude,
      longitude: station.longitude,
      ...figures(station),
    })),
    grid: record.grid.map((cell) => ({ weekday: cell.weekday, hour: cell.hour, ...figures(cell) })),
  };
}
