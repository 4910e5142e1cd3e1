import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { HeatMap } from '@evcms/contracts/heat-map';
import { http } from '../../lib/http.ts';
import { refreshOnLiveChange } from '../../lib/live-refresh.ts';
import type { HeatMapRequest } from './heat-map-filters.ts';

/* The heat map's one call (spec 2.7): where and when the period's charges completed. */

/** A completed charge refreshes the heat map at most once a minute: it moves a figure, seldom the picture. */
export const HEAT_MAP_REFRESH_MS = 60_000;

const keys = {
  all: ['heat-map'] as const,
  map: (request: HeatMapRequest) => ['heat-map', request] as const,
};

export const heatMapApi = {
  keys,
  queryOptions: (request: HeatMapRequest) =>
    queryOptions({
      queryKey: keys.map(request),
      queryFn: ({ signal }) => http.get<HeatMap>('/stations/heat-map/', { query: { ...request }, signal }),
      // The last period's map stays on screen while the next one loads.
      placeholderData: keepPreviousData,
    }),
};

refreshOnLiveChange('charges', { keys: () => [keys.all], throttleMs: HEAT_MAP_REFRESH_MS });
