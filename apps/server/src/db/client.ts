import { cp, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { CopiedRow } from './copied-text.ts';
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

/** PostgreSQL's driver is loaded only to use it: with the embedded database a start is 0.05 s shorter without it. */
export async function openDatabase(options: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  if (!options.databaseUrl) return openPglite(path.join(options.dataDir, 'pg'));
  const { openPostgres } = await import('./postgres.ts');
  return openPostgres(options.databaseUrl);
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
