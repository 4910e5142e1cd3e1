import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '@evcms/contracts/common';
import {
  merchant,
  merchantCreateRequest,
  merchantForUpdate,
  merchantListItem,
  merchantListQuery,
  merchantOption,
  merchantOptionsQuery,
  merchantUpdateRequest,
} from '@evcms/contracts/merchants';
import { idPathParams } from '@evcms/contracts/query';
import { presentPage } from '../../lib/pagination.ts';
import { orNotFound, pagedAnswer, statusesRoute } from '../../lib/resource-routes.ts';
import {
  presentMerchant,
  presentMerchantForUpdate,
  presentMerchantListItem,
  presentMerchantOption,
} from './merchants.presenter.ts';
import * as merchants from './merchants.service.ts';

/** Merchants, under /api/v1. */
export function merchantsRoutes(deps: merchants.MerchantsDeps) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const doc = ['merchants'];

    r.get('/merchants/', {
      schema: { tags: doc, querystring: merchantListQuery, response: pagedAnswer(merchantListItem) },
      handler: async (request) =>
        presentPage(await merchants.listMerchants(deps, request.query), presentMerchantListItem, request.lang),
    });
    r.post('/merchants/', {
      schema: { tags: doc, body: merchantCreateRequest, response: { 201: merchant, 400: errorBody } },
      handler: async (request, reply) =>
        reply
          .code(201)
          .send(presentMerchant(await merchants.createMerchant(deps, request.body, request.managerId), request.lang)),
    });
    statusesRoute(r, '/merchants/statuses/', {
      tags: doc,
      item: merchantListItem,
      change: (body) => merchants.setMerchantStatuses(deps, body),
      present: presentMerchantListItem,
    });
    r.get('/merchants/for-promotion/', {
      schema: { tags: doc, querystring: merchantOptionsQuery, response: pagedAnswer(merchantOption) },
      handler: async (request) =>
        presentPage(await merchants.listMerchantOptions(deps, request.query), presentMerchantOption, request.lang),
    });
    r.get('/merchants/for-update/:id/', {
      schema: { tags: doc, params: idPathParams, response: orNotFound(merchantForUpdate) },
      handler: async (request) =>
        presentMerchantForUpdate(await merchants.getMerchant(deps, request.params.id), request.lang),
    });
    r.get('/merchants/:id/', {
      schema: { tags: doc, params: idPathParams, response: orNotFound(merchant) },
      handler: async (request) => presentMerchant(await merchants.getMerchant(deps, request.params.id), request.lang),
    });
    r.patch('/merchants/:id/', {
      schema: { tags: doc, params: idPathParams, body: merchantUpdateRequest, response: orNotFound(merchant) },
      handler: async (request) =>
        presentMerchant(await merchants.updateMerchant(deps, request.params.id, request.body), request.lang),
    });
  };
}
