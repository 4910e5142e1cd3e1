import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPostgres, queryRows } from './client.ts';

/* The database handles of a PostgreSQL server (the embedded database has one connection for everything). */

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('openPostgres', () => {
  it('commits telemetry without waiting for the disk, everything else with', async () => {
    const database = await openPostgres(url!);
    try {
      const setting = async (db: typeof database.db) => (await queryRows<{ value: string }>(db, sql`select current_setting('synchronous_commit') as "value"`))[0]?.value;
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
});
