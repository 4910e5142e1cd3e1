import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthBody } from '@evcms/contracts/common';
import type { Database } from '../../db/client.ts';

export function healthRoutes(database: Pick<Database, 'ping'>) {
  return async function (app: FastifyInstance) {
    app.withTypeProvider<ZodTypeProvider>().get('/health', {
      config: { public: true },
      schema: { tags: ['health'], response: { 200: healthBody, 503: healthBody } },
      handler: async (_request, reply) => {
        const up = await database.ping();
        return reply.code(up ? 200 : 503).send(up ? { status: 'ok', db: 'ok' } : { status: 'error', db: 'down' });
      },
    });
  };
}
