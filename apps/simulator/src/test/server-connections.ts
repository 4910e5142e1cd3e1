import type { OcppMessage } from '@evcms/contracts/ocpp-messages';
import type { OcppCommandAction, OcppCommandTypes } from '@evcms/contracts/ocpp-commands';
import type { TestContext } from '../../../server/src/test/test-app.ts';

/*
 * The real server's side of a charge point's connection, seen through the server itself: the
 * central system's commands as the back office sends them (`app.ocpp.command`, recorded in the
 * audit), and the station's OCPP message log for the calls the server received.
 */

export interface ServerSide {
  /** Sends a command to the station and answers its confirmation; throws when it gave none. */
  call<A extends OcppCommandAction>(
    station: { id: number; identity: string },
    action: A,
    params: OcppCommandTypes[A]['params'],
  ): Promise<unknown>;
  /** The actions of the calls the server received from the station, oldest first. */
  received(stationId: number): Promise<string[]>;
}

export function serverSide(ctx: TestContext, auth: () => Record<string, string>): ServerSide {
  return {
    async call(station, action, params) {
      const result = await ctx.app.ocpp.command({
        stationId: station.id,
        identity: station.identity,
        managerId: null,
        action,
        params,
      });
      if (result.outcome !== 'accepted' && result.outcome !== 'rejected')
        throw new Error(`${action} to ${station.identity}: ${result.outcome}`);
      return result.response;
    },
    async received(stationId) {
      await ctx.app.ocpp.flushMessageLog();
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/stations/${stationId}/ocpp/messages/?size=100`,
        headers: auth(),
      });
      if (response.statusCode !== 200) throw new Error(`message log: ${response.statusCode}`);
      const { items } = response.json<{ items: OcppMessage[] }>();
      return items
        .filter((message) => message.direction === 'in' && message.kind === 'call')
        .map((message) => message.action ?? '')
        .reverse();
    },
  };
}
