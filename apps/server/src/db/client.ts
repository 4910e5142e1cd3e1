import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { CopiedRow } from './copied-text.ts';
import { migrationsCurrent, migrationsFolder } from './migrations.ts';
import { openPgliteClient } from './pglite-open.ts';
import type { PgliteThread } from './pglite-threaded.ts';

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
   * `listener` hears of each idle PostgreSQL connection the server ended (a restart, a failover,
   * idle_session_timeout, pg_terminate_backend), which the pool has already let go, or of the end
   * of the embedded database's thread, which the next statement opens again (db/pglite-threaded.ts).
   * The function returned stops the listening.
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

/**
 * PGlite in `dataDir`, or in memory, in this thread (tests, tools). A `template` (a dump) is loaded
 * into the memory; a data folder with no cluster yet starts from `templateFile`, the build's
 * migrated cluster, when there is one (db/pglite-template.ts).
 */
export async function openPglite(
  dataDir: string | undefined,
  template?: Blob,
  templateFile?: string,
): Promise<Database> {
  const opened = await openPgliteClient(dataDir, template, templateFile);
  return pgliteDatabase(opened.client, {
    close: () => opened.client.close(),
    dumpDataDir: opened.dumpDataDir,
    copyDataDir: opened.copyDataDir,
  });
}

/**
 * The server's PGlite on its thread (db/open-database.ts starts it): statements wait for it to
 * open, and fail as it failed; each runs beside the main thread's work.
 */
export function threadedPglite(thread: PgliteThread): Database {
  return pgliteDatabase(thread as unknown as PGlite, {
    close: () => thread.close(),
    dumpDataDir: async (compression = 'none') =>
      new Blob([await thread.call<ArrayBuffer>({ op: 'dump', compression })]),
    copyDataDir: (into) => thread.call({ op: 'copy', into }),
    onConnectionLost: (listener) => thread.onLost(listener),
  });
}

type PgliteExtras = Pick<Database, 'close' | 'dumpDataDir' | 'copyDataDir' | 'onConnectionLost'>;

function pgliteDatabase(client: PGlite, extras: PgliteExtras): Database {
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    telemetryDb: db,
    kind: 'pglite',
    async migrate() {
      if (!(await migrationsCurrent(db))) await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    ping: () => ping(db),
    ...extras,
  };
}

export async function ping(db: Db): Promise<boolean> {
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
