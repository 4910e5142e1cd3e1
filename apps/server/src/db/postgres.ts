import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { ping, type ConnectionLost, type Database, type Db } from './client.ts';
import { copyLines, copyRows } from './copy-rows.ts';
import { migrationsCurrent, migrationsFolder } from './migrations.ts';

/*
 * The database as a PostgreSQL server (DATABASE_URL): three pools of node-postgres and the
 * migrations under an advisory lock. Its own module so that the embedded database's start loads
 * no PostgreSQL driver (db/client.ts opens the one or the other).
 */

// Serialises start-ups of several processes sharing one PostgreSQL, so only one applies migrations.
const MIGRATION_LOCK = 4_242_001;
/** Exports read through COPY at once per process; more wait for a connection. */
const LONG_READS = 3;

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
