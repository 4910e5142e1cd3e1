import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../db/client.ts';
import { createMediaStore } from '../lib/uploads.ts';
import { aManager } from '../test/builders/accounts.ts';
import { createTestDatabase } from '../test/test-db.ts';
import { fillDemo } from './demo-fill.ts';

/* The demo's invitations: linked when the invited drivers registered, rewarded by their history's charges. */

let database: Database;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'evcms-demo-referrals-'));
  const manager = await aManager(database);
  const uploadsDir = path.join(dataDir, 'uploads');
  const deps = {
    db: database.db,
    media: createMediaStore(uploadsDir),
    log: { warn: () => undefined } as unknown as FastifyBaseLogger,
    passwordKey: 'demo-test-key-demo-test-key-demo-test',
    uploadsDir,
    managerId: manager.id,
  };
  const size = { merchants: 2, stations: 4, drivers: 40, days: 6, chargesPerDay: 20 };
  await fillDemo(deps, { size, seed: 5, now: new Date('2026-03-10T12:00:00Z') });
}, 120_000);

afterAll(async () => {
  await database?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("the demo's referrals", () => {
  it('links invited drivers after their inviters, dated at registration, and pays each rewarded one once', async () => {
    const rows = await queryRows<{ late: boolean; dated: boolean; rewarded: boolean; entries: number; paid: boolean }>(
      database.db,
      sql`select inviter.registered_at > invited.registered_at as late,
                 r.linked_at = invited.registered_at as dated,
                 r.rewarded_at is not null as rewarded,
                 (select count(*)::int from balance_entries e
                   where e.id in (r.inviter_entry_id, r.invited_entry_id) and e.method = 'referral') as entries,
                 (r.inviter_bonus_tyiyn = 5000 and r.invited_bonus_tyiyn = 3000) as paid
          from referrals r
          join drivers inviter on inviter.id = r.inviter_driver_id
          join drivers invited on invited.id = r.invited_driver_id`,
    );
    expect(rows.length).toBeGreaterThan(2);
    expect(rows.filter((row) => row.late || !row.dated)).toEqual([]);
    const rewarded = rows.filter((row) => row.rewarded);
    expect(rewarded.length).toBeGreaterThan(0);
    expect(rewarded.every((row) => row.entries === 2 && row.paid)).toBe(true);
    const [ledger] = await queryRows<{ entries: number }>(
      database.db,
      sql`select count(*)::int as entries from balance_entries where method = 'referral'`,
    );
    expect(ledger!.entries).toBe(rewarded.length * 2);
  });
});
