import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '@evcms/contracts/common';
import { heatMap, heatMapQuery } from '@evcms/contracts/heat-map';
import type { AnalyticsDeps } from './analytics.service.ts';
import { presentHeatMap } from './heat-map.presenter.ts';
import * as service from './heat-map.service.ts';
import { stationPlacesCache } from './station-places.ts';

/** GET /api/v1/stations/heat-map/ (spec 7): read from the analytics read model, so it lives here. */
export function heatMapRoutes(deps: AnalyticsDeps) {
  const heatMapDeps = { ...deps, places: stationPlacesCache() };
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/', {
      schema: { tags: ['analytics'], querystring: heatMapQuery, response: { 200: heatMap, 400: errorBody } },
      // Up to every station, 10,000 and more (1.7 MB): the presenter writes each field of the contract's type,
      // and checking the answer again against the schema took a third of its time (docs/performance.md).
      serializerCompiler: () => (data) => JSON.stringify(data),
      handler: async (request) => presentHeatMap(await service.heatMap(heatMapDeps, request.query, request.lang)),
    });
  };
}
