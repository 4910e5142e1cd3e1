import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthBody, readyBody, type ReadyBody } from '@evcms/contracts/common';
import type { Database } from '../../db/client.ts';
import { migrationsCurrent } from '../../db/migrations.ts';

/** A database that has not answered the readiness check in this long counts as down. */
export const READY_TIMEOUT_MS = 2_000;

/** The readiness answer: the database answers (in time) and holds every migration of this build. */
async function readiness(database: Pick<Database, 'db'>): Promise<ReadyBody> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), READY_TIMEOUT_MS)));
  try {
    const current = await Promise.race([migrationsCurrent(database.db), late]);
    if (current === 'late') return { status: 'not_ready', db: 'down', migrations: 'unknown' };
    return current
      ? { status: 'ready', db: 'ok', migrations: 'current' }
      : { status: 'not_ready', db: 'ok', migrations: 'pending' };
  } catch {
    return { status: 'not_ready', db: 'down', migrations: 'unknown' };
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(database: Pick<Database, 'ping' | 'db'>) {
  return async function (app: FastifyInstance) {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    // Liveness: cheap, one `select 1`.
    typed.get('/health', {
      config: { public: true },
      schema: { tags: ['health'], response: { 200: healthBody, 503: healthBody } },
      handler: async (_request, reply) => {
        const up = await database.ping();
        return reply.code(up ? 200 : 503).send(up ? { status: 'ok', db: 'ok' } : { status: 'error', db: 'down' });
      },
    });
    // Readiness: the database answers and its schema is this build's.
    typed.get('/ready', {
      config: { public: true },
      schema: { tags: ['health'], response: { 200: readyBody, 503: readyBody } },
      handler: async (_request, reply) => {
        const answer = await readiness(database);
        return reply.code(answer.status === 'ready' ? 200 : 503).send(answer);
      },
    });
  };
}
