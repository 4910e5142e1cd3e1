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
import type { z } from '@evcms/contracts/schema';
import { presentPage } from '../../lib/pagination.ts';
import { orNotFound } from '../../lib/resource-routes.ts';
import {
  presentCommandAnswer,
  presentCommandEntry,
  presentCommandOutcome,
  presentConfiguration,
} from './station-commands.presenter.ts';
import * as commands from './station-commands.service.ts';

type Answer = commands.CommandAnswerRecord;

/**
 * OCPP commands to stations, under /api/v1: the specification's reset by identity, the station
 * card's commands under /stations/{id}/ocpp/, and their audit. Each waits for the station's answer
 * or the time-out (OCPP_COMMAND_TIMEOUT).
 */
export function stationCommandsRoutes(deps: commands.StationCommandsDeps) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const doc = ['stations'];
    const card = orNotFound(stationCommandAnswer);

    /** A command of the station card: `POST /stations/{id}/ocpp/<name>/` with `body`, answered as the station did. */
    function cardCommand<Body>(
      name: string,
      body: z.ZodMiniType<Body>,
      send: (deps: commands.StationCommandsDeps, id: number, body: Body, managerId: number) => Promise<Answer>,
    ) {
      r.post(`/stations/:id/ocpp/${name}/`, {
        schema: { tags: doc, params: idPathParams, body, response: card },
        handler: async (request) =>
          presentCommandAnswer(
            // `body` has parsed it; Fastify's types do not carry a generic schema's type through to the handler.
            await send(deps, request.params.id, request.body as Body, request.managerId),
            request.lang,
          ),
      });
    }

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
    cardCommand('unlock-connector', unlockConnectorRequest, commands.unlockConnector);
    cardCommand('change-availability', changeAvailabilityRequest, commands.changeAvailability);
    cardCommand('trigger-message', triggerMessageRequest, commands.triggerMessage);
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
    cardCommand('change-configuration', changeConfigurationRequest, commands.changeConfiguration);
    r.get('/stations/:id/ocpp/commands/', {
      schema: {
        tags: doc,
        params: idPathParams,
        querystring: ocppCommandListQuery,
        response: orNotFound(paged(ocppCommandEntry)),
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
