import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { randomToken } from '../lib/secrets.ts';
import { openPglite, type Database } from '../db/client.ts';
import { openPostgres } from '../db/postgres.ts';

/**
 * A migrated, empty database for one test file: PGlite in memory by default; with
 * TEST_DATABASE_URL, a fresh database created on that server and dropped on close.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = inject('pgliteTemplate');
    const database = await openPglite(undefined, template ? new Blob([await readFile(template)]) : undefined);
    await database.migrate();
    return database;
  }
  const name = `evcms_test_${randomToken(6)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      // pool.end() resolves before its sockets have closed; forcing the drop while a backend is
      // still leaving makes that client emit an uncaught FATAL 57P01. Wait for them first (briefly).
      for (let i = 0; i < 50; i += 1) {
        const { rows } = await dropper.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [
          name,
        ]);
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
