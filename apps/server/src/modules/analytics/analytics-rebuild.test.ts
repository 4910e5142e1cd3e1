import { readFile } from 'node:fs/promises';
import { asc, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  analyticsHours,
  analyticsMerchantDays,
  analyticsPromotionUserDays,
  analyticsPromotionUserGaps,
  analyticsStationDays,
  analyticsStationMonths,
  analyticsStationYears,
} from '../../db/schema/analytics.ts';
import { queryRows } from '../../db/client.ts';
import { aCharge, aChargePoint } from '../../test/builders/charges.ts';
import { aDriver } from '../../test/builders/drivers.ts';
import { aStoredMerchant } from '../../test/builders/merchants.ts';
import { aPromotionRow } from '../../test/builders/promotions.ts';
import { useTestApp } from '../../test/test-app.ts';
import { registerDiscountFor } from '../charges/charge-discounts.service.ts';
import { completeCharge, markChargeNotCompleted } from '../charges/charge-lifecycle.service.ts';
import { rebuildAnalytics } from './analytics-recount.repository.ts';
import { promotionUsers } from './analytics.repository.ts';
import { bishkekMidnight } from './analytics.rules.ts';

const ctx = useTestApp();

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const readModel = async () => ({
  hours: await ctx.database.db.select().from(analyticsHours).orderBy(asc(analyticsHours.hour)),
  users: await ctx.database.db
    .select()
    .from(analyticsPromotionUserDays)
    .orderBy(asc(analyticsPromotionUserDays.day), asc(analyticsPromotionUserDays.driverId)),
  // Counts that went to 0 as a late day came between two are the same as none.
  gaps: (
    await ctx.database.db
      .select()
      .from(analyticsPromotionUserGaps)
      .orderBy(asc(analyticsPromotionUserGaps.day), asc(analyticsPromotionUserGaps.previous))
  ).filter((row) => row.users !== 0),
  merchantDays: await ctx.database.db
    .select()
    .from(analyticsMerchantDays)
    .orderBy(asc(analyticsMerchantDays.day), asc(analyticsMerchantDays.merchantId)),
  stationDays: await ctx.database.db
    .select()
    .from(analyticsStationDays)
    .orderBy(asc(analyticsStationDays.merchantId), asc(analyticsStationDays.day), asc(analyticsStationDays.stationId)),
  stationMonths: await ctx.database.db
    .select()
    .from(analyticsStationMonths)
    .orderBy(
      asc(analyticsStationMonths.month),
      asc(analyticsStationMonths.merchantId),
      asc(analyticsStationMonths.stationId),
    ),
  stationYears: await ctx.database.db
    .select()
    .from(analyticsStationYears)
    .orderBy(
      asc(analyticsStationYears.year),
      asc(analyticsStationYears.merchantId),
      asc(analyticsStationYears.stationId),
    ),
});

describe('the read model', () => {
  it('equals a recount from the charges after random completions, discounts, late stops and repeated stops', async () => {
    const next = random(20261129);
    const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)]!;
    // Two stations of one merchant, and the promoted one of another.
    const merchantId = await aStoredMerchant(ctx.database);
    const stations = [
      await aChargePoint(ctx.database, { merchantId }),
      await aChargePoint(ctx.database, { merchantId }),
    ];
    const promoted = await aChargePoint(ctx.database);
    const drivers = [];
    for (let i = 0; i < 4; i += 1) drivers.push((await aDriver(ctx.database, { balanceTyiyn: 10_000_000 })).id);
    const promotionId = await aPromotionRow(ctx.database);
    const restore = registerDiscountFor(async (_db, charge) =>
      charge.stationId === promoted.id ? { promotionId, discountTyiyn: Math.min(2_500, charge.amountTyiyn) } : null,
    );
    try {
      // Three days around two Bishkek midnights (18:00 UTC), in quarter hours.
      const base = Date.parse('2024-03-30T12:00:00Z');
      for (let i = 0; i < 60; i += 1) {
        const startedAt = new Date(base + Math.floor(next() * 288) * 900_000);
        const kind = next();
        const station = pick([...stations, promoted]);
        const consumedWh = pick([0, 1_234, 10_000, 55_555]);
        const driverId = pick(drivers);
        if (kind < 0.15) {
          await aCharge(ctx.database, { station, driverId, startedAt, stop: false });
          continue;
        }
        if (kind < 0.35) {
          // Left not completed by a station's reboot; its late stop completes it, and a repeated stop changes nothing.
          const open = await aCharge(ctx.database, { station, driverId, startedAt, stop: false });
          await markChargeNotCompleted(ctx.database.db, open.id);
          const stop = {
            meterStopWh: (open.meterStartWh ?? 0) + consumedWh,
            finishedAt: new Date(startedAt.getTime() + 5_400_000),
          };
          await completeCharge(ctx.database.db, open.id, stop);
          await completeCharge(ctx.database.db, open.id, stop);
          continue;
        }
        await aCharge(ctx.database, {
          station,
          driverId,
          startedAt,
          consumedWh,
          stop: kind < 0.5 ? 'stopped' : 'finished',
        });
      }
    } finally {
      registerDiscountFor(restore);
    }
    const kept = await readModel();
    expect(kept.hours.length).toBeGreaterThan(10);
    expect(kept.users.length).toBeGreaterThan(0);
    expect(kept.stationDays.length).toBeGreaterThan(kept.merchantDays.length);
    // The three days straddle March's end: two months per station.
    expect(new Set(kept.stationMonths.map((row) => row.month))).toEqual(new Set(['2024-03-01', '2024-04-01']));
    expect(kept.stationYears.reduce((sum, row) => sum + row.charges, 0)).toBe(
      kept.stationDays.reduce((sum, row) => sum + row.charges, 0),
    );
    expect(kept.stationDays.flatMap((row) => row.hourCharges).reduce((a, b) => a + b)).toBe(
      kept.stationDays.reduce((sum, row) => sum + row.charges, 0),
    );
    await rebuildAnalytics(ctx.database.db);
    expect(await readModel()).toEqual(kept);
  });

  it('counts every one of many charges completing in the same hour at once', async () => {
    const startedAt = new Date('2023-06-01T03:00:00Z');
    await Promise.all(Array.from({ length: 30 }, () => aCharge(ctx.database, { startedAt })));
    const { hours } = await readModel();
    expect(hours.find((row) => row.hour.toISOString() === '2023-06-01T04:00:00.000Z')).toMatchObject({
      charges: 30,
      energyWh: 300_000,
      turnoverTyiyn: 300_000,
    });
  });

  it("is what migration 0031 counts from the charges already there (the stations' hours of day and months)", async () => {
    const kept = await readModel();
    expect(kept.stationMonths.length).toBeGreaterThan(0);
    const migration = await readFile(new URL('../../../drizzle/0031_heat_map.sql', import.meta.url), 'utf8');
    const statements = migration.split('--> statement-breakpoint');
    const counting = statements.slice(statements.findIndex((statement) => statement.includes('DELETE FROM')));
    expect(counting).toHaveLength(3);
    await ctx.database.db.delete(analyticsStationMonths);
    for (const statement of counting) await ctx.database.db.execute(sql.raw(statement));
    expect(await readModel()).toEqual(kept);
  });

  it('keeps the promotion users right when many complete at once, one user on several days too', async () => {
    const station = await aChargePoint(ctx.database);
    const promotionId = await aPromotionRow(ctx.database);
    const discounting = registerDiscountFor(async (_db, charge) =>
      charge.stationId === station.id ? { promotionId, discountTyiyn: Math.min(1_000, charge.amountTyiyn) } : null,
    );
    try {
      const users = await Promise.all(
        Array.from({ length: 6 }, async () => (await aDriver(ctx.database, { balanceTyiyn: 10_000_000 })).id),
      );
      // Each user on five days in a shuffled order, all at once: new days land before, between and after others.
      const base = Date.parse('2025-01-10T06:00:00Z');
      await Promise.all(
        users.flatMap((driverId, u) =>
          [3, 0, 4, 1, 2].map((day) =>
            aCharge(ctx.database, { station, driverId, startedAt: new Date(base + ((day * 2 + u) % 5) * 86_400_000) }),
          ),
        ),
      );
    } finally {
      registerDiscountFor(discounting);
    }
    const kept = await readModel();
    expect(kept.users.filter((row) => row.day >= '2025-01-10' && row.day <= '2025-01-14')).toHaveLength(30);
    await rebuildAnalytics(ctx.database.db);
    expect(await readModel()).toEqual(kept);
  });

  it('counts each promotion user once from any Bishkek midnight to any hour after it', async () => {
    const brute = async (from: Date, to: Date) => {
      const [row] = await queryRows<{ users: number }>(
        ctx.database.db,
        sql`select count(distinct driver_id)::int as "users" from charges
          where status in ('finished', 'stopped') and result = 'successful' and promotion_id is not null
            and discount_tyiyn > 0 and finished_at >= ${from.toISOString()}::timestamptz
            and finished_at < ${to.toISOString()}::timestamptz`,
      );
      return row!.users;
    };
    let nonZero = 0;
    for (const day of ['2024-03-30', '2024-03-31', '2024-04-01', '2024-04-02']) {
      const from = bishkekMidnight(day);
      for (let hours = 1; hours <= 96; hours += 1) {
        const to = new Date(from.getTime() + hours * 3_600_000);
        const expected = await brute(from, to);
        if (expected > 0) nonZero += 1;
        expect(await promotionUsers(ctx.database.db, from, to), `${day} + ${hours} h`).toBe(expected);
      }
    }
    expect(nonZero).toBeGreaterThan(100);
  });

  it('is what migration 0035 makes of the users kept by day before it', async () => {
    const kept = await readModel();
    const { db } = ctx.database;
    // The table 0035 reads from (dropped by 0036), holding the users' days as it held them.
    await db.execute(sql`create table analytics_promotion_user_periods
      (kind text not null, start date not null, driver_id integer not null, first_at timestamptz not null)`);
    try {
      await db.execute(sql`insert into analytics_promotion_user_periods
        select 'day', day, driver_id, first_at from analytics_promotion_user_days
        union all select 'month', date_trunc('month', day)::date, driver_id, min(first_at)
          from analytics_promotion_user_days group by 2, 3`);
      const migration = await readFile(
        new URL('../../../drizzle/0035_promotion_user_days.sql', import.meta.url),
        'utf8',
      );
      const filling = migration
        .split('--> statement-breakpoint')
        .filter((statement) => statement.includes('INSERT INTO'));
      expect(filling).toHaveLength(2);
      await db.delete(analyticsPromotionUserGaps);
      await db.delete(analyticsPromotionUserDays);
      for (const statement of filling) await db.execute(sql.raw(statement));
      expect(await readModel()).toEqual(kept);
    } finally {
      await db.execute(sql`drop table analytics_promotion_user_periods`);
    }
  });

  it("is what migration 0034 adds up from the stations' months (their years)", async () => {
    const kept = await readModel();
    expect(kept.stationYears.length).toBeGreaterThan(0);
    const migration = await readFile(new URL('../../../drizzle/0034_station_years.sql', import.meta.url), 'utf8');
    const adding = migration.split('--> statement-breakpoint').filter((statement) => statement.includes('INSERT INTO'));
    expect(adding).toHaveLength(1);
    await ctx.database.db.delete(analyticsStationYears);
    await ctx.database.db.execute(sql.raw(adding[0]!));
    expect(await readModel()).toEqual(kept);
  });
});
