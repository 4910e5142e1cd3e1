import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '@evcms/contracts/common';
import { chargeStopRequest, commandAnswer } from '@evcms/contracts/ocpp-commands';
import * as commands from './charge-commands.service.ts';
import { presentStopAnswer } from './charges.presenter.ts';

/** The back office's stop of a charge, under /api/v1/users/transactions (spec 7): `{ success }` once the station answered; 409 while another stop of it is under way. */
export function chargeCommandsRoutes(deps: commands.ChargeCommandsDeps) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post('/stop/', {
      schema: {
        tags: ['charges'],
        body: chargeStopRequest,
        response: { 200: commandAnswer, 400: errorBody, 409: errorBody },
      },
      handler: async (request) =>
        presentStopAnswer(
          await commands.stopCharge(deps, request.body.transaction_id, request.managerId),
          request.lang,
        ),
    });
  };
}
