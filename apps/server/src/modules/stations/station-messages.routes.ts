import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { paged } from '@evcms/contracts/common';
import { ocppMessage, ocppMessageListQuery } from '@evcms/contracts/ocpp-messages';
import { idPathParams } from '@evcms/contracts/query';
import type { Db } from '../../db/client.ts';
import { presentPage } from '../../lib/pagination.ts';
import { orNotFound } from '../../lib/resource-routes.ts';
import { presentMessage } from './station-messages.presenter.ts';
import { listStationMessages } from './station-messages.service.ts';

/** GET /api/v1/stations/{id}/ocpp/messages/: the station's recent OCPP frames, newest first. */
export function stationMessagesRoutes(deps: { db: Db }) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/stations/:id/ocpp/messages/', {
      schema: {
        tags: ['stations'],
        params: idPathParams,
        querystring: ocppMessageListQuery,
        response: orNotFound(paged(ocppMessage)),
      },
      handler: async (request) =>
        presentPage(await listStationMessages(deps, request.params.id, request.query), presentMessage, request.lang),
    });
  };
}
