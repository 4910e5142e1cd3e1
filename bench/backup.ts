/**
 * Backups of the embedded database (issue 34): `npm run backup` against a running server (main.ts
 * in a process of its own, on PGlite) and `npm run restore` into an empty folder, each as the
 * operator runs it (a process of its own), for two networks: the demo's (FULL_DEMO, filled through
 * the services, its live stations charging during the backup) and 1,000,000 charges
 * (support/charges-data.ts: 50,000 drivers, 10,000 stations, the ledger). Prints for each the
 * data folder's size, the backup's time and archive size, the slowest GET /api/v1/ready answered
 * while it ran (it asks the database, which waits while its folder is copied) and the restore's
 * time. The aim: the demo's backup under 10 s.
 * Run: npm run bench:backup   (CHARGES= for the second network; NETWORKS=demo or NETWORKS=charges for one)
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { openPglite, queryRows, type Database } from '../apps/server/src/db/client.ts';
import { demoDeps, fillDemo, FULL_DEMO } from '../apps/server/src/demo/demo-fill.ts';
import { prepareLive, startLive, type LivePlan } from '../apps/server/src/demo/demo-live.ts';
import { runBackupScript } from '../apps/server/src/test/backup-scripts.ts';
import { freePort, startServerProcess } from '../apps/server/src/test/server-process.ts';
import { addBenchManager } from './support/api-app.ts';
import { seedCharges } from './support/charges-data.ts';

const CHARGES = Number(process.env.CHARGES ?? 1_000_000);
const NETWORKS = (process.env.NETWORKS ?? 'demo,charges').split(',');
const AIM_S = 10;
const log = { warn: () => undefined } as unknown as FastifyBaseLogger;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The data folder's bytes: its database and media (not `control/`, where the server removes the backup's copy). */
async function folderBytes(folder: string): Promise<number> {
  let total = 0;
  for (const part of ['pg', 'uploads'].map((name) => path.join(folder, name)))
    for (const entry of await readdir(part, { recursive: true, withFileTypes: true }).catch(() => []))
      if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  return total;
}

/** `script` of apps/server/src/backup as `npm run` runs it; its time, or a throw with its output. */
async function timed(
  script: 'backup-cli.ts' | 'restore-cli.ts',
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<number> {
  const started = performance.now();
  const { code, output } = await runBackupScript(script, args, env);
  if (code !== 0) throw new Error(`${script} exited with ${String(code)}:\n${output}`);
  return performance.now() - started;
}

/** What the server logged the dump took (backup-socket.ts). */
const logged = (output: string, field: string) => new RegExp(`"${field}":(\\d+)`).exec(output)?.[1] ?? '?';

/** The slowest readiness answer (it asks the database) while `work` runs, asked one after another. */
async function slowestReady(host: string, work: Promise<number>): Promise<[number, number]> {
  let done = false;
  let slowest = 0;
  const asking = (async () => {
    while (!done) {
      const started = performance.now();
      // A refused or reset request counts as slow as its wait; the bench goes on to report it.
      await fetch(`http://${host}/api/v1/ready`)
        .then((response) => response.arrayBuffer())
        .catch((error: unknown) => console.log(`  readiness failed: ${String(error)}`));
      slowest = Math.max(slowest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const ms = await work.finally(() => (done = true));
  await asking;
  return [ms, slowest];
}

/** A demo network as `npm run demo` fills it, and the plan of its live stations. */
async function demo(dataDir: string, database: Database): Promise<LivePlan | undefined> {
  const deps = await demoDeps(database.db, dataDir, { managerId: await addBenchManager(database), log });
  await fillDemo(deps, { size: FULL_DEMO, seed: 1 });
  return prepareLive(deps);
}

async function charges(_dataDir: string, database: Database): Promise<undefined> {
  const managerId = await addBenchManager(database);
  await seedCharges(database, { drivers: 50_000, charges: CHARGES, stations: 10_000, merchants: 500 }, managerId);
  return undefined;
}

async function measure(name: string, fill: (dataDir: string, database: Database) => Promise<LivePlan | undefined>) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'evcms-bench-backup-'));
  const [source, restored, archive] = ['source', 'restored', 'backup.tar.gz'].map((name) => path.join(folder, name));
  try {
    const filling = performance.now();
    const database = await openPglite(path.join(source!, 'pg'));
    await database.migrate();
    const plan = await fill(source!, database);
    const [counted] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from charges`);
    await database.close();
    console.log(
      `${name}: ${counted!.n.toLocaleString('en')} charges, filled in ${seconds(performance.now() - filling)}`,
    );

    const port = await freePort();
    const host = `127.0.0.1:${port}`;
    const server = await startServerProcess({
      DATA_DIR: source,
      DATABASE_URL: '',
      PORT: String(port),
      WEB_DIST: path.join(folder, 'no-web'),
      // For its line of the backup: how long the dump held the server.
      LOG_LEVEL: 'info',
    });
    const live = plan && (await startLive(`ws://${host}/ocpp`, plan, { sessionSeconds: 20, meterIntervalSeconds: 2 }));
    try {
      // Let the sessions start, so the backup is taken while they charge.
      if (live) await new Promise((resolve) => setTimeout(resolve, 5_000));
      const [backupMs, slowest] = await slowestReady(host, timed('backup-cli.ts', [archive!], { DATA_DIR: source }));
      console.log(
        `  data folder ${mb(await folderBytes(source!))}; backup ${seconds(backupMs)}` +
          `${live ? ` (${live.online()} stations charging)` : ''}, archive ${mb((await stat(archive!)).size)}; ` +
          `slowest readiness answer during it ${slowest.toFixed(0)} ms; the database held ${logged(server.output(), 'heldMs')} ms ` +
          `of the dump's ${logged(server.output(), 'dumpMs')} ms`,
      );
      if (name === 'demo') console.log(`  aim: under ${AIM_S} s: ${backupMs < AIM_S * 1000 ? 'met' : 'MISSED'}`);
    } finally {
      await live?.stop();
      await server.stop();
    }
    const restoreMs = await timed('restore-cli.ts', [archive!], { DATA_DIR: restored });
    console.log(`  restore ${seconds(restoreMs)} into ${mb(await folderBytes(restored!))}`);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

console.log(`bench:backup, ${new Date().toISOString()}, ${os.cpus().length} cores, Node ${process.version}`);
if (NETWORKS.includes('demo')) await measure('demo', demo);
if (NETWORKS.includes('charges')) await measure(`${CHARGES.toLocaleString('en')} charges`, charges);
