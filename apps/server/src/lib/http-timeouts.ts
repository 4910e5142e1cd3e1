import type { ServerOptions } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HttpTimeouts } from '../config.ts';

/*
 * How long the HTTP server waits for what a client owes it, so a connection that does not deliver
 * its request in time is closed rather than held (a slowloris, a body sent a byte a second):
 * - the headers: HTTP_HEADERS_TIMEOUT from the request's first byte (Node's headersTimeout);
 * - a body: HTTP_BODY_TIMEOUT, then each further second must have brought BODY_PACE_BYTES
 *   (as Apache's mod_reqtimeout `body=20,MinRate=...`), checked here: one limit for the whole
 *   request would either let a 100-byte login take minutes or cut a 100 MB video on a slow link;
 * - the whole request: HTTP_REQUEST_TIMEOUT, the largest upload's time (Node's requestTimeout,
 *   answered 408);
 * - between two requests of a kept-alive connection: HTTP_KEEP_ALIVE_TIMEOUT;
 * - nothing sent either way: HTTP_IDLE_TIMEOUT (Fastify's connectionTimeout), e.g. a download
 *   whose reader stopped reading.
 * None applies to what the server sends once a request is in (an export, the events stream, which
 * writes a comment every 25 s), nor to a charge point's WebSocket once upgraded (`ws` lifts the
 * socket's idle time-out; the OCPP connection has its own pings).
 */

/** The least pace of a body past HTTP_BODY_TIMEOUT, bytes a second (16 kbit/s: a 100 MB video in 14 hours). */
export const BODY_PACE_BYTES = 2_048;
/** How often Node looks for connections past the headers or request time-out (its default, 30 s, would let them run on that much longer). */
const CHECK_EVERY_MS = 1_000;

/** The server options that carry the time-outs Node and Fastify keep. */
export function httpServerOptions(timeouts: HttpTimeouts): {
  requestTimeout: number;
  keepAliveTimeout: number;
  connectionTimeout: number;
  http: ServerOptions;
} {
  const requestTimeout = timeouts.requestSeconds * 1000;
  return {
    requestTimeout,
    keepAliveTimeout: timeouts.keepAliveSeconds * 1000,
    connectionTimeout: timeouts.idleSeconds * 1000,
    http: {
      requestTimeout,
      headersTimeout: timeouts.headersSeconds * 1000,
      connectionsCheckingInterval: CHECK_EVERY_MS,
    },
  };
}

const paceTimers = new WeakMap<FastifyRequest, NodeJS.Timeout>();

/** Closes the connection of a request whose body falls behind its pace. */
export function registerBodyPace(app: FastifyInstance, timeouts: HttpTimeouts): void {
  const graceMs = timeouts.bodySeconds * 1000;
  app.addHook('onRequest', async (request) => {
    const { raw } = request;
    const { socket } = raw;
    // app.inject's requests (tests) have a stand-in socket and no pace.
    if (
      raw.complete ||
      !(socket instanceof Socket) ||
      !('content-length' in raw.headers || 'transfer-encoding' in raw.headers)
    )
      return;
    let from = socket.bytesRead;
    let started = performance.now();
    const check = () => {
      if (raw.complete || socket.destroyed) return;
      // Paused: the server has not taken what came (a handler not reading yet). Its wait is not the client's: the count starts again.
      if (socket.isPaused()) {
        [from, started] = [socket.bytesRead, performance.now()];
        return arm(graceMs);
      }
      const received = socket.bytesRead - from;
      const allowedMs = graceMs + (received / BODY_PACE_BYTES) * 1000;
      const elapsedMs = performance.now() - started;
      if (elapsedMs < allowedMs) return arm(allowedMs - elapsedMs);
      request.log.info({ received, seconds: Math.round(elapsedMs / 1000) }, 'request body too slow: connection closed');
      socket.destroy();
    };
    // Judged once the loop has read what waits on the socket: a busy moment of this process is not the client's slowness.
    const arm = (ms: number) => void paceTimers.set(request, setTimeout(() => setImmediate(check), ms).unref());
    arm(graceMs);
  });
  // Answered with the body all in: nothing left to wait for. (An answer sent before, such as a 401,
  // leaves the body to be read and thrown away, still at its pace.)
  app.addHook('onResponse', async (request) => {
    if (request.raw.complete) clearTimeout(paceTimers.get(request));
  });
}
