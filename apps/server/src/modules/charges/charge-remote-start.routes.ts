import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '@evcms/contracts/common';
import { remoteStartAnswer, remoteStartRequest } from '@evcms/contracts/ocpp-commands';
import { idPathParams } from '@evcms/contracts/query';
import * as remote from './charge-remote-start.service.ts';
import { presentRemoteStart } from './charges.presenter.ts';

/**
 * A manager's remote start, beside the station card's other commands (/api/v1/stations/{id}/ocpp/):
 * answered once the station has answered or the time-out passed, with the charge it initiated.
 */
export function chargeRemoteStartRoutes(deps: remote.RemoteStartDeps) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post('/stations/:id/ocpp/remote-start/', {
      schema: {
        tags: ['stations'],
        params: idPathParams,
        body: remoteStartRequest,
        response: { 200: remoteStartAnswer, 400: errorBody, 404: errorBody, 409: errorBody },
      },
      handler: async (request) =>
        presentRemoteStart(
          await remote.remoteStart(deps, request.params.id, request.body, request.managerId),
          request.lang,
        ),
    });
  };
}
