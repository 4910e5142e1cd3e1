import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { TIME_ZONE } from '@evcms/contracts/dates';

/*
 * Date and time-of-day filters over a `timestamptz` column, read in Bishkek (PRODUCT.md). A day's
 * bounds are computed once per query and compared with the column itself, so an index on it
 * serves the range; a time of day has to be read from every row the other conditions leave.
 */

/** The instant a Bishkek day (YYYY-MM-DD, or a date in SQL) starts, `days` days after it. */
export function dayStart(date: string | SQL, days = 0): SQL {
  return sql`((${date}::date + ${days}::int)::timestamp at time zone ${TIME_ZONE})`;
}

/** `column` falls on the Bishkek days from `from` to `to`, both included; either end may be open. */
export function withinDays(column: AnyColumn, from: string | undefined, to: string | undefined): SQL[] {
  return [
    ...(from === undefined ? [] : [sql`${column} >= ${dayStart(from)}`]),
    ...(to === undefined ? [] : [sql`${column} < ${dayStart(to, 1)}`]),
  ];
}

/**
 * `column`'s time of day in Bishkek, to the second, lies from `from` to `to` (HH:mm:ss, both
 * included); either end may be open. A window whose start is later than its end runs across
 * midnight (22:00:00 to 06:00:00 is the night).
 */
export function withinTimesOfDay(column: AnyColumn, from: string | undefined, to: string | undefined): SQL | undefined {
  if (from === undefined && to === undefined) return undefined;
  const time = sql`date_trunc('second', ${column} at time zone ${TIME_ZONE})::time`;
  if (to === undefined) return sql`${time} >= ${from}::time`;
  if (from === undefined) return sql`${time} <= ${to}::time`;
  if (from <= to) return sql`${time} between ${from}::time and ${to}::time`;
  return sql`(${time} >= ${from}::time or ${time} <= ${to}::time)`;
}
