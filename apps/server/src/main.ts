import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { ensureFirstManager } from './modules/accounts/accounts.service.ts';
import { browserUrl, closeOnSignals, exitOnUncaught, serve } from './serve.ts';

/** Process entry: config -> database -> migrations -> first manager -> app -> listen; SIGTERM closes it all. */
export async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  await database.migrate();
  const first = await ensureFirstManager(database.db, { email: config.adminEmail, password: config.adminPassword });
  const app = await serve(config, database);
  exitOnUncaught(app.log);

  if (first) {
    const lines = [`First manager created: ${first.email}`];
    if (first.generated) lines.push(`Password (shown once): ${first.password}`);
    console.log(`\n${lines.join('\n')}\n`);
  }
  console.log(`Back office: ${browserUrl(config)}  (database: ${database.kind})`);
  closeOnSignals(app.log, async () => {
    await app.close();
    await database.close();
  });
}

try {
  await main();
} catch (error) {
  // A setting it cannot start with is the operator's to fix: say which, without a stack trace.
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Cannot start: ${error.message}`);
  process.exit(1);
}
