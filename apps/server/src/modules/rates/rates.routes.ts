import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '@evcms/contracts/common';
import { idPathParams } from '@evcms/contracts/query';
import {
  defaultRateFees,
  rate,
  rateCreateRequest,
  rateListQuery,
  rateStatusesRequest,
  rateUpdateRequest,
} from '@evcms/contracts/rates';
import { z } from '@evcms/contracts/schema';
import { presentPage } from '../../lib/pagination.ts';
import { orNotFound, pagedAnswer } from '../../lib/resource-routes.ts';
import { presentDefaultFee, presentRate } from './rates.presenter.ts';
import * as rates from './rates.service.ts';

/** Rates (tariffs), under /api/v1/payments: the specification's paths. */
export function ratesRoutes(deps: rates.RatesDeps) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const doc = ['rates'];

    r.get('/default-rates-fee/', {
      schema: { tags: doc, response: { 200: defaultRateFees } },
      handler: async (request) =>
        (await rates.listDefaultFees(deps)).map((fee) => presentDefaultFee(fee, request.lang)),
    });
    r.get('/', {
      schema: { tags: doc, querystring: rateListQuery, response: pagedAnswer(rate) },
      handler: async (request) => presentPage(await rates.listRates(deps, request.query), presentRate, request.lang),
    });
    r.post('/', {
      schema: { tags: doc, body: rateCreateRequest, response: { 201: rate, 400: errorBody, 409: errorBody } },
      handler: async (request, reply) =>
        reply.code(201).send(presentRate(await rates.createRate(deps, request.body), request.lang)),
    });
    r.patch('/', {
      schema: {
        tags: doc,
        body: rateStatusesRequest,
        response: { 200: z.array(rate), 400: errorBody, 404: errorBody, 409: errorBody },
      },
      handler: async (request) =>
        (await rates.setRateStatuses(deps, request.body)).map((item) => presentRate(item, request.lang)),
    });
    r.get('/:id/', {
      schema: { tags: doc, params: idPathParams, response: orNotFound(rate) },
      handler: async (request) => presentRate(await rates.getRate(deps, request.params.id), request.lang),
    });
    r.patch('/:id/', {
      schema: {
        tags: doc,
        params: idPathParams,
        body: rateUpdateRequest,
        response: { ...orNotFound(rate), 409: errorBody },
      },
      handler: async (request) =>
        presentRate(await rates.updateRate(deps, request.params.id, request.body), request.lang),
    });
    r.delete('/:id/', {
      schema: {
        tags: doc,
        params: idPathParams,
        response: { 204: z.null(), 400: errorBody, 404: errorBody, 409: errorBody },
      },
      handler: async (request, reply) => {
        await rates.deleteRate(deps, request.params.id);
        return reply.code(204).send(null);
      },
    });
  };
}
