import { and, count, gte, inArray, lte, sql } from 'drizzle-orm';
import type { ChargeStatus } from '@evcms/contracts/charges';
import { queryRows, type Db } from '../../db/client.ts';
import { chargeDayCounts, chargeFinishMinuteCounts, charges, chargeStatusCounts } from '../../db/schema/charges.ts';
import { chargeWhere, type ChargeFilter } from './charges-filter.ts';
import { DAY_SECONDS, splitIntoMinutes } from './charges.rules.ts';

/*
 * The charge list's total. Counting a million charges takes tens of milliseconds, so the common
 * filters are answered from counts the database keeps (db/schema/charges.ts): by status, by start
 * and finish day, by the finish's minute of the day.
 */

function countByStatus(db: Db, statuses: ChargeStatus[] | undefined) {
  return db
    .select({ value: sql<number>`coalesce(sum(${chargeStatusCounts.charges}), 0)::int` })
    .from(chargeStatusCounts)
    .where(statuses ? inArray(chargeStatusCounts.status, statuses) : undefined);
}

/** Days from `from` to `to`, both included; either end may be open. */
function daysWithin(
  column: typeof chargeDayCounts.startedOn | typeof chargeDayCounts.finishedOn,
  from: string | undefined,
  to: string | undefined,
) {
  return [from === undefined ? undefined : gte(column, from), to === undefined ? undefined : lte(column, to)];
}

function countByDay(db: Db, filter: ChargeFilter) {
  const days = chargeDayCounts;
  return db
    .select({ value: sql<number>`coalesce(sum(${days.charges}), 0)::int` })
    .from(days)
    .where(
      and(
        filter.statuses ? inArray(days.status, filter.statuses) : undefined,
        ...daysWithin(days.startedOn, filter.startedFrom, filter.startedTo),
        ...daysWithin(days.finishedOn, filter.finishedFrom, filter.finishedTo),
      ),
    );
}

const DAY_COUNTED: readonly (keyof ChargeFilter)[] = [
  'statuses',
  'startedFrom',
  'startedTo',
  'finishedFrom',
  'finishedTo',
];
const MINUTE_COUNTED: readonly (keyof ChargeFilter)[] = ['statuses', 'finishedTimeFrom', 'finishedTimeTo'];

const seconds = (time: string) =>
  Number(time.slice(0, 2)) * 3600 + Number(time.slice(3, 5)) * 60 + Number(time.slice(6, 8));
const timeText = (value: number) =>
  [Math.floor(value / 3600), Math.floor(value / 60) % 60, value % 60]
    .map((part) => String(part).padStart(2, '0'))
    .join(':');

/**
 * The charges finished from `from` to `to` (HH:mm:ss, from <= to) of these statuses: the window's
 * whole minutes summed from the kept minute counts, its edge seconds counted from the time index.
 */
function countByFinishMinute(db: Db, statuses: ChargeStatus[] | undefined, from: string, to: string) {
  const { minutes, edges } = splitIntoMinutes(seconds(from), seconds(to));
  const kept = chargeFinishMinuteCounts;
  const whole = minutes
    ? sql`(select coalesce(sum(${kept.charges}), 0) from ${kept} where ${and(
        statuses ? inArray(kept.status, statuses) : undefined,
        sql`${kept.minute} between ${minutes[0]} and ${minutes[1]}`,
      )})`
    : sql`0`;
  const edgeCounts = edges.map(
    ([first, last]) =>
      sql`(select count(*) from ${charges} where ${and(
        statuses ? inArray(charges.status, statuses) : undefined,
        sql`${charges.finishedTime} between ${timeText(first)}::time and ${timeText(last)}::time`,
      )})`,
  );
  return queryRows<{ value: number }>(db, sql`select (${sql.join([whole, ...edgeCounts], sql` + `)})::int as "value"`);
}

/**
 * The list's total: a filter of statuses at most sums the kept count of each status, one of
 * statuses, start days and finish days the kept day counts, one of statuses and the finish's time
 * of day the kept minute counts; any other is counted from the indexes.
 */
export async function countCharges(db: Db, filter: ChargeFilter): Promise<number> {
  const given = (Object.keys(filter) as (keyof ChargeFilter)[]).filter((key) => filter[key] !== undefined);
  const { finishedTimeFrom: from, finishedTimeTo: to } = filter;
  if (from !== undefined && to !== undefined && from > to) {
    // Across midnight the window is two disjoint ranges; counted apart, each reads only its part of the index (an OR reads all of it).
    const halves = await Promise.all([
      countCharges(db, { ...filter, finishedTimeTo: undefined }),
      countCharges(db, { ...filter, finishedTimeFrom: undefined }),
    ]);
    return halves[0] + halves[1];
  }
  const valueOf = async (counted: Promise<readonly { value: number }[]>) => (await counted)[0]?.value ?? 0;
  if (given.every((key) => key === 'statuses')) return valueOf(countByStatus(db, filter.statuses));
  if (given.every((key) => DAY_COUNTED.includes(key))) return valueOf(countByDay(db, filter));
  if (given.every((key) => MINUTE_COUNTED.includes(key))) {
    return valueOf(countByFinishMinute(db, filter.statuses, from ?? '00:00:00', to ?? timeText(DAY_SECONDS - 1)));
  }
  return valueOf(db.select({ value: count() }).from(charges).where(chargeWhere(filter)));
}
