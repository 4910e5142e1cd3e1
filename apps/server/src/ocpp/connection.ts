import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { LiveEvents } from '../lib/live-events.ts';
import type { OcppRecorder } from '../lib/metrics.ts';
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
import { OCPP16_ACTIONS, ocpp16Validator } from './ocpp-schemas.ts';
import { checkStorableTexts } from './ocpp-texts.ts';
import type { Presence } from './presence.ts';
import type { Opened } from './remote-stations.ts';
import { StationSocket } from './rpc/station-socket.ts';
import type { StateWrites } from './state-writes.ts';

/*
 * One charge point's connection: its calls go to the handlers (after the strict schemas,
 * rpc/station-socket.ts), its frames to the message log, its signs of life to last-seen, its
 * opening and closing to the station's online state. An action without a handler is answered
 * NotSupported (a 1.6 action) or NotImplemented.
 */

/** The handler of each action a charge point may call (bench:ocpp serves them behind ocpp-rpc too). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler types its own request
export const HANDLERS: Partial<Record<string, OcppHandler<any, object>>> = {
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
export const STATION_CHANGES = new Set([
  'BootNotification',
  'DiagnosticsStatusNotification',
  'FirmwareStatusNotification',
]);
// A connector's status moves its charge along (connector-charges.ts).
export const CHARGE_CHANGES = new Set(['StatusNotification', 'StartTransaction', 'MeterValues', 'StopTransaction']);
const ACTIONS: ReadonlySet<string> = new Set(Object.keys(HANDLERS));
/** The escapes of U+0000 and of a surrogate (either case: JSON allows both). */
const UNSTORABLE_ESCAPE = /\\u(?:0000|[dD][89a-fA-F])/;

export interface StationConnection extends Opened {
  socket: StationSocket;
  /** Whether its BootNotification of this connection was accepted (/metrics). */
  booted(): boolean;
  /** Settles once the socket has closed and the station's state says so. */
  closed: Promise<void>;
}

export function serveStation(
  ctx: OcppContext & {
    presence: Presence;
    messageLog: MessageLog;
    events: LiveEvents;
    processId: string;
    stateWrites: StateWrites;
    metrics?: OcppRecorder | undefined;
  },
  ws: WebSocket,
  station: StationLink,
  pingIntervalMs: number,
): StationConnection {
  const connectionId = randomUUID();
  const log = ctx.log.child({ identity: station.identity, stationId: station.stationId });
  let lastSeen = new Date();
  const connectedAt = lastSeen.getTime();
  const write = (task: () => Promise<void>) => ctx.stateWrites(station.stationId, task);
  // A charge's progress changes the station's card too; which charge is not known here.
  const changed = (charges = false) => {
    ctx.events.publish({ resource: 'stations', ids: [station.stationId] });
    if (charges) ctx.events.publish({ resource: 'charges' });
  };
  void write(async () => {
    await recordConnected(ctx.db, station.stationId, connectionId, new Date(connectedAt), ctx.processId);
    changed();
  });

  const alive = () => {
    lastSeen = new Date();
    ctx.presence.seen(station.stationId, lastSeen);
  };
  const frames = ctx.messageLog.connection(station.stationId);
  // JSON holds U+0000 only as the escape \u0000 (a raw one is not JSON), and a surrogate alone only
  // as an escape \uD800-\uDFFF (a frame's text is decoded from UTF-8, which cannot carry one): until
  // a frame has such an escape, no call's values need walking for them. Once one has, every later
  // call of the connection is walked.
  let suspectEscapeSeen = false;
  let booted = false;
  const handlerCtx: OcppContext = { ...ctx, chargeMemo: createChargeMemo() };

  // A handler's failure is answered InternalError by the socket, and logged by onFault.
  async function handle(action: string, params: unknown): Promise<object> {
    if (suspectEscapeSeen) checkStorableTexts(params);
    const answer = await HANDLERS[action]!(handlerCtx, station, params);
    if (action === 'BootNotification') booted = (answer as { status?: string }).status === 'Accepted';
    if (STATION_CHANGES.has(action) || CHARGE_CHANGES.has(action)) changed(CHARGE_CHANGES.has(action));
    return answer;
  }

  let closedNow!: () => void;
  const closed = new Promise<void>((resolve) => (closedNow = resolve));
  const socket = new StationSocket(ws, {
    validator: ocpp16Validator,
    actions: ACTIONS,
    known: OCPP16_ACTIONS,
    handle,
    pingIntervalMs,
    onFrame(text, outbound, head) {
      if (!outbound) {
        alive();
        if (!suspectEscapeSeen && text.includes('\\u')) suspectEscapeSeen = UNSTORABLE_ESCAPE.test(text);
      }
      frames.frame(text, outbound, head);
    },
    onUnreadable: (error) => log.warn({ err: error }, 'OCPP message refused'),
    onSchemaFailure: (action, outbound, error) =>
      log.warn({ action, outbound, err: error }, 'OCPP frame broke the schema'),
    onFault: (error, action) =>
      log.error({ err: error, action }, action ? 'OCPP call failed' : 'OCPP frame could not be handled'),
    onAlive: alive,
    // An action no protocol has is counted as `other`: a station's made-up names would make the labels endless.
    ...(ctx.metrics && {
      onAnswered: (action: string, outcome: string, seconds: number) =>
        ctx.metrics!.callAnswered(OCPP16_ACTIONS.has(action) ? action : 'other', outcome, seconds),
    }),
    onClose(code) {
      log.info({ code }, 'OCPP station disconnected');
      void write(async () => {
        await recordDisconnected(ctx.db, station.stationId, connectionId, lastSeen);
        changed();
      }).then(closedNow);
    },
  });
  log.info('OCPP station connected');
  return { socket, connectionId, connectedAt, closed, booted: () => booted };
}
