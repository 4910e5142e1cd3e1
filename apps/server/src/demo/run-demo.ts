import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { asc } from 'drizzle-orm';
import { CHARGE_STATUS_KEYS } from '@evcms/contracts/charges';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { managers } from '../db/schema/managers.ts';
import { loadSecret } from '../lib/secrets.ts';
import { createMediaStore } from '../lib/uploads.ts';
import { ensureFirstManager } from '../modules/accounts/accounts.service.ts';
import { existingData, fillDemo, type DemoSummary } from './demo-fill.ts';

/*
 * `npm run demo`: fills the database the server would use (DATA_DIR or DATABASE_URL, as `npm
 * start` reads them) with the demo network, once. A database that holds anything already is left
 * as it is. Stop the server first when it runs on the embedded database: PGlite is one process's.
 */

const number = (n: number) => n.toLocaleString('en-US');

// The services log only a file they could not remove; the demo says so on the console.
const log = { warn: (details: unknown, message: string) => console.warn(message, details) } as unknown as FastifyBaseLogger;

function report(summary: DemoSummary, seconds: number): string {
  const charges = CHARGE_STATUS_KEYS.flatMap((status) => (summary.charges[status] ? [`${number(summary.charges[status])} ${status}`] : []));
  const total = Object.values(summary.charges).reduce((sum, n) => sum + n, 0);
  return [
    `Demo network created in ${seconds.toFixed(0)} s:`,
    `  ${summary.merchants} merchants, ${summary.stations} stations with ${summary.connectors} connectors, ${summary.rates} rates`,
    `  ${summary.drivers} drivers with ${summary.cards} cards, and their top-ups`,
    `  ${number(total)} charges: ${charges.join(', ')}`,
  ].join('\n');
}

async function run(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const media = createMediaStore(path.join(config.dataDir, 'uploads'));
    const passwordKey = await loadSecret(config.stationKeySecret, config.dataDir, 'station-key');
    const first = await ensureFirstManager(database.db, { email: config.adminEmail, password: config.adminPassword });
    const [manager] = await database.db.select({ id: managers.id, email: managers.email }).from(managers).orderBy(asc(managers.id)).limit(1);
    const deps = { db: database.db, media, log, passwordKey, uploadsDir: path.join(config.dataDir, 'uploads'), managerId: manager!.id };
    const found = await existingData(deps);
    if (found) {
      console.log(
        found.demo
          ? 'This database already holds the demo network; nothing was added.'
          : `This database already holds data (${found.merchants} merchants, ${found.drivers} drivers, ${found.other} rates, tags and infrastructure items); ` +
              'the demo fills only an empty one, so nothing was added. Point DATA_DIR (or DATABASE_URL) at a new place to try it.',
      );
      return;
    }
    console.log(`Filling the demo network (database: ${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''})...`);
    const started = performance.now();
    const summary = await fillDemo(deps);
    console.log(report(summary, (performance.now() - started) / 1000));
    const account = first ? `${first.email} / ${first.generated ? `${first.password} (shown once)` : 'ADMIN_PASSWORD'}` : `your manager account (${manager!.email} or another)`;
    console.log(`\nNow run \`npm start\`, open http://localhost:${config.port} and sign in as ${account}.`);
  } finally {
    await database.close();
  }
}

try {
  await run();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Cannot run the demo: ${error.message}`);
  process.exit(1);
}
