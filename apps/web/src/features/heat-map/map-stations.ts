import type { HeatMapStation } from '@evcms/contracts/heat-map';
import type { Lang } from '@evcms/contracts/i18n';
import type { TFunction } from 'i18next';
import { formatFee } from '../../lib/number-format.ts';
import type { HeatMetric } from './heat-map-filters.ts';
import type { MapStation } from './leaflet-heat-map.tsx';
import { metricValue, shares } from './heat-map-scale.ts';
import { stationPath } from './station-path.ts';

/** The answer's stations as the map draws them: their weight by the chosen metric and their popup's texts. */
export function mapStations(
  stations: readonly HeatMapStation[],
  metric: HeatMetric,
  t: TFunction<'heat-map'>,
  lang: Lang,
): MapStation[] {
  const weights = shares(stations.map((station) => metricValue(station, metric)));
  return stations.map((station, i) => ({
    ...station,
    share: weights[i] ?? 0,
    popup: {
      name: station.name,
      path: stationPath(station),
      lines: [
        t('popup.charges', { number: station.charges.toLocaleString(lang) }),
        t('popup.average_bill', { amount: formatFee(station.average_bill, lang) }),
      ],
    },
  }));
}
