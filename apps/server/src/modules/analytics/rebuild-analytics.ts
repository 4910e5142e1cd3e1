import { ConfigError, loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/open-database.ts';
import { rebuildAnalytics } from './analytics-recount.repository.ts';

/*
 * `npm run analytics:rebuild`: recounts the dashboard's read model from the charges, on the
 * database `npm start` uses (DATA_DIR or DATABASE_URL). Safe while the server runs on PostgreSQL:
 * settlements wait for it and count themselves after. The embedded database is one process's, so
 * stop the server first there.
 */
async function run(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const started = performance.now();
    const counted = await rebuildAnalytics(database.db);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Analytics rebuilt in ${seconds} s: ${counted.hours} hours, ${counted.promotionUsers} promotion user days.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
