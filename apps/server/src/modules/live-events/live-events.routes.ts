import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { SessionCheck } from '../../lib/auth.ts';
import { changeGatherer, type ChangeBatch, type LiveEvents } from '../../lib/live-events.ts';

/*
 * GET /api/v1/events/: server-sent events telling a signed-in screen what changed (contracts
 * live-events.ts): one `change` event `{ resource, ids }` per resource that changed. Changes are
 * gathered for `gatherMs` and sent together, so ten thousand stations reporting at once make one
 * event a second, not ten thousand. The stream ends after
 * `lifetimeMs`: the browser reconnects with its current access token. With each keep-alive the
 * session that opened it is checked again, so a logout or a password change ends its streams
 * within `keepAliveMs`, not at the end of their lifetime.
 */

export interface LiveEventsOptions {
  events: LiveEvents;
  gatherMs?: number;
  lifetimeMs?: number;
  /** A comment line this often keeps proxies from closing a quiet stream; the session is checked as often. */
  keepAliveMs?: number;
  /** Whether the session that opened a stream still lives (the authentication hook's check). */
  sessionLives?: SessionCheck;
}

/** How long the browser waits before reconnecting after the stream ends. */
const RETRY_MS = 2_000;

export function liveEventsRoutes(options: LiveEventsOptions) {
  const { events, gatherMs = 1_000, lifetimeMs = 10 * 60_000, keepAliveMs = 25_000, sessionLives } = options;
  return async function (app: FastifyInstance) {
    const open = new Set<PassThrough>();
    // A stream never ends by itself before its lifetime: closing the app ends them all.
    app.addHook('preClose', async () => {
      for (const stream of open) stream.end();
    });
    app.get('/events/', { schema: { tags: ['live'] }, compress: false }, async (request, reply) => {
      const stream = new PassThrough();
      const send = (batch: ChangeBatch) => {
        stream.write(batch.map((change) => `event: change\ndata: ${JSON.stringify(change)}\n\n`).join(''));
      };
      const changes = changeGatherer(send, gatherMs);
      const unsubscribe = events.subscribe(changes.add);
      const { managerId, sessionId } = request;
      const keepAlive = setInterval(() => {
        stream.write(': keep-alive\n\n');
        // A check that fails (the database out of reach) keeps the stream: the session may well live.
        sessionLives?.(managerId, sessionId).then(
          (alive) => alive || stream.end(),
          () => undefined,
        );
      }, keepAliveMs);
      const lifetime = setTimeout(() => stream.end(), lifetimeMs);
      const stop = () => {
        unsubscribe();
        changes.stop();
        clearInterval(keepAlive);
        clearTimeout(lifetime);
      };
      open.add(stream);
      stream.once('close', () => {
        open.delete(stream);
        stop();
      });
      // The response's close, not the request's: a request 'closes' as soon as it has been read.
      reply.raw.once('close', () => stream.destroy());
      stream.write(`retry: ${RETRY_MS}\n: connected\n\n`);
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('x-accel-buffering', 'no')
          // The socket ends with the stream: kept alive, it would outlast a closing server as an idle connection.
          .header('connection', 'close')
          .send(stream)
      );
    });
  };
}
