/**
 * Runs a benchmark on each database engine: PGlite in a temporary folder, then, when
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a PostgreSQL server, a fresh database created
 * there. Both are removed at the end.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite, type Database } from '../../apps/server/src/db/client.ts';
import { openDatabase } from '../../apps/server/src/db/open-database.ts';
import { openPostgres } from '../../apps/server/src/db/postgres.ts';
import { randomToken } from '../../apps/server/src/lib/secrets.ts';

export type Measure = (engine: string, database: Database, dataDir: string) => Promise<void>;

/**
 * A fresh PGlite database in a temporary folder for `measure`, removed at the end: on a thread of
 * its own, as the server runs it (db/open-database.ts), or with BENCH_PGLITE=process in the
 * benchmark's thread, as the tests and tools open it.
 */
export async function onPglite(name: string, measure: Measure) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `evcms-bench-${name}-`));
  try {
    const inProcess = process.env.BENCH_PGLITE === 'process';
    const database = inProcess
      ? await openPglite(path.join(dataDir, 'pg'))
      : await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      await measure(inProcess ? 'PGlite (in the process)' : 'PGlite (on its thread)', database, dataDir);
    } finally {
      await database.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * A fresh database on the PostgreSQL server of `serverUrl` for `use` (its URL and a temporary
 * folder), dropped at the end however `use` ends. A benchmark that opens and closes its own
 * connections as it goes (the soak, whose connections a fault terminates) takes this alone.
 */
export async function withFreshPostgres(
  name: string,
  serverUrl: string,
  use: (url: string, dataDir: string) => Promise<void>,
): Promise<void> {
  const dbName = `evcms_bench_${randomToken(6)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      // The pool's sockets may still be closing; a forced drop then kills them with an uncaught error.
      for (let i = 0; statement.startsWith('DROP') && i < 50; i += 1) {
        const { rows } = await client.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
          [dbName],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `evcms-bench-${name}-`));
  await admin(`CREATE DATABASE ${dbName}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${dbName}`;
    await use(url.toString(), dataDir);
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await rm(dataDir, { recursive: true, force: true });
  }
}

function onPostgres(name: string, serverUrl: string, measure: Measure) {
  return withFreshPostgres(name, serverUrl, async (url, dataDir) => {
    const database = await openPostgres(url);
    try {
      await measure(`PostgreSQL (${new URL(url).host})`, database, dataDir);
    } finally {
      await database.close();
    }
  });
}

/** BENCH_ENGINE=pglite or BENCH_ENGINE=postgres measures that engine only. */
export async function onEachEngine(name: string, measure: Measure): Promise<void> {
  const only = process.env.BENCH_ENGINE;
  if (only !== 'postgres') await onPglite(name, measure);
  if (only === 'pglite') return;
  const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (serverUrl) await onPostgres(name, serverUrl, measure);
  else console.log('\n(set BENCH_DATABASE_URL to a PostgreSQL server to measure it too)');
}

/** For a benchmark whose processes share the database: a fresh database on the PostgreSQL server of BENCH_DATABASE_URL (or TEST_DATABASE_URL). */
export async function onPostgresOnly(name: string, measure: Measure): Promise<void> {
  await onPostgres(name, postgresServerUrl(), measure);
}

/**
 * A database named `dbName` on the PostgreSQL server of BENCH_DATABASE_URL, created when missing
 * and kept afterwards, so a long seeding (10,000,000 charges) can be reused across runs while a
 * query is tuned. `measure` sees whether it was there before.
 */
export async function onKeptPostgres(
  dbName: string,
  measure: (engine: string, database: Database, dataDir: string, existed: boolean) => Promise<void>,
): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) throw new Error(`not a plain database name: ${dbName}`);
  const serverUrl = postgresServerUrl();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  let existed: boolean;
  try {
    const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]);
    existed = rows.length > 0;
    if (!existed) await admin.query(`CREATE DATABASE ${dbName}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `evcms-bench-${dbName}-`));
  const database = await openPostgres(url.toString());
  try {
    await measure(`PostgreSQL (${url.host}, kept database ${dbName})`, database, dataDir, existed);
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The PostgreSQL server of BENCH_DATABASE_URL (or TEST_DATABASE_URL), for a benchmark that needs one. */
export function postgresServerUrl(): string {
  const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!serverUrl)
    throw new Error(
      'This benchmark needs PostgreSQL: set BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres)',
    );
  return serverUrl;
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** p50/p95/max of `n` GETs after `warmUp` unmeasured ones; any answer but 200 stops the bench. */
export async function timeRequests(
  send: (i: number) => Promise<{ statusCode: number; body: string }>,
  { n, warmUp }: { n: number; warmUp: number },
): Promise<{ p50: number; p95: number; max: number }> {
  const timings: number[] = [];
  for (let i = 0; i < warmUp + n; i += 1) {
    const started = performance.now();
    const response = await send(i);
    const elapsed = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`request ${i}: ${response.statusCode} ${response.body}`);
    if (i >= warmUp) timings.push(elapsed);
  }
  timings.sort((a, b) => a - b);
  return { p50: percentile(timings, 50), p95: percentile(timings, 95), max: timings[timings.length - 1]! };
}
