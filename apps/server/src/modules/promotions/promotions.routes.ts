import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '@evcms/contracts/common';
import { promotion, promotionListItem, promotionListQuery } from '@evcms/contracts/promotions';
import { idPathParams } from '@evcms/contracts/query';
import { z } from '@evcms/contracts/schema';
import { presentPage } from '../../lib/pagination.ts';
import { orNotFound, pagedAnswer, statusesRoute } from '../../lib/resource-routes.ts';
import { promotionCreateBody, promotionUpdateBody, promotionUpload } from './promotion-uploads.ts';
import { presentPromotion, presentPromotionListItem } from './promotions.presenter.ts';
import * as promotions from './promotions.service.ts';

/** Promotions, under /api/v1/ads/promotions: create and update are multipart (the image and its crop data). */
export function promotionsRoutes(deps: Omit<promotions.PromotionsDeps, 'log'>) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const doc = ['promotions'];
    const withLog = { ...deps, log: app.log };

    r.get('/', {
      schema: { tags: doc, querystring: promotionListQuery, response: pagedAnswer(promotionListItem) },
      handler: async (request) =>
        presentPage(await promotions.listPromotions(deps, request.query), presentPromotionListItem, request.lang),
    });
    r.post('/', {
      preValidation: promotionUpload,
      schema: {
        tags: doc,
        consumes: ['multipart/form-data'],
        body: promotionCreateBody,
        response: { 201: promotion, 400: errorBody, 409: errorBody },
      },
      handler: async (request, reply) =>
        reply
          .code(201)
          .send(
            presentPromotion(await promotions.createPromotion(withLog, request.body, request.managerId), request.lang),
          ),
    });
    statusesRoute(r, '/statuses/', {
      tags: doc,
      item: promotionListItem,
      change: (body) => promotions.setPromotionStatuses(deps, body),
      present: presentPromotionListItem,
    });
    r.get('/:id/', {
      schema: { tags: doc, params: idPathParams, response: orNotFound(promotion) },
      handler: async (request) =>
        presentPromotion(await promotions.getPromotion(deps, request.params.id), request.lang),
    });
    r.patch('/:id/', {
      preValidation: promotionUpload,
      schema: {
        tags: doc,
        consumes: ['multipart/form-data', 'application/json'],
        params: idPathParams,
        body: promotionUpdateBody,
        response: { ...orNotFound(promotion), 409: errorBody },
      },
      handler: async (request) =>
        presentPromotion(await promotions.updatePromotion(withLog, request.params.id, request.body), request.lang),
    });
    r.delete('/:id/', {
      schema: { tags: doc, params: idPathParams, response: { 204: z.null(), 404: errorBody, 409: errorBody } },
      handler: async (request, reply) => {
        await promotions.deletePromotion(withLog, request.params.id);
        return reply.code(204).send(null);
      },
    });
  };
}
