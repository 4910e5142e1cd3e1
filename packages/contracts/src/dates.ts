import { z } from './schema.ts';

/*
 * Calendar dates and times of day. Instants are stored in UTC; every date filter, every day
 * boundary and the age of a birthday are read in the network's zone, Asia/Bishkek (PRODUCT.md).
 * Queries send dates as YYYY-MM-DD and times as HH:mm:ss (spec 3, List filters).
 */

export const TIME_ZONE = 'Asia/Bishkek';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

/** `YYYY-MM-DD` naming a day that exists (2024-02-29 does, 2023-02-29 does not). */
export function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const bishkekDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The day `at` falls on in Bishkek, as YYYY-MM-DD. */
export function localDate(at: Date = new Date()): string {
  const parts = Object.fromEntries(bishkekDate.formatToParts(at).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const bishkekClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Seconds since midnight in Bishkek at `at` (0..86399). */
export function localSecondsOfDay(at: Date): number {
  const parts = Object.fromEntries(bishkekClock.formatToParts(at).map((part) => [part.type, part.value]));
  return Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second);
}

/** Whole years from `birthday` to `today` (both YYYY-MM-DD); a birthday on 29 February comes on 1 March in other years. */
export function ageOn(birthday: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birthday.slice(0, 4));
  return today.slice(5) >= birthday.slice(5) ? years : years - 1;
}

/** A required calendar date, YYYY-MM-DD (a report's period). */
export const calendarDate = z
  .string({ error: 'field_blank' })
  .check(
    z.trim(),
    z.minLength(1, { error: 'field_blank', abort: true }),
    z.refine(isCalendarDate, { error: 'date_invalid' }),
  );

/** An optional date in a query (`registration_date__from`); empty is no filter, anything but a real YYYY-MM-DD a 400. */
export const dateParam = z.pipe(
  z.optional(
    z.string().check(
      z.trim(),
      z.refine((value) => value === '' || isCalendarDate(value), { error: 'date_invalid' }),
    ),
  ),
  z.transform((value) => (value ? value : undefined)),
);

/** An optional time of day in a query (`registration_time__from`), 00:00:00..23:59:59; empty is no filter. */
export const timeParam = z.pipe(
  z.optional(
    z.string().check(
      z.trim(),
      z.refine((value) => value === '' || TIME.test(value), { error: 'schedule_time_invalid' }),
    ),
  ),
  z.transform((value) => (value ? value : undefined)),
);

type RangeParams<N extends string, P> = Record<`${N}__from` | `${N}__to`, P>;

/** `<name>__from` and `<name>__to`: the two ends of a list filter, as spec 3 names them. */
function rangeParams<N extends string, P>(name: N, param: P): RangeParams<N, P> {
  return { [`${name}__from`]: param, [`${name}__to`]: param } as RangeParams<N, P>;
}

/** Days in Bishkek, both ends included: `...dateRangeParams('period')` gives `period__from` and `period__to`. */
export const dateRangeParams = <N extends string>(name: N) => rangeParams(name, dateParam);

/** Times of day in Bishkek: `...timeRangeParams('finished_time')` gives `finished_time__from` and `__to`. */
export const timeRangeParams = <N extends string>(name: N) => rangeParams(name, timeParam);
