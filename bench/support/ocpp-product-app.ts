/**
 * The real app under the OCPP bench, for both servers that run it (ocpp-server.ts's product, and
 * ocpp-rpc-product.ts): built as main.ts builds it, with settings from the environment, PostgreSQL
 * at DATABASE_URL and JSON log lines at LOG_LEVEL on stdout; the bench has migrated the database.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openPostgres } from '../../apps/server/src/db/postgres.ts';
import { loadJwtSecret } from '../../apps/server/src/lib/secrets.ts';

export async function buildProductApp() {
  const config = loadConfig();
  if (!config.databaseUrl) throw new Error('DATABASE_URL is required');
  const database = await openPostgres(config.databaseUrl);
  const app = await buildApp({
    config,
    database,
    jwtSecret: await loadJwtSecret(database.db, config.jwtSecret, config.dataDir),
    logger: { level: config.logLevel },
  });
  return { config, database, app };
}

/** Listens on 127.0.0.1 at BENCH_PORT, or any free port (see ocpp-server.ts). */
export function listenForBench(app: FastifyInstance) {
  return app.listen({ host: '127.0.0.1', port: Number(process.env.BENCH_PORT ?? 0) });
}
