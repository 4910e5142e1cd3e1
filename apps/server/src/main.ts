import { ConfigError, loadConfig } from './config.ts';
import { startupMark } from './lib/startup-trace.ts';

/**
 * Process entry: config -> database -> migrations -> first manager -> app -> listen; SIGTERM closes it all.
 * The app's modules load while the database opens and migrates: PGlite spends much of its opening
 * waiting (its WebAssembly compiling on another thread, the disk), time the imports fill (issue 34).
 */
export async function main() {
  const config = loadConfig();
  startupMark('config read');
  const { openDatabase } = await import('./db/client.ts');
  const opened = openDatabase(config).then(async (database) => {
    startupMark(`database open (${database.kind})`);
    await database.migrate();
    startupMark('migrations applied');
    return database;
  });
  const imported = Promise.all([import('./serve.ts'), import('./modules/accounts/accounts.service.ts')]).then(
    (modules) => {
      startupMark('app modules imported');
      return modules;
    },
  );
  // Promise.all hears both: an error of either ends the start, and neither goes unhandled.
  const [database, [{ browserUrl, closeOnSignals, exitOnUncaught, serve }, { ensureFirstManager }]] = await Promise.all(
    [opened, imported],
  );
  // A new first manager's password is hashed on libuv's threads while the app is built, not
  // before it; the app listens only once the manager is stored.
  const firstManager = ensureFirstManager(database.db, { email: config.adminEmail, password: config.adminPassword });
  const [first, app] = await Promise.all([
    firstManager.then((created) => {
      startupMark(created ? 'first manager created' : 'first manager present');
      return created;
    }),
    serve(config, database, firstManager),
  ]);
  startupMark('listening');
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
