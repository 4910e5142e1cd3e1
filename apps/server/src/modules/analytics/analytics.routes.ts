import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  analyticsFigures,
  analyticsGraph,
  analyticsQuery,
  timelinePage,
  timelineQuery,
} from '@evcms/contracts/analytics';
import { errorBody } from '@evcms/contracts/common';
import { presentFigures, presentGraph, presentTimeline } from './analytics.presenter.ts';
import * as analytics from './analytics.service.ts';

/** The dashboard under /api/v1/analytics: the period's figures, its series, and the news timeline. */
export function analyticsRoutes(deps: analytics.AnalyticsDeps) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const doc = ['analytics'];

    r.get('/', {
      schema: { tags: doc, querystring: analyticsQuery, response: { 200: analyticsFigures, 400: errorBody } },
      handler: async (request) => presentFigures(await analytics.analyticsFigures(deps, request.query)),
    });
    r.get('/graph/', {
      schema: { tags: doc, querystring: analyticsQuery, response: { 200: analyticsGraph, 400: errorBody } },
      handler: async (request) => presentGraph(await analytics.analyticsGraph(deps, request.query)),
    });
    r.get('/timeline/', {
      schema: { tags: doc, querystring: timelineQuery, response: { 200: timelinePage, 400: errorBody } },
      handler: async (request) => presentTimeline(await analytics.timeline(deps, request.query), request.lang),
    });
  };
}
