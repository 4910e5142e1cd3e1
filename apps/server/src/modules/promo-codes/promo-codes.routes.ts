import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '@evcms/contracts/common';
import {
  PROMO_CODE_LABELS,
  promoCode,
  promoCodeBatch,
  promoCodeCreateRequest,
  promoCodeExportQuery,
  promoCodeGenerateRequest,
  promoCodeListQuery,
  promoCodeRedemption,
  promoCodeRedemptionListQuery,
  promoCodeUpdateRequest,
} from '@evcms/contracts/promo-codes';
import { idPathParams } from '@evcms/contracts/query';
import { z } from '@evcms/contracts/schema';
import { presentPage } from '../../lib/pagination.ts';
import { exportRoute, orNotFound, pagedAnswer, statusesRoute } from '../../lib/resource-routes.ts';
import { listRedemptions } from './promo-code-redemptions.service.ts';
import { promoCodeExportColumns } from './promo-codes-export.ts';
import { presentPromoCode, presentRedemption } from './promo-codes.presenter.ts';
import * as promoCodes from './promo-codes.service.ts';

/** Promo codes, under /api/v1/ads/promo-codes: the list, one made or a batch generated, edits, statuses, redemptions. */
export function promoCodesRoutes(deps: promoCodes.PromoCodesDeps) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const doc = ['promo-codes'];

    r.get('/', {
      schema: { tags: doc, querystring: promoCodeListQuery, response: pagedAnswer(promoCode) },
      handler: async (request) =>
        presentPage(await promoCodes.listPromoCodes(deps, request.query), presentPromoCode, null),
    });
    r.post('/', {
      schema: { tags: doc, body: promoCodeCreateRequest, response: { 201: promoCode, 400: errorBody } },
      handler: async (request, reply) =>
        reply.code(201).send(presentPromoCode(await promoCodes.createPromoCode(deps, request.body, request.managerId))),
    });
    r.post('/generate/', {
      schema: {
        tags: doc,
        body: promoCodeGenerateRequest,
        response: { 201: promoCodeBatch, 400: errorBody, 409: errorBody },
      },
      handler: async (request, reply) => {
        const { batch, items } = await promoCodes.generatePromoCodes(deps, request.body, request.managerId);
        return reply.code(201).send({ batch, items: items.map(presentPromoCode) });
      },
    });
    statusesRoute(r, '/statuses/', {
      tags: doc,
      item: promoCode,
      change: (body) => promoCodes.setPromoCodeStatuses(deps, body),
      present: presentPromoCode,
    });
    // Before /:id/, which would take 'export' for an id.
    exportRoute(r, '/export/', {
      tags: doc,
      query: promoCodeExportQuery,
      name: 'promo-codes',
      sheet: PROMO_CODE_LABELS.sheet,
      columns: promoCodeExportColumns,
      rows: (query) => promoCodes.exportPromoCodes(deps, query),
    });
    r.get('/:id/', {
      schema: { tags: doc, params: idPathParams, response: orNotFound(promoCode) },
      handler: async (request) => presentPromoCode(await promoCodes.getPromoCode(deps, request.params.id)),
    });
    r.patch('/:id/', {
      schema: {
        tags: doc,
        params: idPathParams,
        body: promoCodeUpdateRequest,
        response: { ...orNotFound(promoCode), 409: errorBody },
      },
      handler: async (request) =>
        presentPromoCode(await promoCodes.updatePromoCode(deps, request.params.id, request.body)),
    });
    r.delete('/:id/', {
      schema: { tags: doc, params: idPathParams, response: { 204: z.null(), 404: errorBody, 409: errorBody } },
      handler: async (request, reply) => {
        await promoCodes.deletePromoCode(deps, request.params.id);
        return reply.code(204).send(null);
      },
    });
    r.get('/:id/redemptions/', {
      schema: {
        tags: doc,
        params: idPathParams,
        querystring: promoCodeRedemptionListQuery,
        response: { ...pagedAnswer(promoCodeRedemption), 404: errorBody },
      },
      handler: async (request) =>
        presentPage(await listRedemptions(deps, request.params.id, request.query), presentRedemption, null),
    });
  };
}
