import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { randomToken } from '../lib/secrets.ts';
import { queryRows, type Database } from './client.ts';
import { openPostgres } from './postgres.ts';
import { migrationsCurrent, migrationsFolder } from './migrations.ts';

/*
 * Several processes starting at once against one empty PostgreSQL each migrate it: an advisory
 * lock (db/client.ts) lets one apply the migrations while the others wait, then find nothing to do.
 */

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('migrating one PostgreSQL from two processes at once', () => {
  let name: string | undefined;
  const opened: Database[] = [];

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((database) => database.close()));
    if (!name) return;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    name = undefined;
  });

  async function emptyDatabase(): Promise<string> {
    name = `evcms_test_${randomToken(6)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const database = new URL(url!);
    database.pathname = `/${name}`;
    return database.toString();
  }

  it('both succeed and the schema is made once', async () => {
    const databaseUrl = await emptyDatabase();
    // Two pools, as two processes would have: neither shares a connection with the other.
    const [first, second] = await Promise.all([openPostgres(databaseUrl), openPostgres(databaseUrl)]);
    opened.push(first, second);
    expect(await migrationsCurrent(first.db)).toBe(false);

    const results = await Promise.allSettled([first.migrate(), second.migrate(), first.migrate()]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);

    const recorded = await queryRows<{ hash: string }>(
      first.db,
      sql`select hash from drizzle.__drizzle_migrations order by created_at`,
    );
    expect(recorded.map((row) => row.hash)).toEqual(
      readMigrationFiles({ migrationsFolder }).map((migration) => migration.hash),
    );
    expect(await migrationsCurrent(second.db)).toBe(true);
  });
});
