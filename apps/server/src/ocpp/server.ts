import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Bus } from '../lib/bus.ts';
import type { Metrics } from '../lib/metrics.ts';
import { textFault } from '../lib/nul-guard.ts';
import type { LiveEvents } from '../lib/live-events.ts';
import { stationForHandshake } from '../modules/stations/station-queries.service.ts';
import type { SendCommand } from '../modules/stations/station-commands.service.ts';
import { isStationOnline, recordAllOffline } from '../modules/stations/station-ocpp.service.ts';
import { callOverSocket, createCommandSender, type Deliver } from './commands.ts';
import type { OcppContext, StationLink } from './context.ts';
import { serveStation, type StationConnection } from './connection.ts';
import { createStateWrites } from './state-writes.ts';
import { startLiveness, type Liveness } from './liveness.ts';
import { createMessageLog } from './message-log.ts';
import { createOfflineSweep } from './offline-sweep.ts';
import { createPresence } from './presence.ts';
import { openedAfter, remoteStations, type HeldStations } from './remote-stations.ts';
import { createUpgrades } from './rpc/upgrade.ts';
import { admission } from './security-profiles.ts';

/*
 * The OCPP 1.6J central system on the HTTP server's port: WebSocket upgrades at /ocpp/{identity}
 * with the `ocpp1.6` subprotocol and Basic auth (user = identity, password = the station's key),
 * over TLS and with a client certificate as the station's security profile asks
 * (security-profiles.ts), every frame checked against the official schemas both ways (strict mode;
 * meter values may carry a vendor's own measurands, ocpp-schemas.ts).
 */

const PROTOCOL = 'ocpp1.6';
const OCPP_PATH = /^\/ocpp\/([^/]+)$/;
/** The largest frame a station may send (a whole GetConfiguration or DataTransfer fits many times over). */
const MAX_FRAME_BYTES = 1024 * 1024;

export interface OcppServerOptions extends OcppContext {
  passwordKey: string;
  /** Where the stations' changes are published for the open screens. */
  events: LiveEvents;
  /** Between the processes sharing the database: commands reach the process holding the station. */
  bus?: Bus;
  /** This process among those serving OCPP on the database, and its beat (liveness.ts). */
  processId?: string;
  liveness?: Liveness;
  /** WebSocket pings: an unanswered one ends the connection, an answered one is a sign of life. */
  pingIntervalMs?: number;
  /** How often the batched last-seen is written (presence.ts). */
  seenFlushMs?: number;
  /** How long a station has to answer a command (commands.ts); 30 s unless told. */
  commandTimeoutMs?: number;
  /** Days the station cards' message log keeps frames; 0 keeps none (message-log.ts). */
  messageLogDays?: number;
  /** How often the message log is written. */
  messageFlushMs?: number;
  /** Seconds a station may stay offline before its open charges are not completed (offline-sweep.ts); an hour unless told. */
  offlineChargeLimitSeconds?: number;
  /** Seconds an initiated charge may wait for its StartTransaction before it is canceled (offline-sweep.ts); 5 minutes unless told. */
  startTimeoutSeconds?: number;
  /** What /metrics reports of the stations, their calls and commands (lib/metrics.ts). */
  metrics?: Metrics;
  /** Behind a TLS-terminating proxy: whether it took the upgrade over TLS (lib/forwarded-tls.ts), for security profile 2. */
  forwardedTls?: (request: IncomingMessage) => boolean;
}

export interface OcppServer {
  /** For the HTTP server's `upgrade` event: OCPP paths are served, any other upgrade is dropped. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Whether the station holds a connection to this process. */
  isConnected(stationId: number): boolean;
  /** Sends a command to a station, waits for its answer or the time-out, and records both in the audit (commands.ts). */
  command: SendCommand;
  /** Writes the message log's waiting frames now (tests). */
  flushMessageLog(): Promise<void>;
  /** One liveness beat now (tests): the stations of processes silent by `now` are marked offline; answers them. */
  checkProcesses(now?: Date): Promise<number[]>;
  /** Runs the sweep of the offline limit and the start time-out now (it also runs every minute); answers the charges it changed. */
  sweepOfflineCharges(): Promise<number>;
  /** Waits until every replaced connection (and every one the server closed) has closed and written its state. */
  settled(): Promise<void>;
  /** Closes every station's socket and waits until their state is written. */
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    ocpp: OcppServer;
  }
}

const LINKS_CHANNEL = 'evcms_station_links';

/** A station was deleted or its identity or password changed: whichever process holds its socket closes it. */
export function announceLinkChanged(bus: Bus, stationId: number, log: FastifyBaseLogger): void {
  bus
    .publish(LINKS_CHANNEL, { stationId })
    .catch((error: unknown) => log.error({ err: error, stationId }, 'station link change not announced'));
}

/** The identity an upgrade's URL names, or undefined when it is not an OCPP path. */
function identityOf(url = '/'): string | undefined {
  const match = OCPP_PATH.exec(url.split('?')[0] ?? '');
  try {
    return match ? decodeURIComponent(match[1]!) : undefined;
  } catch {
    return undefined;
  }
}

export function createOcppServer(options: OcppServerOptions): OcppServer {
  const { log } = options;
  const processId = options.processId ?? randomUUID();
  const telemetryDb = options.telemetryDb ?? options.db;
  const presence = createPresence(telemetryDb, log, options.seenFlushMs ?? 15_000);
  const messageLog = createMessageLog(telemetryDb, log, {
    keepDays: options.messageLogDays ?? 0,
    flushMs: options.messageFlushMs ?? 1_000,
  });
  const offlineSweep = createOfflineSweep(options.db, log, {
    limitSeconds: options.offlineChargeLimitSeconds ?? 3600,
    startTimeoutSeconds: options.startTimeoutSeconds ?? 300,
    events: options.events,
  });
  const pingIntervalMs = options.pingIntervalMs ?? 30_000;
  const current = new Map<number, StationConnection>();
  const stateWrites = createStateWrites(log);
  /** Every connection until it has closed and written its state: the current ones and those closing. */
  const open = new Set<StationConnection>();
  // Where a station's socket is: this process's map, or another process's over the bus (remote-stations.ts).
  const held: HeldStations = {
    call(stationId, action, params, timeoutMs) {
      const connection = current.get(stationId);
      return connection && callOverSocket(connection.socket, action, params, timeoutMs);
    },
    replaced(stationId, by) {
      const connection = current.get(stationId);
      if (connection && openedAfter(by, connection)) void connection.socket.close(1000, 'Replaced by a new connection');
    },
  };
  const remote = options.bus?.shared ? remoteStations(options.bus, held, log, processId) : undefined;
  // Its charge point must authenticate again (and a deleted station cannot).
  const unlinked = options.bus?.subscribe(LINKS_CHANNEL, (message) => {
    const connection = current.get((message as { stationId: number }).stationId);
    if (connection) void connection.socket.close(1008, 'Station deleted or its credentials changed');
  });
  const deliver: Deliver = async (stationId, action, params, timeoutMs) => {
    const local = held.call(stationId, action, params, timeoutMs);
    if (local) return local;
    // Offline for every process: no need to ask them and wait.
    if (!remote || !(await isStationOnline(options.db, stationId))) return { kind: 'offline', disconnected: false };
    return remote.deliver(stationId, action, params, timeoutMs);
  };
  const metrics = options.metrics?.enabled ? options.metrics : undefined;
  const command = createCommandSender({
    db: options.db,
    log,
    timeoutMs: options.commandTimeoutMs ?? 30_000,
    deliver,
    ...(metrics && { metrics: metrics.ocpp }),
  });
  if (metrics) {
    metrics.reading('ocpp_stations_connected', 'Charge points connected to this process', () => current.size);
    metrics.reading(
      'ocpp_stations_booted',
      'Charge points connected to this process whose BootNotification was accepted',
      () => [...current.values()].filter((connection) => connection.booted()).length,
    );
    metrics.reading(
      'ocpp_message_log_backlog_bytes',
      'OCPP frames read or sent and not yet written to the message log',
      () => messageLog.backlogBytes(),
    );
  }

  const upgrades = createUpgrades<StationLink>({
    protocol: PROTOCOL,
    maxPayload: MAX_FRAME_BYTES,
    ...(options.forwardedTls && { forwardedTls: options.forwardedTls }),
    async authenticate({ identity, remoteAddress, protocols, password, tls }) {
      if (!protocols.has(PROTOCOL)) {
        log.warn({ identity, remoteAddress }, 'OCPP connection refused: no ocpp1.6 subprotocol');
        return { refuse: 400, reason: `Subprotocol ${PROTOCOL} required` };
      }
      try {
        const key = password?.toString('utf8');
        // An identity the database cannot hold (a NUL, a surrogate alone) is no station's: not looked up, where it would fail as a 500.
        const station = textFault(identity) ? undefined : await stationForHandshake(options, identity, key);
        const verdict = admission(station, identity, tls);
        if ('refuse' in verdict) {
          log.warn(
            { identity, remoteAddress, status: verdict.refuse, tls: tls.encrypted },
            `OCPP connection refused: ${verdict.why}`,
          );
          return { refuse: verdict.refuse, reason: verdict.reason };
        }
        return { accept: { stationId: verdict.admit.id, identity } };
      } catch (error) {
        log.error({ err: error, identity }, 'OCPP connection failed');
        return { refuse: 500, reason: 'Internal Server Error' };
      }
    },
    connected(ws, station) {
      const previous = current.get(station.stationId);
      const connection = serveStation(
        { ...options, presence, messageLog, command, processId, stateWrites, metrics: metrics?.ocpp },
        ws,
        station,
        pingIntervalMs,
      );
      current.set(station.stationId, connection);
      remote?.connected(station.stationId, connection);
      open.add(connection);
      void connection.closed.then(() => {
        open.delete(connection);
        if (current.get(station.stationId) === connection) current.delete(station.stationId);
      });
      if (previous) {
        // A charge point reconnects when it thinks its link is dead: the new connection is the one to keep.
        log.info({ identity: station.identity }, 'OCPP connection replaced by a new one');
        void previous.socket.close(1000, 'Replaced by a new connection');
      }
    },
  });

  return {
    handleUpgrade(request, socket, head) {
      const identity = identityOf(request.url);
      if (identity === undefined) socket.destroy();
      else void upgrades.handle(request, socket, head, identity);
    },
    isConnected: (stationId) => current.has(stationId),
    command,
    flushMessageLog: () => messageLog.flush(),
    sweepOfflineCharges: () => offlineSweep.sweep(),
    checkProcesses: async (now) => (await options.liveness?.beat(now)) ?? [],
    async settled() {
      const live = new Set(current.values());
      await Promise.all([...open].filter((connection) => !live.has(connection)).map((connection) => connection.closed));
    },
    async close() {
      remote?.close();
      unlinked?.();
      upgrades.stop();
      for (const connection of open) void connection.socket.close(1001, 'Server shutting down');
      while (open.size) await Promise.all([...open].map((connection) => connection.closed));
      await Promise.all([presence.close(), messageLog.close(), offlineSweep.close()]);
    },
  };
}

/** Serves OCPP on the app's HTTP server; closing the app closes the stations' sockets first. */
export async function registerOcpp(
  app: FastifyInstance,
  { database, ...options }: Omit<OcppServerOptions, 'log' | 'db'> & { database: Database },
): Promise<OcppServer> {
  // The embedded database has one process: stations it shows online were cut off by its last stop.
  if (database.kind === 'pglite') await recordAllOffline(database.db);
  const log = app.log.child({ module: 'ocpp' });
  const processId = randomUUID();
  const liveness = await startLiveness(database.db, log, options.events, { processId });
  const server = createOcppServer({
    ...options,
    db: database.db,
    telemetryDb: database.telemetryDb,
    log,
    processId,
    liveness,
  });
  app.server.on('upgrade', server.handleUpgrade);
  app.addHook('preClose', async () => {
    await server.close();
    await liveness.close();
  });
  app.decorate('ocpp', server);
  return server;
}
