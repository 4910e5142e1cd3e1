import { spawnSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { asc } from 'drizzle-orm';
import { CHARGE_STATUS_KEYS } from '@evcms/contracts/charges';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/open-database.ts';
import { managers } from '../db/schema/managers.ts';
import { ensureFirstManager } from '../modules/accounts/accounts.service.ts';
import { browserUrl, closeOnSignals, serve } from '../serve.ts';
import { demoDeps, existingData, fillDemo, type DemoSummary } from './demo-fill.ts';
import { prepareLive, startLive } from './demo-live.ts';

/*
 * `npm run demo`: fills the database the server would use (DATA_DIR or DATABASE_URL, as `npm
 * start` reads them) with the demo network, once; a database that holds anything already is left
 * as it is. Then it serves the back office as `npm start` does, with a few of the demo's stations
 * connected as simulated charge points and charging (demo-live.ts), until Ctrl+C. `--no-live` only
 * fills. Stop the server first when it runs on the embedded database: PGlite is one process's.
 */

const USAGE = 'Usage: npm run demo [-- --no-live]';
const number = (n: number) => n.toLocaleString('en-US');

// The services log only a file they could not remove; the demo says so on the console.
const log = {
  warn: (details: unknown, message: string) => console.warn(message, details),
} as unknown as FastifyBaseLogger;

function report(summary: DemoSummary, seconds: number): string {
  const charges = CHARGE_STATUS_KEYS.flatMap((status) =>
    summary.charges[status] ? [`${number(summary.charges[status])} ${status}`] : [],
  );
  const total = Object.values(summary.charges).reduce((sum, n) => sum + n, 0);
  return [
    `Demo network created in ${seconds.toFixed(0)} s:`,
    `  ${summary.merchants} merchants, ${summary.stations} stations with ${summary.connectors} connectors, ${summary.rates} rates, ${summary.promotions} promotions, ${summary.banners} banners and fullscreens`,
    `  ${summary.marketing.promoCodes} promo codes (${summary.marketing.redemptions} used), ${summary.marketing.partners} software rental partners`,
    `  ${summary.drivers} drivers with ${summary.cards} cards, and their top-ups`,
    `  ${number(total)} charges: ${charges.join(', ')}`,
  ].join('\n');
}

/** The web app built as `npm start` builds it, when missing or stale, so the demo's server shows it. */
function buildIfStale(): boolean {
  const root = fileURLToPath(new URL('../../../../', import.meta.url));
  return (
    spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--if-stale'], { cwd: root, stdio: 'inherit' })
      .status === 0
  );
}

/** Where charge points in this process reach the app: its own address, or 127.0.0.1 when it listens on every one. */
function ocppEndpoint(app: FastifyInstance): string {
  const { address, family, port } = app.server.address() as AddressInfo;
  const host = address === '0.0.0.0' || address === '::' ? '127.0.0.1' : family === 'IPv6' ? `[${address}]` : address;
  return `ws://${host}:${port}/ocpp`;
}

/** The exit code: 0 when filled (or already), or running live until Ctrl+C; 1 when it cannot run live (no demo stations, a failed build). */
async function run(live: boolean): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase(config);
  let serving = false;
  try {
    await database.migrate();
    const first = await ensureFirstManager(database.db, { email: config.adminEmail, password: config.adminPassword });
    const [manager] = await database.db
      .select({ id: managers.id, email: managers.email })
      .from(managers)
      .orderBy(asc(managers.id))
      .limit(1);
    const deps = await demoDeps(database.db, config.dataDir, {
      managerId: manager!.id,
      log,
      stationKeySecret: config.stationKeySecret,
    });
    const found = await existingData(deps);
    if (found) {
      console.log(
        found.demo
          ? 'This database already holds the demo network; nothing was added.'
          : `This database already holds data (${found.merchants} merchants, ${found.drivers} drivers, ${found.other} rates, tags and infrastructure items); ` +
              'the demo fills only an empty one, so nothing was added. Point DATA_DIR (or DATABASE_URL) at a new place to try it.',
      );
    } else {
      console.log(
        `Filling the demo network (database: ${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''})...`,
      );
      const started = performance.now();
      const summary = await fillDemo(deps);
      console.log(report(summary, (performance.now() - started) / 1000));
    }
    const account = first
      ? `${first.email} / ${first.generated ? `${first.password} (shown once)` : 'ADMIN_PASSWORD'}`
      : `your manager account (${manager!.email} or another)`;
    if (!live) {
      console.log(`\nNow run \`npm start\`, open ${browserUrl(config)} and sign in as ${account}.`);
      return 0;
    }

    const plan = await prepareLive(deps);
    if (!plan) {
      console.error(
        "None of the demo's stations is here to run live (active, priced, no charge open); run `npm run demo` on an empty database.",
      );
      return 1;
    }
    if (!buildIfStale()) return 1;
    const app = await serve(config, database);
    serving = true;
    const running = await startLive(ocppEndpoint(app), plan, {
      log: (line, error) => (error ? console.error : console.log)(line),
    });
    closeOnSignals(app.log, async () => {
      await running.stop();
      await app.close();
      await database.close();
    });
    const names = plan.stations.map((station) => `${station.identity} ${station.name}`).join(', ');
    console.log(`\nBack office: ${browserUrl(config)}  (database: ${database.kind}); sign in as ${account}.`);
    console.log(
      `Live: ${running.online()} of ${plan.stations.length} stations online and charging ${plan.idTags.length} demo drivers' cards in turn (${names}).`,
    );
    if (!plan.idTags.length)
      console.error('No demo driver has money and an unblocked card: the stations only stay online.');
    console.log('Ctrl+C ends the sessions and stops the server.\n');
    return 0;
  } finally {
    if (!serving) await database.close();
  }
}

const args = process.argv.slice(2);
if (args.some((arg) => arg !== '--no-live')) {
  console.error(USAGE);
  process.exit(2);
}
try {
  process.exitCode = await run(!args.includes('--no-live'));
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Cannot run the demo: ${error.message}`);
  process.exit(1);
}
