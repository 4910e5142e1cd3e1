import { sql } from 'drizzle-orm';
import { localDate, TIME_ZONE } from '@evcms/contracts/dates';
import type { Db } from '../../db/client.ts';
import { analyticsHours, analyticsPromotionUsers } from '../../db/schema/analytics.ts';
import { charges } from '../../db/schema/charges.ts';
import type { SettledCharge } from '../charges/charge-paid.service.ts';

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

/**
 * Adds a settled charge to its hour, in the settling transaction. The hour's row is shared by
 * every charge completing in it: taken last in the transaction (after the charge's own row and the
 * day counts its trigger takes), so settlements queue on it in one order and never deadlock.
 */
export async function addSettledCharge(tx: Db, charge: SettledCharge): Promise<void> {
  if (!counts(charge)) return;
  const hour = new Date(Math.floor(charge.finishedAt.getTime() / HOUR) * HOUR);
  const h = analyticsHours;
  await tx
    .insert(h)
    .values({
      hour,
      charges: 1,
      energyWh: charge.consumedWh,
      turnoverTyiyn: charge.totalTyiyn,
      discountTyiyn: charge.discountTyiyn,
    })
    .onConflictDoUpdate({
      target: h.hour,
      set: {
        charges: sql`${h.charges} + 1`,
        energyWh: sql`${h.energyWh} + excluded.energy_wh`,
        turnoverTyiyn: sql`${h.turnoverTyiyn} + excluded.turnover_tyiyn`,
        discountTyiyn: sql`${h.discountTyiyn} + excluded.discount_tyiyn`,
      },
    });
  if (!usedPromotion(charge)) return;
  const u = analyticsPromotionUsers;
  await tx
    .insert(u)
    .values({ day: localDate(charge.finishedAt), driverId: charge.driverId, firstAt: charge.finishedAt })
    .onConflictDoUpdate({ target: [u.day, u.driverId], set: { firstAt: sql`least(${u.firstAt}, excluded.first_at)` } });
}

/** The charges that count, as SQL over `charges` (the same rule as `counts`). */
const counted = sql`${charges.status} in ('finished', 'stopped') and ${charges.result} = 'successful' and ${charges.finishedAt} is not null`;

/**
 * Recounts the read model from the charges, in one transaction. Settlements meanwhile wait on the
 * tables' lock and add themselves after it, so none is lost or counted twice.
 */
export async function rebuildAnalytics(db: Db): Promise<{ hours: number; promotionUsers: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${analyticsHours}, ${analyticsPromotionUsers} in exclusive mode`);
    await tx.delete(analyticsHours);
    await tx.delete(analyticsPromotionUsers);
    const hours =
      await tx.execute(sql`insert into ${analyticsHours} (hour, charges, energy_wh, turnover_tyiyn, discount_tyiyn)
      select date_trunc('hour', ${charges.finishedAt}, 'UTC'), count(*), sum(${charges.consumedWh}),
        sum(${charges.totalTyiyn}), sum(${charges.discountTyiyn})
      from ${charges} where ${counted} group by 1`);
    const users = await tx.execute(sql`insert into ${analyticsPromotionUsers} (day, driver_id, first_at)
      select (${charges.finishedAt} at time zone ${TIME_ZONE})::date, ${charges.driverId}, min(${charges.finishedAt})
      from ${charges}
      where ${counted} and ${charges.promotionId} is not null and ${charges.discountTyiyn} > 0 and ${charges.driverId} is not null
      group by 1, 2`);
    return { hours: rowCount(hours), promotionUsers: rowCount(users) };
  });
}

const rowCount = (result: unknown) =>
  Number(
    (result as { rowCount?: number; affectedRows?: number }).rowCount ??
      (result as { affectedRows?: number }).affectedRows ??
      0,
  );
