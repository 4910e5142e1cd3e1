import type { FastifyInstance } from 'fastify';
import { errorBody } from '@evcms/contracts/common';
import { heatMap, heatMapQuery, type HeatMapFilters } from '@evcms/contracts/heat-map';
import type { AnalyticsDeps } from './analytics.service.ts';
import { presentHeatMap } from './heat-map.presenter.ts';
import * as service from './heat-map.service.ts';

/** GET /api/v1/stations/heat-map/ (spec 7): read from the analytics read model, so it lives here. */
export function heatMapRoutes(deps: AnalyticsDeps) {
  return async function (app: FastifyInstance) {
    // Without the zod type provider: the answer is JSON text (the presenter's), not the schema's object.
    app.get<{ Querystring: HeatMapFilters }>('/', {
      schema: { tags: ['analytics'], querystring: heatMapQuery, response: { 200: heatMap, 400: errorBody } },
      // Up to every station, 10,000 and more (1.7 MB): the presenter writes the answer's JSON, and checking
      // it again against the schema took a third of its time (docs/performance.md). Errors are objects.
      serializerCompiler: () => (data) => (typeof data === 'string' ? data : JSON.stringify(data)),
      handler: async (request, reply) => {
        const answer = presentHeatMap(await service.heatMap(deps, request.query, request.lang));
        return reply.type('application/json; charset=utf-8').send(answer);
      },
    });
  };
}
