import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '@evcms/contracts/common';
import { partner, partnerCreateRequest, partnerListQuery, partnerUpdateRequest } from '@evcms/contracts/partners';
import { idPathParams } from '@evcms/contracts/query';
import { z } from '@evcms/contracts/schema';
import { presentPage } from '../../lib/pagination.ts';
import { orNotFound, pagedAnswer, statusesRoute } from '../../lib/resource-routes.ts';
import { presentPartner } from './partners.presenter.ts';
import * as partners from './partners.service.ts';

/** Software rental partners, under /api/v1/partners. */
export function partnersRoutes(deps: partners.PartnersDeps) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const doc = ['partners'];

    r.get('/', {
      schema: { tags: doc, querystring: partnerListQuery, response: pagedAnswer(partner) },
      handler: async (request) =>
        presentPage(await partners.listPartners(deps, request.query), presentPartner, request.lang),
    });
    r.post('/', {
      schema: { tags: doc, body: partnerCreateRequest, response: { 201: partner, 400: errorBody, 409: errorBody } },
      handler: async (request, reply) =>
        reply
          .code(201)
          .send(presentPartner(await partners.createPartner(deps, request.body, request.managerId), request.lang)),
    });
    statusesRoute(r, '/statuses/', {
      tags: doc,
      item: partner,
      change: (body) => partners.setPartnerStatuses(deps, body),
      present: presentPartner,
    });
    r.get('/:id/', {
      schema: { tags: doc, params: idPathParams, response: orNotFound(partner) },
      handler: async (request) => presentPartner(await partners.getPartner(deps, request.params.id), request.lang),
    });
    r.patch('/:id/', {
      schema: {
        tags: doc,
        params: idPathParams,
        body: partnerUpdateRequest,
        response: { ...orNotFound(partner), 409: errorBody },
      },
      handler: async (request) =>
        presentPartner(await partners.updatePartner(deps, request.params.id, request.body), request.lang),
    });
    r.delete('/:id/', {
      schema: { tags: doc, params: idPathParams, response: { 204: z.null(), 404: errorBody, 409: errorBody } },
      handler: async (request, reply) => {
        await partners.deletePartner(deps, request.params.id);
        return reply.code(204).send(null);
      },
    });
  };
}
