import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { queryRows, type Db } from './client.ts';
import { openPostgres, survivingPool } from './postgres.ts';

/* The database handles of a PostgreSQL server (the embedded database has one connection for everything). */

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('openPostgres', () => {
  it('commits telemetry without waiting for the disk, everything else with', async () => {
    const database = await openPostgres(url!);
    try {
      const setting = async (db: typeof database.db) =>
        (await queryRows<{ value: string }>(db, sql`select current_setting('synchronous_commit') as "value"`))[0]
          ?.value;
      expect(await setting(database.telemetryDb)).toBe('off');
      expect(await setting(database.db)).toBe('on');
    } finally {
      await database.close();
    }
  });

  it('plans telemetry statements by key: no sequential scan, even of a table analysed while empty', async () => {
    const database = await openPostgres(url!);
    try {
      const plan = await database.telemetryDb.transaction(async (tx) => {
        await tx.execute(sql`create temp table readings (id int primary key, meter bigint) on commit drop`);
        await tx.execute(sql`analyze readings`);
        // The generic plan is made at the first execution, while the table is empty, and kept.
        await tx.execute(sql`prepare advance(int[]) as update readings set meter = meter + 1 where id = any($1)`);
        await tx.execute(sql`execute advance('{1}')`);
        await tx.execute(sql`insert into readings select i, i from generate_series(1, 5000) i`);
        const rows = await queryRows<{ 'QUERY PLAN': string }>(tx, sql`explain execute advance('{1,2,3}')`);
        await tx.execute(sql`deallocate advance`);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain('readings_pkey');
      expect(plan).not.toContain('Seq Scan');
    } finally {
      await database.close();
    }
  });

  it('outlives the server ending its connections: an idle one is replaced, one in use fails only its own statements', async () => {
    const database = await openPostgres(url!);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const lost: string[] = [];
    database.onConnectionLost!((pool) => lost.push(pool));
    const pid = async (db: Db) => (await queryRows<{ pid: number }>(db, sql`select pg_backend_pid() as "pid"`))[0]!.pid;
    const terminate = (backend: number) => admin.query('select pg_terminate_backend($1)', [backend]);
    try {
      // Idle in its pool (each pool holds one connection here): the pool hears of it and opens another.
      const [idle, idleTelemetry] = [await pid(database.db), await pid(database.telemetryDb)];
      await Promise.all([terminate(idle), terminate(idleTelemetry)]);
      await vi.waitFor(() => expect(lost.sort()).toEqual(['evcms', 'evcms-telemetry']));
      expect([await pid(database.db), await pid(database.telemetryDb)]).not.toContain(idle);

      // Held by a transaction, between two of its statements: the transaction fails, nothing else.
      await expect(
        database.db.transaction(async (tx) => {
          await terminate(await pid(tx));
          await tx.execute(sql`select 1`);
        }),
      ).rejects.toThrow();

      // Running a statement: that statement fails.
      const marker = randomUUID();
      // Its failure may come before the terminating statement's answer: caught at once.
      const sleeping = queryRows(database.db, sql.raw(`select pg_sleep(30) /* ${marker} */`)).then(
        () => 'slept',
        (error: Error) => error.cause,
      );
      const running = async () =>
        (
          await admin.query<{ pid: number }>(
            'select pid from pg_stat_activity where query like $1 and pid <> pg_backend_pid()',
            [`%${marker}%`],
          )
        ).rows;
      await vi.waitFor(async () => expect(await running()).toHaveLength(1));
      await terminate((await running())[0]!.pid);
      expect(await sleeping).toMatchObject({ code: '57P01' });

      expect(await database.ping()).toBe(true);
      expect(await queryRows(database.telemetryDb, sql`select 1 as "one"`)).toEqual([{ one: 1 }]);
    } finally {
      await admin.end();
      await database.close();
    }
  });

  it('takes back a connection the server ended while it was handed out, though its holder never gives it back (drizzle, when BEGIN fails)', async () => {
    const lost: string[] = [];
    const pool = survivingPool({ connectionString: url, max: 1, application_name: 'evcms-test' }, (name) =>
      lost.push(name),
    );
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const held = await pool.connect();
      const { pid } = (await held.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!;
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await vi.waitFor(() => expect(lost).toEqual(['evcms-test']));
      // The pool's one connection is free again: the next statement opens another instead of waiting for ever.
      expect((await pool.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid).not.toBe(pid);
      held.release();
      expect(pool.totalCount).toBe(1);
    } finally {
      await admin.end();
      await pool.end();
    }
  });
});
