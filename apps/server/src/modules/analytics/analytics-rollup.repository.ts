import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { localDate } from '@evcms/contracts/dates';
import { queryRows, type Db } from '../../db/client.ts';
import {
  analyticsHours,
  analyticsMerchantDays,
  analyticsPromotionUserDays,
  analyticsPromotionUserGaps,
  NO_EARLIER_DAY,
  analyticsStationDays,
  analyticsStationMonths,
  analyticsStationYears,
} from '../../db/schema/analytics.ts';
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
/** Bishkek is UTC+6 all year (no summer time). */
const BISHKEK_OFFSET = 6 * HOUR;
const localHourOfDay = (at: Date) => new Date(at.getTime() + BISHKEK_OFFSET).getUTCHours();

interface StationRow {
  table: typeof analyticsStationDays | typeof analyticsStationMonths | typeof analyticsStationYears;
  column: 'day' | 'month' | 'year';
  value: string;
  merchantId: number;
  stationId: number;
}

/** 24 zeros but `value` at `hour`, as an array literal. */
const hoursWith = (hour: number, value: number) =>
  `{${Array.from({ length: 24 }, (_, h) => (h === hour ? value : 0)).join(',')}}`;

/**
 * Adds the charge to its station's day or month, and to its hour of day there (arrays count from
 * 1). Raw SQL: an upsert that adds to one element of an array is not in Drizzle's vocabulary.
 */
async function addToStation(tx: Db, charge: SettledCharge, row: StationRow, hour: number): Promise<void> {
  const key = sql.identifier(row.column);
  const slot = sql.raw(String(hour + 1));
  const kept = row.table;
  await tx.execute(sql`insert into ${kept} (${key}, merchant_id, station_id, charges, energy_wh, turnover_tyiyn,
      hour_charges, hour_turnover_tyiyn)
    values (${row.value}::date, ${row.merchantId}, ${row.stationId}, 1, ${charge.consumedWh}, ${charge.totalTyiyn},
      ${hoursWith(hour, 1)}::integer[], ${hoursWith(hour, charge.totalTyiyn)}::bigint[])
    on conflict (${key}, merchant_id, station_id) do update set
      charges = ${kept}.charges + 1,
      energy_wh = ${kept}.energy_wh + excluded.energy_wh,
      turnover_tyiyn = ${kept}.turnover_tyiyn + excluded.turnover_tyiyn,
      hour_charges[${slot}] = ${kept}.hour_charges[${slot}] + 1,
      hour_turnover_tyiyn[${slot}] = ${kept}.hour_turnover_tyiyn[${slot}] + excluded.turnover_tyiyn`);
}

/** Any fixed number of this app's own: with a user's id, the key their promotion days wait on. */
const PROMOTION_DAYS_LOCK = 0x616e6c79;

/**
 * Makes `day` one of the user's discounted days (docs/decisions.md 'Promotion users'): a new day
 * takes its place between the user's days before and after it, and the counts by (day, previous)
 * follow. A user's days are changed one settlement at a time (an advisory lock on the user, taken
 * after every row a settlement locks before, so it cannot close a circle); the counts' rows are
 * taken in key order, so settlements of different users sharing them never deadlock.
 */
async function addPromotionUserDay(tx: Db, driverId: number, day: string, at: Date): Promise<void> {
  const u = analyticsPromotionUserDays;
  const earlierFirst = () =>
    tx
      .update(u)
      .set({ firstAt: sql`least(${u.firstAt}, ${at.toISOString()}::timestamptz)` })
      .where(and(eq(u.day, day), eq(u.driverId, driverId)))
      .returning({ day: u.day });
  // A day the user already has needs only its row (most discounted charges): no lock, no counts.
  if ((await earlierFirst()).length) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${PROMOTION_DAYS_LOCK}, ${driverId})`);
  // Another settlement of the user's may have added the day while this one waited.
  if ((await earlierFirst()).length) return;
  const [around] = await queryRows<{ previous: string | null; next: string | null }>(
    tx,
    sql`select (select max(${u.day}) from ${u} where ${u.driverId} = ${driverId} and ${u.day} < ${day}::date)::text as "previous",
      (select min(${u.day}) from ${u} where ${u.driverId} = ${driverId} and ${u.day} > ${day}::date)::text as "next"`,
  );
  const previous = around?.previous ?? NO_EARLIER_DAY;
  await tx.insert(u).values({ day, driverId, firstAt: at, previous });
  const counts: { day: string; previous: string; users: number }[] = [{ day, previous, users: 1 }];
  const next = around?.next;
  if (next) {
    await tx
      .update(u)
      .set({ previous: day })
      .where(and(eq(u.day, next), eq(u.driverId, driverId)));
    counts.push({ day: next, previous, users: -1 }, { day: next, previous: day, users: 1 });
  }
  const g = analyticsPromotionUserGaps;
  for (const count of counts.sort(byGapKey))
    await tx
      .insert(g)
      .values(count)
      .onConflictDoUpdate({ target: [g.day, g.previous], set: { users: sql`${g.users} + excluded.users` } });
}

/** The counts' key order (day, then previous; NO_EARLIER_DAY first), as their primary key sorts. */
const byGapKey = (a: { day: string; previous: string }, b: { day: string; previous: string }) =>
  a.day === b.day ? dayOrder(a.previous) - dayOrder(b.previous) : a.day < b.day ? -1 : 1;
const dayOrder = (day: string) => (day === NO_EARLIER_DAY ? -Infinity : Date.parse(day));

/** `column + excluded.column` for each figure: an upsert's sum. */
function addedUp<T extends Record<string, AnyPgColumn>>(columns: T): Record<keyof T, SQL> {
  return Object.fromEntries(
    Object.entries(columns).map(([key, column]) => [key, sql`${column} + excluded.${sql.identifier(column.name)}`]),
  ) as Record<keyof T, SQL>;
}

/**
 * Adds a settled charge to its user's promotion days, its station's and merchant's day and its
 * hour, in the settling transaction. The rows are shared by the charges completing at once (the
 * hour's by all of them), so they are taken in one order, the hour's last (held the shortest),
 * after the charge's own row and the day counts its trigger takes: settlements queue on them and
 * never deadlock.
 */
export async function addSettledCharge(tx: Db, charge: SettledCharge): Promise<void> {
  if (!counts(charge)) return;
  const figures = { charges: 1, energyWh: charge.consumedWh, turnoverTyiyn: charge.totalTyiyn };
  const day = localDate(charge.finishedAt);
  if (usedPromotion(charge)) await addPromotionUserDay(tx, charge.driverId, day, charge.finishedAt);
  const merchantId = charge.merchantId ?? 0;
  const stationId = charge.stationId ?? 0;
  const hourOfDay = localHourOfDay(charge.finishedAt);
  await addToStation(
    tx,
    charge,
    { table: analyticsStationDays, column: 'day', value: day, merchantId, stationId },
    hourOfDay,
  );
  await addToStation(
    tx,
    charge,
    { table: analyticsStationMonths, column: 'month', value: `${day.slice(0, 8)}01`, merchantId, stationId },
    hourOfDay,
  );
  await addToStation(
    tx,
    charge,
    { table: analyticsStationYears, column: 'year', value: `${day.slice(0, 4)}-01-01`, merchantId, stationId },
    hourOfDay,
  );
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
}
