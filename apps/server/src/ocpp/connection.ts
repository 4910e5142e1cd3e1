import { randomUUID } from 'node:crypto';
import { createRPCError, type IHandlersOption } from 'ocpp-rpc';
import type { LiveEvents } from '../lib/live-events.ts';
import { nulPath } from '../lib/nul-guard.ts';
import { recordConnected, recordDisconnected } from '../modules/stations/station-ocpp.service.ts';
import type { OcppContext, OcppHandler, StationLink } from './context.ts';
import { authorize } from './handlers/authorize.ts';
import { bootNotification } from './handlers/boot-notification.ts';
import { dataTransfer } from './handlers/data-transfer.ts';
import { diagnosticsStatusNotification } from './handlers/diagnostics-status-notification.ts';
import { firmwareStatusNotification } from './handlers/firmware-status-notification.ts';
import { heartbeat } from './handlers/heartbeat.ts';
import { meterValues } from './handlers/meter-values.ts';
import { startTransaction } from './handlers/start-transaction.ts';
import { statusNotification } from './handlers/status-notification.ts';
import { stopTransaction } from './handlers/stop-transaction.ts';
import { createChargeMemo } from './charge-memo.ts';
import type { MessageLog } from './message-log.ts';
import type { Presence } from './presence.ts';
import type { RpcServerClient } from './rpc.ts';
import type { StateWrites } from './state-writes.ts';

/*
 * One charge point's connection: its calls go to the handlers (after ocpp-rpc's strict schemas),
 * its signs of life to last-seen, its opening and closing to the station's online state. An
 * action without a handler is answered NotImplemented by ocpp-rpc.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler types its own request
const HANDLERS: Record<string, OcppHandler<any, object>> = {
  Authorize: authorize,
  BootNotification: bootNotification,
  DataTransfer: dataTransfer,
  DiagnosticsStatusNotification: diagnosticsStatusNotification,
  FirmwareStatusNotification: firmwareStatusNotification,
  Heartbeat: heartbeat,
  MeterValues: meterValues,
  StartTransaction: startTransaction,
  StatusNotification: statusNotification,
  StopTransaction: stopTransaction,
};

/** The calls that change what a screen shows of the station, and those that change its charges too. */
const STATION_CHANGES = new Set(['BootNotification', 'DiagnosticsStatusNotification', 'FirmwareStatusNotification']);
// A connector's status moves its charge along (connector-charges.ts).
const CHARGE_CHANGES = new Set(['StatusNotification', 'StartTransaction', 'MeterValues', 'StopTransaction']);

export interface StationConnection {
  client: RpcServerClient;
  /** This connection's own id, as station_ocpp_state keeps the one it holds. */
  connectionId: string;
  /** Settles once the socket has closed and the station's state says so. */
  closed: Promise<void>;
}

function isRpcError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'rpcErrorCode' in error;
}

export function serveStation(
  ctx: OcppContext & { presence: Presence; messageLog: MessageLog; events: LiveEvents; processId: string; stateWrites: StateWrites },
  client: RpcServerClient,
  station: StationLink,
): StationConnection {
  const connectionId = randomUUID();
  const log = ctx.log.child({ identity: station.identity, stationId: station.stationId });
  let lastSeen = new Date();
  const write = (task: () => Promise<void>) => ctx.stateWrites(station.stationId, task);
  const changed = (charges = false) => ctx.events.publish({ stationId: station.stationId, charges });
  void write(async () => {
    await recordConnected(ctx.db, station.stationId, connectionId, lastSeen, ctx.processId);
    changed();
  });

  const alive = () => {
    lastSeen = new Date();
    ctx.presence.seen(station.stationId, lastSeen);
  };
  const frames = ctx.messageLog.connection(station.stationId);
  // JSON holds U+0000 only as the escape \u0000 (a raw one is not JSON): until a frame has one, no
  // call's values need walking for it. Once one has, every later call of the connection is walked.
  let nulEscapeSeen = false;
  client.on('message', ({ message, outbound }: { message: string | Buffer; outbound: boolean }) => {
    const raw = String(message);
    if (!outbound) {
      alive();
      nulEscapeSeen ||= raw.includes('\\u0000');
    }
    frames.frame(raw, outbound);
  });
  client.on('ping', alive);
  client.on('badMessage', ({ error }: { error: Error }) => {
    frames.refused();
    log.warn({ err: error }, 'OCPP message refused');
  });
  client.on('strictValidationFailure', ({ method, outbound, error }: { method: string; outbound: boolean; error: Error }) =>
    log.warn({ action: method, outbound, err: error }, 'OCPP frame broke the schema'),
  );

  const handlerCtx: OcppContext = { ...ctx, chargeMemo: createChargeMemo() };
  for (const [action, handler] of Object.entries(HANDLERS)) {
    client.handle(action, async ({ params }: IHandlersOption) => {
      // PostgreSQL text cannot hold U+0000: refused with the field's name, as the HTTP API does.
      const nul = nulEscapeSeen ? nulPath(params) : undefined;
      if (nul !== undefined) throw createRPCError('PropertyConstraintViolation', `${nul || 'payload'} may not contain U+0000`, { field: nul });
      try {
        const answer = await handler(handlerCtx, station, params);
        if (STATION_CHANGES.has(action) || CHARGE_CHANGES.has(action)) changed(CHARGE_CHANGES.has(action));
        return answer;
      } catch (error) {
        if (isRpcError(error)) throw error;
        // The station gets no detail of our failure; the log has it.
        log.error({ err: error, action }, 'OCPP call failed');
        throw createRPCError('InternalError', 'The central system could not handle the call');
      }
    });
  }

  const closed = new Promise<void>((resolve) => {
    client.once('close', ({ code }: { code: number }) => {
      log.info({ code }, 'OCPP station disconnected');
      void write(async () => {
        await recordDisconnected(ctx.db, station.stationId, connectionId, lastSeen);
        changed();
      }).then(resolve);
    });
  });
  log.info('OCPP station connected');
  return { client, connectionId, closed };
}
