import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { RPCServer } from 'ocpp-rpc';
import type { Database } from '../db/client.ts';
import { checkStationPassword } from '../modules/stations/station-queries.service.ts';
import { recordAllOffline } from '../modules/stations/station-ocpp.service.ts';
import type { OcppContext, StationLink } from './context.ts';
import { serveStation, type StationConnection } from './connection.ts';
import { createMessageLog } from './message-log.ts';
import { createPresence } from './presence.ts';
import type { RpcServerClient } from './rpc.ts';

/*
 * The OCPP 1.6J central system on the HTTP server's port: WebSocket upgrades at /ocpp/{identity}
 * with the `ocpp1.6` subprotocol and Basic auth (security profile 1: user = identity, password =
 * the station's key), every frame checked by ocpp-rpc against the official schemas (strict mode).
 */

const PROTOCOL = 'ocpp1.6';
const OCPP_PATH = /^\/ocpp\/([^/]+)$/;

export interface OcppServerOptions extends OcppContext {
  passwordKey: string;
  /** WebSocket pings: an unanswered one ends the connection, an answered one is a sign of life. */
  pingIntervalMs?: number;
  /** How often the batched last-seen is written (presence.ts). */
  seenFlushMs?: number;
  /** Days the station cards' message log keeps frames; 0 keeps none (message-log.ts). */
  messageLogDays?: number;
  /** How often the message log is written. */
  messageFlushMs?: number;
}

export interface OcppServer {
  /** For the HTTP server's `upgrade` event: OCPP paths are served, any other upgrade is dropped. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Whether the station holds a connection to this process. */
  isConnected(stationId: number): boolean;
  /** Writes the message log's waiting frames now (tests). */
  flushMessageLog(): Promise<void>;
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
  const presence = createPresence(options.db, log, options.seenFlushMs ?? 15_000);
  const messageLog = createMessageLog(options.db, log, { keepDays: options.messageLogDays ?? 0, flushMs: options.messageFlushMs ?? 1_000 });
  const rpc = new RPCServer({ protocols: [PROTOCOL], strictMode: true, pingIntervalMs: options.pingIntervalMs ?? 30_000 });
  const current = new Map<number, StationConnection>();
  /** Every connection until it has closed and written its state: the current ones and those closing. */
  const open = new Set<StationConnection>();

  rpc.auth(async (accept, reject, handshake) => {
    const { identity, remoteAddress } = handshake;
    if (!handshake.protocols.has(PROTOCOL)) {
      log.warn({ identity, remoteAddress }, 'OCPP connection refused: no ocpp1.6 subprotocol');
      return reject(400, `Subprotocol ${PROTOCOL} required`);
    }
    try {
      const password = handshake.password?.toString('utf8');
      const station = password ? await checkStationPassword(options, identity, password) : undefined;
      if (!station) {
        log.warn({ identity, remoteAddress, credentials: password ? 'refused' : 'none' }, 'OCPP connection refused: unknown identity or wrong password');
        return reject(401, 'Unauthorized');
      }
      accept({ stationId: station.id, identity } satisfies StationLink, PROTOCOL);
    } catch (error) {
      log.error({ err: error, identity }, 'OCPP connection failed');
      reject(500, 'Internal Server Error');
    }
  });

  rpc.on('client', (client: RpcServerClient) => {
    const station = client.session as StationLink;
    const previous = current.get(station.stationId);
    const connection = serveStation({ ...options, presence, messageLog }, client, station);
    current.set(station.stationId, connection);
    open.add(connection);
    void connection.closed.then(() => {
      open.delete(connection);
      if (current.get(station.stationId) === connection) current.delete(station.stationId);
    });
    if (previous) {
      // A charge point reconnects when it thinks its link is dead: the new connection is the one to keep.
      log.info({ identity: station.identity }, 'OCPP connection replaced by a new one');
      void previous.client.close({ code: 1000, reason: 'Replaced by a new connection' });
    }
  });
  rpc.on('error', (error: unknown) => log.error({ err: error }, 'OCPP server error'));

  return {
    handleUpgrade(request, socket, head) {
      if (identityOf(request.url) === undefined) {
        socket.destroy();
        return;
      }
      rpc.handleUpgrade(request, socket as never, head).catch(() => socket.destroy());
    },
    isConnected: (stationId) => current.has(stationId),
    flushMessageLog: () => messageLog.flush(),
    async settled() {
      const live = new Set(current.values());
      await Promise.all([...open].filter((connection) => !live.has(connection)).map((connection) => connection.closed));
    },
    async close() {
      // ocpp-rpc asks every client to close but does not wait for them: the sockets are awaited here.
      await rpc.close({ code: 1001, reason: 'Server shutting down' });
      while (open.size) await Promise.all([...open].map((connection) => connection.closed));
      await Promise.all([presence.close(), messageLog.close()]);
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
  const server = createOcppServer({ ...options, db: database.db, log: app.log.child({ module: 'ocpp' }) });
  app.server.on('upgrade', server.handleUpgrade);
  app.addHook('preClose', () => server.close());
  app.decorate('ocpp', server);
  return server;
}
