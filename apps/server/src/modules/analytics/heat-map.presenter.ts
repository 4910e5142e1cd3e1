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

/**
 * The heat map's answer as JSON text: its parts as the other presenters make them, and the stations
 * as the database wrote them (heat-map.repository.ts), set in without reading them back.
 */
export function presentHeatMap(record: HeatMapRecord): string {
  const { hours } = record;
  const rest: Omit<HeatMap, 'stations'> = {
    period: { from: record.bounds.from.toISOString(), to: record.bounds.to.toISOString() },
    hours: hours && { from: hours[0]!, to: hours[hours.length - 1]! + 1 },
    totals: figures(record.totals),
    grid: record.grid.map((cell) => ({ weekday: cell.weekday, hour: cell.hour, ...figures(cell) })),
  };
  return `${JSON.stringify(rest).slice(0, -1)},"stations":${record.stationsJson}}`;
}
