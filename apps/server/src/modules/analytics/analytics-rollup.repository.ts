import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ANALYTICS_PERIODS } from '@evcms/contracts/analytics';
import { localDate, TIME_ZONE } from '@evcms/contracts/dates';
import type { Db } from '../../db/client.ts';
import {
  analyticsHours,
  analyticsMerchantDays,
  analyticsPromotionUsers,
  analyticsStationDays,
} from '../../db/schema/analytics.ts';
import { charges } from '../../db/schema/charges.ts';
import type { SettledCharge } from '../charges/charge-paid.service.ts';
import { calendarStarts } from './analytics.rules.ts';

/*
 * Writing the read model (db/schema/analytics.ts). A charge counts when it completed successfully
 * (finished or stopped, energy delivered: the partners report's rule), in the hour it completed
 * in; a discount makes its driver a promotion user of that Bishkek day. `counted` below is the
 * same rule in SQL, for the rebuild, so the two cannot drift apart unnoticed: the rebuild test
 * compares them.
 */

/** Whether a settled charge counts on the dashboard. */
export const counts = (charge: Pick<SettledCharge, 'status' | 'result'>) =>
  (charge.status === 'finished' || charge.status === 'stopped') && charge.result === 'successful';

const usedPromotion = (charge: Pick<SettledCharge, 'promotionId' | 'discountTyiyn'>) =>
  charge.promotionId !== null && charge.discountTyiyn > 0;

const HOUR = 3_600_000;

/** `column + excluded.column` for each figure: an upsert's sum. */
function addedUp<T extends Record<string, AnyPgColumn>>(columns: T): Record<keyof T, SQL> {
  return Object.fromEntries(
    Object.entries(columns).map(([key, column]) => [key, sql`${column} + excluded.${sql.identifier(column.name)}`]),
  ) as Record<keyof T, SQL>;
}

/**
 * Adds a settled charge to its station's and merchant's day and to its hour, in the settling
 * transaction. The rows are shared by the charges completing at once (the hour's by all of them),
 * so they are taken in one order, the hour's last (held the shortest), after the charge's own row
 * and the day counts its trigger takes: settlements queue on them and never deadlock.
 */
export async function addSettledCharge(tx: Db, charge: SettledCharge): Promise<void> {
  if (!counts(charge)) return;
  const figures = { charges: 1, energyWh: charge.consumedWh, turnoverTyiyn: charge.totalTyiyn };
  const day = localDate(charge.finishedAt);
  const merchantId = charge.merchantId ?? 0;
  const s = analyticsStationDays;
  await tx
    .insert(s)
    .values({ merchantId, day, stationId: charge.stationId ?? 0, ...figures })
    .onConflictDoUpdate({
      target: [s.merchantId, s.day, s.stationId],
      set: addedUp({ charges: s.charges, energyWh: s.energyWh, turnoverTyiyn: s.turnoverTyiyn }),
    });
  const m = analyticsMerchantDays;
  await tx
    .insert(m)
    .values({ day, merchantId, ...figures })
    .onConflictDoUpdate({
      target: [m.day, m.merchantId],
      set: addedUp({ charges: m.charges, energyWh: m.energyWh, turnoverTyiyn: m.turnoverTyiyn }),
    });
  const h = analyticsHours;
  await tx
    .insert(h)
    .values({
      hour: new Date(Math.floor(charge.finishedAt.getTime() / HOUR) * HOUR),
      ...figures,
      discountTyiyn: charge.discountTyiyn,
    })
    .onConflictDoUpdate({
      target: h.hour,
      set: addedUp({
        charges: h.charges,
        energyWh: h.energyWh,
        turnoverTyiyn: h.turnoverTyiyn,
        discountTyiyn: h.discountTyiyn,
      }),
    });
  if (!usedPromotion(charge)) return;
  const u = analyticsPromotionUsers;
  const starts = calendarStarts(day);
  await tx
    .insert(u)
    .values(
      ANALYTICS_PERIODS.map((kind) => ({
        kind,
        start: starts[kind],
        driverId: charge.driverId,
        firstAt: charge.finishedAt,
      })),
    )
    .onConflictDoUpdate({
      target: [u.kind, u.start, u.driverId],
      set: { firstAt: sql`least(${u.firstAt}, excluded.first_at)` },
    });
}

/** The charges that count, as SQL over `charges` (the same rule as `counts`). */
const counted = sql`${charges.status} in ('finished', 'stopped') and ${charges.result} = 'successful' and ${charges.finishedAt} is not null`;

/**
 * Recounts the read model from the charges, in one transaction. Settlements meanwhile wait on the
 * tables' lock and add themselves after it, so none is lost or counted twice.
 */
export async function rebuildAnalytics(db: Db): Promise<{ hours: number; promotionUsers: number }> {
  return db.transaction(async (tx) => {
    const tables = [analyticsHours, analyticsPromotionUsers, analyticsMerchantDays, analyticsStationDays];
    await tx.execute(sql`lock table ${sql.join(tables, sql`, `)} in exclusive mode`);
    for (const table of tables) await tx.delete(table);
    const day = sql`(${charges.finishedAt} at time zone ${TIME_ZONE})::date`;
    const sums = sql`count(*), sum(${charges.consumedWh}), sum(${charges.totalTyiyn})`;
    await tx.execute(sql`insert into ${analyticsMerchantDays} (day, merchant_id, charges, energy_wh, turnover_tyiyn)
      select ${day}, coalesce(${charges.merchantId}, 0), ${sums} from ${charges} where ${counted} group by 1, 2`);
    await tx.execute(sql`insert into ${analyticsStationDays} (merchant_id, day, station_id, charges, energy_wh, turnover_tyiyn)
      select coalesce(${charges.merchantId}, 0), ${day}, coalesce(${charges.stationId}, 0), ${sums}
      from ${charges} where ${counted} group by 1, 2, 3`);
    const hours =
      await tx.execute(sql`insert into ${analyticsHours} (hour, charges, energy_wh, turnover_tyiyn, discount_tyiyn)
      select date_trunc('hour', ${charges.finishedAt}, 'UTC'), count(*), sum(${charges.consumedWh}),
        sum(${charges.totalTyiyn}), sum(${charges.discountTyiyn})
      from ${charges} where ${counted} group by 1`);
    const kinds = sql.join(
      ANALYTICS_PERIODS.map((kind) => sql`(${kind})`),
      sql`, `,
    );
    const users = await tx.execute(sql`insert into ${analyticsPromotionUsers} (kind, start, driver_id, first_at)
      select k.kind, date_trunc(k.kind, ${charges.finishedAt} at time zone ${TIME_ZONE})::date, ${charges.driverId},
        min(${charges.finishedAt})
      from ${charges} cross join (values ${kinds}) as k(kind)
      where ${counted} and ${charges.promotionId} is not null and ${charges.discountTyiyn} > 0 and ${charges.driverId} is not null
      group by 1, 2, 3`);
    return { hours: rowCount(hours), promotionUsers: rowCount(users) };
  });
}

const rowCount = (result: unknown) =>
  Number(
    (result as { rowCount?: number; affectedRows?: number }).rowCount ??
      (result as { affectedRows?: number }).affectedRows ??
      0,
  );
