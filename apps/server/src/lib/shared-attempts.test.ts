import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../db/client.ts';
import { openPostgres } from '../db/postgres.ts';
import { createTestDatabase } from '../test/test-db.ts';
import { createSharedAttempts } from './attempts.ts';
import { AppError } from './errors.ts';

/*
 * The sign-in and recovery limits are counted in the database (lib/attempts.ts): processes on one
 * database hold a client to one limit, not one each.
 */

const WINDOW_MS = 15 * 60_000;
let database: Database;
// On PostgreSQL a second pool, as a second process has; PGlite has one process.
let second: Database | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  second = database.url ? await openPostgres(database.url) : undefined;
});
afterAll(async () => {
  await second?.close();
  await database.close();
});

const refusal = async (check: Promise<void>) => {
  try {
    await check;
  } catch (error) {
    return error instanceof AppError ? { status: error.statusCode, params: error.options.params } : error;
  }
  return undefined;
};

describe('attempts counted in the database', () => {
  it('holds two processes to one limit, until the window ends', async () => {
    let now = Date.UTC(2026, 0, 1, 12);
    const one = createSharedAttempts(database.db, WINDOW_MS, () => now);
    const two = createSharedAttempts((second ?? database).db, WINDOW_MS, () => now);
    const limits = [{ key: 'login|10.0.0.1|a@example.com', max: 3 }];
    await one.count(limits);
    await two.count(limits);
    await one.check(limits);
    await two.count(limits);
    expect(await refusal(one.check(limits))).toEqual({ status: 429, params: { minutes: 15 } });
    now += 10 * 60_000;
    expect(await refusal(two.check(limits))).toEqual({ status: 429, params: { minutes: 5 } });
    now += 5 * 60_000;
    expect(await refusal(two.check(limits))).toBeUndefined();
    // A new window starts at one.
    await one.count(limits);
    await one.count(limits);
    expect(await refusal(two.check(limits))).toBeUndefined();
  });

  it('checks and counts every limit of a request, and keeps no address in clear', async () => {
    const attempts = createSharedAttempts(database.db, WINDOW_MS);
    for (let i = 0; i < 3; i += 1)
      await attempts.count([
        { key: `reset|10.0.0.2|someone${i}@example.com`, max: 10 },
        { key: 'reset|10.0.0.2', max: 3 },
      ]);
    const refused = refusal(
      attempts.check([
        { key: 'reset|10.0.0.2|someone9@example.com', max: 10 },
        { key: 'reset|10.0.0.2', max: 3 },
      ]),
    );
    expect(await refused).toMatchObject({ status: 429 });
    const keys = await queryRows<{ key: string }>(database.db, sql`select key from attempt_windows`);
    expect(keys.length).toBeGreaterThan(0);
    for (const { key } of keys) expect(key).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sweeps expired windows as it counts', async () => {
    let now = Date.UTC(2026, 0, 2, 12);
    const attempts = createSharedAttempts(database.db, WINDOW_MS, () => now);
    await attempts.count([{ key: 'confirm|10.0.0.3', max: 20 }]);
    now += WINDOW_MS;
    for (let i = 0; i < 100; i += 1) await attempts.count([{ key: 'confirm|10.0.0.4', max: 1_000 }]);
    const live = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from attempt_windows where ends_at <= ${new Date(now).toISOString()}::timestamptz`,
    );
    expect(live[0]!.n).toBe(0);
  });
});
