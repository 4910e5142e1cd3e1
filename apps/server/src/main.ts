import { ConfigError, loadConfig } from './config.ts';
import { startupMark } from './lib/startup-trace.ts';

/**
 * Process entry: config -> database -> migrations -> first manager -> app -> listen; SIGTERM closes it all.
 * The app's modules load and the app is built while the database opens and migrates (the embedded
 * one on a thread of its own, db/pglite-threaded.ts): a restart is the longer of the two, not their
 * sum (issue 34).
 */
export async function main() {
  const config = loadConfig();
  startupMark('config read');
  const { openDatabase } = await import('./db/open-database.ts');
  // The embedded database opens on its own thread, queueing what is asked of it meanwhile.
  const database = await openDatabase(config);
  const migrated = database.migrate().then(() => startupMark('migrations applied'));
  // Heard below, through the first manager and serve(); not unhandled while the modules load.
  migrated.catch(() => {});
  const [{ browserUrl, closeOnSignals, exitOnUncaught, serve }, { ensureFirstManager }] = await Promise.all([
    import('./serve.ts'),
    import('./modules/accounts/accounts.service.ts'),
  ]);
  startupMark('app modules imported');
  // A new first manager's password is hashed on libuv's threads while the app is built, not
  // before it; the app listens only once the manager is stored.
  const firstManager = migrated.then(() =>
    ensureFirstManager(database.db, { email: config.adminEmail, password: config.adminPassword }),
  );
  const [first, app] = await Promise.all([
    firstManager.then((created) => {
      startupMark(created ? 'first manager created' : 'first manager present');
      return created;
    }),
    serve(config, database, { migrated, beforeListening: firstManager }),
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
