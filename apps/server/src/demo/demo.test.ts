import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database, type Db } from '../db/client.ts';
import { createMediaStore } from '../lib/uploads.ts';
import { energyCostTyiyn } from '../modules/charges/charges.rules.ts';
import { aManager } from '../test/builders/accounts.ts';
import { createTestDatabase } from '../test/test-db.ts';
import { existingData, fillDemo, type DemoDeps, type DemoSize, type DemoSummary } from './demo-fill.ts';

/*
 * The demo network, small, on the test database: what it creates, that it went through the rules
 * (every balance is the sum of its ledger, every price was fixed at the start and paid as charged),
 * that a second run adds nothing, and that a seed gives the same network twice.
 */

const SMALL: DemoSize = { merchants: 3, stations: 6, drivers: 25, days: 8, chargesPerDay: 14 };
const NOW = new Date('2026-03-10T12:00:00Z');
const log = { warn: () => undefined } as unknown as FastifyBaseLogger;

// No app: the demo works on the database and the media store, as `npm run demo` does.
let database: Database;
let dataDir: string;
let deps: DemoDeps;
let summary: DemoSummary;

async function depsFor(db: Db, dataDir: string, managerId: number): Promise<DemoDeps> {
  const uploadsDir = path.join(dataDir, 'uploads');
  return {
    db,
    media: createMediaStore(uploadsDir),
    log,
    passwordKey: 'demo-test-key-demo-test-key-demo-test',
    uploadsDir,
    managerId,
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'evcms-demo-'));
  const manager = await aManager(database);
  deps = await depsFor(database.db, dataDir, manager.id);
  summary = await fillDemo(deps, { size: SMALL, seed: 7, now: NOW });
});

afterAll(async () => {
  await database?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const count = async (table: string) =>
  (await queryRows<{ n: number }>(deps.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;

describe('the demo network', () => {
  it('holds the merchants, stations, drivers and charges it reports', async () => {
    expect(summary).toMatchObject({ merchants: 3, stations: 6, drivers: 25 });
    expect(await count('merchants')).toBe(3);
    expect(await count('stations')).toBe(6);
    expect(await count('station_connectors')).toBe(summary.connectors);
    expect(await count('drivers')).toBe(25);
    expect(await count('charges')).toBe(Object.values(summary.charges).reduce((sum, n) => sum + n, 0));
    expect(await count('charges')).toBeGreaterThan(60);
  });

  it('has banners and fullscreens, current and archived, each with its image', async () => {
    expect(summary.banners).toBe(await count('banners'));
    // The test's demo is dated in the past, so here every one has ended; today's demo has four current.
    const [made] = await queryRows<{ banners: number; fullscreens: number; archived: number }>(
      deps.db,
      sql`select count(*) filter (where type = 'banner')::int as banners,
        count(*) filter (where type = 'fullscreen')::int as fullscreens,
        count(*) filter (where status = 1 or end_at <= now())::int as archived from banners`,
    );
    expect(made).toEqual({ banners: 3, fullscreens: 3, archived: 6 });
    expect((await readdir(path.join(deps.uploadsDir, 'banner-images'))).length).toBe(summary.banners);
  });

  it('has promo codes and software rental partners operating its merchants', async () => {
    expect(summary.marketing).toEqual({ promoCodes: 13, redemptions: 0, partners: 2 });
    expect(await count('promo_codes')).toBe(13);
    expect(await count('partners')).toBe(2);
    expect(await count('partner_merchants')).toBe(3);
  });

  it('has promotions made before the history, whose discounts its charges got through the price rule', async () => {
    expect(summary.promotions).toBe(await count('promotions'));
    expect(summary.promotions).toBeGreaterThanOrEqual(4);
    const [discounted] = await queryRows<{ n: number; wrong: number }>(
      deps.db,
      sql`select count(*)::int as n, count(*) filter (where c.started_at < p.start_at or c.started_at >= p.end_at)::int as wrong
        from charges c join promotions p on p.id = c.promotion_id where c.discount_tyiyn > 0`,
    );
    expect(discounted!.n).toBeGreaterThan(0);
    expect(discounted!.wrong).toBe(0);
    expect((await readdir(path.join(deps.uploadsDir, 'promotion-images'))).length).toBe(summary.promotions);
  });

  it('gives every station a photo in the media store', async () => {
    const photos = await queryRows<{ path: string }>(
      deps.db,
      sql`select distinct on (station_id) path from station_media order by station_id, id`,
    );
    expect(photos).toHaveLength(6);
    const stored = await readdir(path.join(deps.uploadsDir, 'station-photos'));
    for (const photo of photos) expect(stored).toContain(path.basename(photo.path));
  });

  it('keeps every balance equal to the sum of its ledger entries', async () => {
    const drivers = await queryRows<{ balance: number; sum: number; entries: number }>(
      deps.db,
      sql`select d.balance_tyiyn::int as balance, coalesce(sum(e.credit_tyiyn - e.debit_tyiyn), 0)::int as sum, count(e.id)::int as entries
          from drivers d left join balance_entries e on e.driver_id = d.id group by d.id`,
    );
    expect(drivers).toHaveLength(25);
    for (const driver of drivers) {
      expect(driver.balance).toBe(driver.sum);
      expect(driver.entries).toBeGreaterThan(0);
    }
  });

  it('has charges in several statuses, some running now', async () => {
    const rows = await queryRows<{ status: string }>(deps.db, sql`select distinct status from charges`);
    const statuses = rows.map((row) => row.status);
    expect(statuses).toEqual(expect.arrayContaining(['finished', 'in_progress', 'canceled', 'unauthorized']));
    expect(statuses.length).toBeGreaterThanOrEqual(5);
  });

  it('fixed each started charge’s price at its start and debited what it cost', async () => {
    const charges = await queryRows<{
      id: number;
      status: string;
      price: number | null;
      source: string | null;
      consumed: number;
      amount: number;
      total: number;
      debit: number | null;
    }>(
      deps.db,
      sql`select c.id, c.status, c.price_tyiyn as price, c.price_source as source, c.consumed_wh::int as consumed, c.amount_tyiyn::int as amount,
                 c.total_tyiyn::int as total, e.debit_tyiyn::int as debit
          from charges c left join balance_entries e on e.charge_id = c.id and e.method = 'charge'
          where c.status in ('finished', 'stopped', 'in_progress', 'pause', 'not_completed')`,
    );
    expect(charges.length).toBeGreaterThan(50);
    for (const charge of charges) {
      expect(charge.price).not.toBeNull();
      expect(charge.source).not.toBeNull();
      expect(charge.amount).toBe(energyCostTyiyn(charge.consumed, charge.price!));
      if (charge.status === 'finished' || charge.status === 'stopped') expect(charge.debit ?? 0).toBe(charge.total);
      else expect(charge.debit).toBeNull();
    }
  });

  it('counted its completed charges in the dashboard’s read model as they settled', async () => {
    const [counted] = await queryRows<{ hours: number; charges: number; turnover: number }>(
      deps.db,
      sql`select count(*)::int as hours, coalesce(sum(charges), 0)::int as charges, coalesce(sum(turnover_tyiyn), 0)::int as turnover
          from analytics_hours`,
    );
    const [direct] = await queryRows<{ charges: number; turnover: number }>(
      deps.db,
      sql`select count(*)::int as charges, coalesce(sum(total_tyiyn), 0)::int as turnover from charges
          where status in ('finished', 'stopped') and result = 'successful'`,
    );
    expect(counted!.hours).toBeGreaterThan(10);
    expect({ charges: counted!.charges, turnover: counted!.turnover }).toEqual(direct);
  });

  it('adds nothing when run again on the same database', async () => {
    expect(await existingData(deps)).toMatchObject({ demo: true, merchants: 3, drivers: 25 });
  });

  it('builds the same network from the same seed', async () => {
    const tiny: DemoSize = { merchants: 2, stations: 3, drivers: 8, days: 3, chargesPerDay: 8 };
    const network = async () => {
      const other = await createTestDatabase();
      try {
        const manager = await aManager(other);
        await fillDemo(await depsFor(other.db, dataDir, manager.id), { size: tiny, seed: 3, now: NOW });
        return {
          charges: await queryRows(
            other.db,
            sql`select status, id_tag, started_at, consumed_wh, total_tyiyn from charges order by id`,
          ),
          ledger: await queryRows(
            other.db,
            sql`select driver_id, created_at, method, credit_tyiyn, debit_tyiyn from balance_entries order by id`,
          ),
        };
      } finally {
        await other.close();
      }
    };
    const first = await network();
    expect(first.charges.length).toBeGreaterThan(5);
    expect(await network()).toEqual(first);
  }, 120_000);
});
