import { cp, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { copyLines, copyRows, type CopiedRow } from './copy-rows.ts';
import { migrationsCurrent, migrationsFolder } from './migrations.ts';
import { templateCopy } from './pglite-template.ts';

/** The query surface both engines share; services and repositories only see this. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  /**
   * For writes the next one supersedes (OCPP meter progress, connector statuses, last-seen, the
   * message log): on PostgreSQL their own connections commit without waiting for the WAL to reach
   * the disk (synchronous_commit off), so a crash loses at most the last moment of them, never
   * money or a charge's start or end. The same as `db` on PGlite.
   */
  telemetryDb: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Applies the migrations this build has and the database lacks. When the ledger already holds the
   * last one (every restart), one select says so (db/migrations.ts, the rule `/ready` answers by) and
   * the migrator, which would create its schema and table if missing and find nothing to do, does
   * not run: 0.04-0.05 s of CPU against 0.12 on a busy machine (issue 34).
   */
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** PostgreSQL only: where it is, for connections of their own (the bus's LISTEN). */
  url?: string;
  /** PostgreSQL only: a long read through COPY on a connection of its own (db/copy-rows.ts), for exports. */
  copyRows?: (query: SQL, batchSize: number) => AsyncGenerator<CopiedRow[], void, undefined>;
  /** PostgreSQL only: such reads as their text-format lines, unsplit, several in one snapshot (db/copy-rows.ts). */
  copyLines?: (queries: readonly SQL[]) => AsyncGenerator<[query: number, lines: Buffer], void, undefined>;
  /**
   * PGlite only: the whole cluster as a tarball, for the build's template (gzipped: a fifth of the
   * size, 43 -> 5 MB) and for backups (uncompressed): taken between two transactions, never in the
   * middle of one.
   */
  dumpDataDir?: (compression?: 'none' | 'gzip') => Promise<Blob>;
  /**
   * PGlite in a folder only: copies that folder to `into` (a new folder) between two transactions,
   * by the operating system; what the dump above reads, without its copy of every file in memory.
   */
  copyDataDir?: (into: string) => Promise<void>;
  /**
   * PostgreSQL only: `listener` hears of each idle connection the server ended (a restart, a
   * failover, idle_session_timeout, pg_terminate_backend); the pool has already let it go. The
   * function returned stops the listening.
   */
  onConnectionLost?: (listener: ConnectionLost) => () => void;
  /** PostgreSQL only: each pool's connections (open, idle) and the queries waiting for one, for /metrics. */
  poolStats?: () => PoolStats[];
}

export interface PoolStats {
  /** The pool's application_name. */
  pool: string;
  total: number;
  idle: number;
  waiting: number;
}

/** A pool's connection ended by the server: the pool (its application_name) and the error. */
export type ConnectionLost = (pool: string, error: Error) => void;

// Serialises start-ups of several processes sharing one PostgreSQL, so only one applies migrations.
const MIGRATION_LOCK = 4_242_001;
/** Exports read through COPY at once per process; more wait for a connection. */
const LONG_READS = 3;

const SHARED_BUFFERS = '64MB';

/**
 * PGlite in `dataDir`, or in memory. A `template` (a dump) is loaded into the memory; a data folder
 * with no cluster yet starts from `templateFile`, the build's migrated cluster, when there is one
 * (db/pglite-template.ts).
 */
export async function openPglite(
  dataDir: string | undefined,
  template?: Blob,
  templateFile?: string,
): Promise<Database> {
  const copy = dataDir && !template ? await templateCopy(dataDir, templateFile) : undefined;
  if (dataDir) await mkdir(dataDir, { recursive: true });
  // pg_trgm backs the "contains" searches of lists with trigram indexes (migration 0003).
  const client = await PGlite.create({
    ...(dataDir && { dataDir }),
    ...(template && { loadDataDir: template }),
    extensions: { pg_trgm },
    // PostgreSQL's shared memory is zeroed at every open, page by page, slow on a virtual machine;
    // half PGlite's default still holds bench:charges' lists as fast (docs/performance.md, issue 34).
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
  });
  await copy?.loaded();
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    telemetryDb: db,
    kind: 'pglite',
    async migrate() {
      if (!(await migrationsCurrent(db))) await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    ping: () => ping(db),
    close: () => client.close(),
    // PGlite's own dump waits only for the statement under way; a transaction's statements come one
    // by one, so waiting for the transaction too keeps a half-done one out of the copy.
    dumpDataDir: (compression = 'none') => client._runExclusiveTransaction(() => client.dumpDataDir(compression)),
    // Between statements too (PGlite's dump takes the statements' turn the same way): nothing writes meanwhile.
    ...(dataDir && {
      copyDataDir: (into: string) =>
        client._runExclusiveTransaction(() =>
          client._runExclusiveQuery(async () => {
            const needed = await walNeeded(client);
            const wal = path.join(dataDir, 'pg_wal');
            await cp(dataDir, into, {
              recursive: true,
              errorOnExist: true,
              force: false,
              filter: (file) => path.dirname(file) !== wal || needed(path.basename(file)),
            });
          }),
        ),
    }),
  };
}

const WAL_SEGMENT = /^[0-9A-F]{24}$/;

/**
 * After a checkpoint (every change then in the folder's files), which of `pg_wal`'s files a copy of
 * the folder needs: its segments from the checkpoint's on, up to the one written next, and what is
 * no segment. The rest are earlier segments and ones made ready for reuse, about half of the folder
 * at 1,000,000 charges (docs/performance.md, "Backups"). Asked through the protocol, which takes no
 * lock: the caller holds PGlite's, so no statement writes between this and the copy.
 */
async function walNeeded(client: PGlite): Promise<(name: string) => boolean> {
  const { messages } = await client.execProtocol(
    protocol.serialize.query(`checkpoint; select redo_wal_file, pg_walfile_name(pg_current_wal_insert_lsn() + 1)
      from pg_control_checkpoint()`),
  );
  const row = messages.find((message) => message.name === 'dataRow') as { fields: (string | null)[] } | undefined;
  const [first, last] = row?.fields ?? [];
  if (!first || !last) throw new Error('PGlite did not say where its write-ahead log is');
  return (name) => !WAL_SEGMENT.test(name) || (name >= first && name <= last);
}

/**
 * The server's connections stay open once made. pg-pool closes a connection idle for 10 s by
 * default, and a busy server's load comes in waves: closing one and opening the next (the socket,
 * the start-up, every prepared statement again) held the event loop up to 190 ms at a time
 * (`npm run bench:ocpp` with PROFILE=1 at 2,000 calls/s), the calls of that moment answered late.
 * Idle connections do not keep a script's process alive.
 */
const KEPT = { idleTimeoutMillis: 0, allowExitOnIdle: true };

/**
 * A pool that outlives the server ending its connections. An idle connection's end comes to the
 * pool as 'error' after pg-pool has dropped it (the next query opens another); unheard, that
 * event would end the process. A connection handed out (a transaction, a COPY) fails the
 * statements on it, and its own 'error' event (unheard, as fatal) is heard here: it goes back to
 * the pool as broken at once, its holder's own release then doing nothing. Its holder might never
 * give it back: drizzle's transaction does not when its BEGIN fails, and ten such leaks held the
 * whole pool for ever. A new connection prepares its statements anew (node-postgres keeps them
 * per connection).
 */
export function survivingPool(config: pg.PoolConfig & { application_name: string }, lost: ConnectionLost): pg.Pool {
  const pool = new pg.Pool(config);
  const handedOut = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => handedOut.add(client));
  pool.on('release', (_error, client) => handedOut.delete(client));
  pool.on('error', (error) => lost(config.application_name, error));
  pool.on('connect', (client) => {
    const held = client as pg.PoolClient;
    held.on('error', (error) => {
      // An idle one is the pool's own listener's (above).
      if (!handedOut.has(held)) return;
      const release = held.release;
      held.release = () => undefined;
      release(error);
      lost(config.application_name, error);
    });
  });
  return pool;
}

export async function openPostgres(url: string): Promise<Database> {
  const listeners = new Set<ConnectionLost>();
  const lost: ConnectionLost = (pool, error) => {
    for (const listener of listeners) listener(pool, error);
  };
  // Each pool names its connections, so pg_stat_activity tells them apart.
  const pool = survivingPool({ connectionString: url, max: 10, ...KEPT, application_name: 'evcms' }, lost);
  // Long reads (exports through COPY) get connections of their own: an export also reads drivers
  // through `pool` as it goes, so exports holding all of `pool` would wait on each other for ever.
  // DateStyle ISO for the csv cells PostgreSQL writes itself (lib/exports/csv-sql.ts), whatever the server's default.
  const longReads = survivingPool(
    {
      connectionString: url,
      max: LONG_READS,
      options: '-c DateStyle=ISO,MDY -c max_parallel_workers_per_gather=0 -c jit=off',
      application_name: 'evcms-long-reads',
    },
    lost,
  );
  // Telemetry (what the next report supersedes: meter progress, statuses, last-seen, the log)
  // commits without waiting for the disk, and its prepared statements keep their generic plans:
  // by default PostgreSQL re-planned the batched meter update on most calls (its custom plan
  // looked cheaper), which cost more than running it (lib/prepared.ts). They find rows by key, so
  // no sequential scans: a generic plan made while a table was empty (a new network's first
  // minutes) kept scanning the whole table, for each connector, as it filled, until an ANALYZE.
  const telemetry = survivingPool(
    {
      connectionString: url,
      max: 10,
      ...KEPT,
      options: '-c synchronous_commit=off -c plan_cache_mode=force_generic_plan -c enable_seqscan=off',
      application_name: 'evcms-telemetry',
    },
    lost,
  );
  const db = drizzlePg(pool) as unknown as Db;
  return {
    db,
    telemetryDb: drizzlePg(telemetry) as unknown as Db,
    kind: 'postgres',
    url,
    copyRows: (query, batchSize) => copyRows(longReads, query, batchSize),
    copyLines: (queries) => copyLines(longReads, queries),
    async migrate() {
      if (await migrationsCurrent(db)) return;
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        client.release();
      }
    },
    ping: () => ping(db),
    close: async () => {
      await Promise.all([pool.end(), longReads.end(), telemetry.end()]);
    },
    onConnectionLost(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    poolStats: () =>
      (
        [
          ['evcms', pool],
          ['evcms-long-reads', longReads],
          ['evcms-telemetry', telemetry],
        ] as const
      ).map(([name, each]) => ({
        pool: name,
        total: each.totalCount,
        idle: each.idleCount,
        waiting: each.waitingCount,
      })),
  };
}

export function openDatabase(options: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(path.join(options.dataDir, 'pg'));
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`, which the shared type leaves unknown. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
