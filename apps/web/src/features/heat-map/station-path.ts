import type { HeatMapStation } from '@evcms/contracts/heat-map';

/*
 * A station's card sits under its merchant. Written here rather than taken from the stations
 * feature, which a feature does not import (docs/architecture.md), as the dashboard's news do;
 * app/news-paths.test.ts checks it against the route table.
 */
export const stationPath = (station: Pick<HeatMapStation, 'station' | 'merchant'>) =>
  `/merchants/merchant/${station.merchant}/station-info/${station.station}`;
