import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { loadJwtSecret } from './lib/secrets.ts';
import { createMediaStore } from './lib/uploads.ts';
import { ensureFirstManager } from './modules/accounts/accounts.service.ts';
import { removeOrphanIcons } from './modules/catalog/infrastructure.service.ts';

function isInstalled(name: string): boolean {
  try {
    import.meta.resolve(name);
    return true;
  } catch {
    return false;
  }
}

/** Process entry: config -> database -> migrations -> first manager -> app -> listen; SIGTERM closes it all. */
export async function main() {
  const config = loadConfig();
  // A person at a terminal gets readable lines (pino-pretty, a development tool, when installed);
  // a service manager or a pipe gets JSON.
  const logger =
    process.stdout.isTTY && isInstalled('pino-pretty')
      ? { level: config.logLevel, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
      : { level: config.logLevel };
  const database = await openDatabase(config);
  await database.migrate();
  const first = await ensureFirstManager(database.db, { email: config.adminEmail, password: config.adminPassword });
  const jwtSecret = await loadJwtSecret(config.jwtSecret, config.dataDir);

  const app = await buildApp({ config, database, jwtSecret, logger });
  await removeOrphanIcons({ db: database.db, media: createMediaStore(path.join(config.dataDir, 'uploads')), log: app.log });
  await app.listen({ port: config.port, host: config.host });

  if (first) {
    const lines = [`First manager created: ${first.email}`];
    if (first.generated) lines.push(`Password (shown once): ${first.password}`);
    console.log(`\n${lines.join('\n')}\n`);
  }
  console.log(`Back office: http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}  (database: ${database.kind})`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

try {
  await main();
} catch (error) {
  // A setting it cannot start with is the operator's to fix: say which, without a stack trace.
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Cannot start: ${error.message}`);
  process.exit(1);
}
