/**
 * The OCPP bench's product-ocpp-rpc server: the real app (buildApp on PostgreSQL, as the product
 * server) whose charge points are served by ocpp-rpc's RPCServer in strict mode instead of the
 * project's own OCPP-J layer (ocpp/rpc/), with the same handlers (ocpp/handlers/) given the same
 * context: batched last-seen (presence.ts), the message log, a charge memo per connection, the
 * online state written on opening and closing, a live event per call that changes a screen. What it
 * leaves out of ocpp/connection.ts does not run on the bench's load: the NUL and lone-surrogate
 * walk of a frame holding such escapes, and the OCPP-J 1.6 codes of refused frames (ocpp-rpc's own
 * are answered). The live events go to a bus in the process (the product's goes through
 * PostgreSQL a few times a second). Its point: whether the own layer pays its way (issue 30).
 */
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { RPCServer } from 'ocpp-rpc';
import { localBus } from '../../apps/server/src/lib/bus.ts';
import { createLiveEvents } from '../../apps/server/src/lib/live-events.ts';
import { loadSecret } from '../../apps/server/src/lib/secrets.ts';
import {
  recordConnected,
  recordDisconnected,
  recordProcessAlive,
} from '../../apps/server/src/modules/stations/station-ocpp.service.ts';
import { checkStationPassword } from '../../apps/server/src/modules/stations/station-queries.service.ts';
import { createChargeMemo } from '../../apps/server/src/ocpp/charge-memo.ts';
import { CHARGE_CHANGES, HANDLERS, STATION_CHANGES } from '../../apps/server/src/ocpp/connection.ts';
import type { OcppContext, StationLink } from '../../apps/server/src/ocpp/context.ts';
import { createMessageLog } from '../../apps/server/src/ocpp/message-log.ts';
import { createPresence } from '../../apps/server/src/ocpp/presence.ts';
import type { FrameHead } from '../../apps/server/src/ocpp/rpc/frames.ts';
import { createStateWrites } from '../../apps/server/src/ocpp/state-writes.ts';
import type { StartedServer } from './ocpp-bare-servers.ts';
import { buildProductApp, listenForBench } from './ocpp-product-app.ts';

const MAX_FRAME_BYTES = 1024 * 1024;

interface RpcClient {
  session: StationLink;
  handle(action: string, handler: (call: { params: unknown }) => Promise<object>): void;
  on(event: 'message', listener: (event: { message: Buffer | string; outbound: boolean }) => void): void;
  on(event: 'close', listener: (event: { code: number }) => void): void;
  on(event: 'pong' | 'ping', listener: () => void): void;
}

/** What the message log keeps of a frame besides its text; ocpp-rpc reads a frame for itself and tells only its text. */
function headOf(text: string, calls: Map<string, string>, outbound: boolean): FrameHead | undefined {
  try {
    const [type, id, action] = JSON.parse(text) as [2 | 3 | 4, string, string];
    if (type === 2) {
      if (!outbound) calls.set(id, action);
      return { type, id, action };
    }
    const asked = calls.get(id) ?? null;
    if (outbound) calls.delete(id);
    return { type, id, action: asked };
  } catch {
    return undefined;
  }
}

export async function startProductOcppRpc(): Promise<StartedServer> {
  const { config, database, app } = await buildProductApp();
  // The app's own OCPP layer holds no socket: every upgrade goes to ocpp-rpc's instead.
  app.server.removeAllListeners('upgrade');
  const log = app.log.child({ module: 'ocpp' });
  const db = database.db;
  const telemetryDb = database.telemetryDb;
  const passwordKey = await loadSecret(database.db, config.stationKeySecret, config.dataDir, 'station-key');
  const presence = createPresence(telemetryDb, log, 15_000);
  const messageLog = createMessageLog(telemetryDb, log, { keepDays: config.ocppMessageLogDays, flushMs: 1_000 });
  const bus = localBus(log);
  const events = createLiveEvents(bus, log);
  const stateWrites = createStateWrites(log);
  // Its stations' online state names a process that beats, as the app's liveness.ts does for its own.
  const processId = randomUUID();
  await recordProcessAlive(db, processId);
  const beat = setInterval(
    () =>
      void recordProcessAlive(db, processId).catch((error: unknown) =>
        log.error({ err: error }, 'process beat failed'),
      ),
    5_000,
  );
  const ctx: OcppContext = {
    db,
    telemetryDb,
    log,
    presence,
    heartbeatIntervalSeconds: config.ocppHeartbeatIntervalSeconds,
    minimumBalanceTyiyn: config.ocppMinimumBalanceTyiyn,
    dataTransferVendors: config.ocppDataTransferVendors,
    clockSkewMs: config.ocppClockSkewSeconds * 1000,
    powerCeilingW: config.ocppPowerCeilingKw * 1000,
    command: app.ocpp.command,
  };

  const rpc = new RPCServer({
    protocols: ['ocpp1.6'],
    strictMode: true,
    pingIntervalMs: 30_000,
    wssOptions: { maxPayload: MAX_FRAME_BYTES },
  });
  rpc.auth(
    async (
      accept: (session: StationLink, protocol: string) => void,
      reject: (code: number, message: string) => void,
      handshake: { identity: string; password?: Buffer },
    ) => {
      const key = handshake.password?.toString('utf8');
      const station = key ? await checkStationPassword({ db, passwordKey }, handshake.identity, key) : undefined;
      if (station) accept({ stationId: station.id, identity: handshake.identity }, 'ocpp1.6');
      else reject(401, 'Unauthorized');
    },
  );
  const open = new Set<Promise<void>>();
  rpc.on('client', (client: RpcClient) => {
    const station = client.session;
    const connectionId = randomUUID();
    let lastSeen = new Date();
    // As the product's connection tells open screens (ocpp/connection.ts).
    const changed = (charges = false) => {
      events.publish({ resource: 'stations', ids: [station.stationId] });
      if (charges) events.publish({ resource: 'charges' });
    };
    void stateWrites(station.stationId, async () => {
      await recordConnected(db, station.stationId, connectionId, lastSeen, processId);
      changed();
    });
    const alive = () => {
      lastSeen = new Date();
      presence.seen(station.stationId, lastSeen);
    };
    const frames = messageLog.connection(station.stationId);
    const calls = new Map<string, string>();
    client.on('message', ({ message, outbound }) => {
      const text = String(message);
      if (!outbound) alive();
      frames.frame(text, outbound, headOf(text, calls, outbound));
    });
    client.on('pong', alive);
    const handlerCtx: OcppContext = { ...ctx, chargeMemo: createChargeMemo() };
    for (const [action, handler] of Object.entries(HANDLERS)) {
      if (!handler) continue;
      client.handle(action, async ({ params }) => {
        const answer = await handler(handlerCtx, station, params);
        if (STATION_CHANGES.has(action) || CHARGE_CHANGES.has(action)) changed(CHARGE_CHANGES.has(action));
        return answer;
      });
    }
    let closedNow!: () => void;
    const closed = new Promise<void>((resolve) => (closedNow = resolve));
    open.add(closed);
    client.on('close', () => {
      void stateWrites(station.stationId, async () => {
        await recordDisconnected(db, station.stationId, connectionId, lastSeen);
        changed();
      }).then(() => {
        open.delete(closed);
        closedNow();
      });
    });
  });
  app.server.on('upgrade', rpc.handleUpgrade as (...args: unknown[]) => void);
  await listenForBench(app);
  return {
    server: app.server as Server,
    async close() {
      clearInterval(beat);
      await rpc.close({ code: 1001, awaitPending: false });
      await Promise.all(open);
      await Promise.all([presence.close(), messageLog.close()]);
      await events.close();
      await bus.close();
      await app.close();
      await database.close();
    },
  };
}
