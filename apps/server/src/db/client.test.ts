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
});
