import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { databaseDumper } from './backup/backup-archive.ts';
import { listenForBackups } from './backup/backup-socket.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { loadJwtSecret, loadSecret } from './lib/secrets.ts';
import { startupMark } from './lib/startup-trace.ts';
import { createMediaStore } from './lib/uploads.ts';
import { removeOrphanIcons } from './modules/catalog/infrastructure.service.ts';

/*
 * Serving the back office from a process, as `npm start` (main.ts) and `npm run demo`
 * (demo/run-demo.ts) both do: the app on an opened, migrated database, listening where the config
 * says, and closed cleanly on SIGTERM or Ctrl+C.
 */

function isInstalled(name: string): boolean {
  try {
    import.meta.resolve(name);
    return true;
  } catch {
    return false;
  }
}

export interface ServeOptions {
  /**
   * Settles once the database holds this build's schema; until then the app is built but nothing
   * reads the database (main.ts: the embedded database opens and migrates meanwhile). Default: now.
   */
  migrated?: Promise<unknown>;
  /** Work done meanwhile, such as the first manager: the app listens once it has settled well. */
  beforeListening?: Promise<unknown>;
}

export async function serve(
  config: Config,
  database: Database,
  { migrated = Promise.resolve(), beforeListening }: ServeOptions = {},
): Promise<FastifyInstance> {
  // A person at a terminal gets readable lines (pino-pretty, a development tool, when installed);
  // a service manager or a pipe gets JSON.
  const logger =
    process.stdout.isTTY && isInstalled('pino-pretty')
      ? {
          level: config.logLevel,
          transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } },
        }
      : { level: config.logLevel };
  // Read once migrated, while the app is built; a failure (a ConfigError) is heard before listening.
  const jwtSecret = migrated.then(() => loadJwtSecret(database.db, config.jwtSecret, config.dataDir));
  const stationKey = migrated.then(() =>
    loadSecret(database.db, config.stationKeySecret, config.dataDir, 'station-key'),
  );
  jwtSecret.catch(() => {});
  const app = await buildApp({ config, database, jwtSecret, stationKey, logger });
  startupMark('app built');
  await removeOrphanIcons({
    db: database.db,
    media: createMediaStore(path.join(config.dataDir, 'uploads')),
    log: app.log,
  });
  startupMark('orphan icons removed');
  // The embedded database is this process's alone: `npm run backup` asks it for the snapshot.
  if (database.dumpDataDir) {
    const dumper = databaseDumper(database, path.join(config.dataDir, 'control', 'backup-copy'));
    const backups = await listenForBackups(config.dataDir, dumper, app.log);
    if (backups) app.addHook('onClose', () => backups.close());
  }
  try {
    await Promise.all([jwtSecret, beforeListening]);
  } catch (error) {
    await app.close();
    throw error;
  }
  await app.listen({ port: config.port, host: config.host });
  return app;
}

/** Where a browser on this machine opens the back office. */
export const browserUrl = (config: Config) =>
  `${config.tls ? 'https' : 'http'}://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;

/** On the first SIGTERM or SIGINT: `close` (the app, the database, what else the process runs), then exit. */
export function closeOnSignals(log: FastifyBaseLogger, close: () => Promise<void>): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    await close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/**
 * A throw or a rejection nobody caught leaves the process in a state no one planned for: it is
 * logged through the app's log and the process exits for its supervisor to start it again (Node's
 * own default, which would print it outside the log). What the process expects to happen, such
 * as the database ending a connection, is handled where it happens and never comes here.
 */
export function exitOnUncaught(log: FastifyBaseLogger): void {
  process.on('uncaughtException', (error, origin) => {
    log.fatal({ err: error, origin }, 'uncaught error: exiting');
    process.exit(1);
  });
}
