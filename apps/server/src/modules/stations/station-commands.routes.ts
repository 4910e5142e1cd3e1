import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, paged } from '@evcms/contracts/common';
import {
  changeAvailabilityRequest,
  changeConfigurationRequest,
  commandAnswer,
  configurationAnswer,
  getConfigurationRequest,
  identityPathParams,
  ocppCommandEntry,
  ocppCommandListQuery,
  stationCommandAnswer,
  stationResetRequest,
  triggerMessageRequest,
  unlockConnectorRequest,
} from '@evcms/contracts/ocpp-commands';
import { idPathParams } from '@evcms/contracts/query';
import { presentPage } from '../../lib/pagination.ts';
import {
  presentCommandAnswer,
  presentCommandEntry,
  presentCommandOutcome,
  presentConfiguration,
} from './station-commands.presenter.ts';
import * as commands from './station-commands.service.ts';

/**
 * OCPP commands to stations, under /api/v1: the specification's reset by identity, the station
 * card's commands under /stations/{id}/ocpp/, and their audit. Each waits for the station's answer
 * or the time-out (OCPP_COMMAND_TIMEOUT).
 */
export function stationCommandsRoutes(deps: commands.StationCommandsDeps) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const doc = ['stations'];
    const card = { 200: stationCommandAnswer, 400: errorBody, 404: errorBody };

    r.post('/stations/reset/:identity/', {
      schema: {
        tags: doc,
        params: identityPathParams,
        body: stationResetRequest,
        response: { 200: commandAnswer, 400: errorBody },
      },
      handler: async (request) =>
        presentCommandOutcome(
          await commands.resetStation(deps, request.params.identity, request.body.reset_type, request.managerId),
          request.lang,
        ),
    });
    r.post('/stations/:id/ocpp/unlock-connector/', {
      schema: { tags: doc, params: idPathParams, body: unlockConnectorRequest, response: card },
      handler: async (request) =>
        presentCommandAnswer(
          await commands.unlockConnector(deps, request.params.id, request.body, request.managerId),
          request.lang,
        ),
    });
    r.post('/stations/:id/ocpp/change-availability/', {
      schema: { tags: doc, params: idPathParams, body: changeAvailabilityRequest, response: card },
      handler: async (request) =>
        presentCommandAnswer(
          await commands.changeAvailability(deps, request.params.id, request.body, request.managerId),
          request.lang,
        ),
    });
    r.post('/stations/:id/ocpp/trigger-message/', {
      schema: { tags: doc, params: idPathParams, body: triggerMessageRequest, response: card },
      handler: async (request) =>
        presentCommandAnswer(
          await commands.triggerMessage(deps, request.params.id, request.body, request.managerId),
          request.lang,
        ),
    });
    r.post('/stations/:id/ocpp/get-configuration/', {
      schema: {
        tags: doc,
        params: idPathParams,
        body: getConfigurationRequest,
        response: { ...card, 200: configurationAnswer },
      },
      handler: async (request) =>
        presentConfiguration(
          await commands.getConfiguration(deps, request.params.id, request.body, request.managerId),
          request.lang,
        ),
    });
    r.post('/stations/:id/ocpp/change-configuration/', {
      schema: { tags: doc, params: idPathParams, body: changeConfigurationRequest, response: card },
      handler: async (request) =>
        presentCommandAnswer(
          await commands.changeConfiguration(deps, request.params.id, request.body, request.managerId),
          request.lang,
        ),
    });
    r.get('/stations/:id/ocpp/commands/', {
      schema: {
        tags: doc,
        params: idPathParams,
        querystring: ocppCommandListQuery,
        response: { 200: paged(ocppCommandEntry), 400: errorBody, 404: errorBody },
      },
      handler: async (request) =>
        presentPage(
          await commands.listStationCommands(deps, request.params.id, request.query),
          presentCommandEntry,
          request.lang,
        ),
    });
  };
}
