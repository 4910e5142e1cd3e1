import { HEAT_MAP_HOURS } from '@evcms/contracts/heat-map';
import { fieldError } from '../../lib/errors.ts';
import { moved } from './analytics.rules.ts';

/*
 * The heat map's time of day and how its days are read: whole months from the stations' months,
 * the days of a month the period covers only in part from the stations' days.
 */

/**
 * The hours of day (0-23) from `from` up to `to` (excluded), past midnight when `to` is at or
 * before `from` (22 to 6 is 22, 23, 0 ... 5; 5 to 5 is the whole day from 5). Null: no time of day.
 */
export function hoursOf(from: number | undefined, to: number | undefined): number[] | null {
  if (from === undefined && to === undefined) return null;
  if (from === undefined) throw fieldError('hours__from', 'field_blank');
  if (to === undefined) throw fieldError('hours__to', 'field_blank');
  const count = ((to - from + HEAT_MAP_HOURS - 1) % HEAT_MAP_HOURS) + 1;
  return Array.from({ length: count }, (_, i) => (from + i) % HEAT_MAP_HOURS);
}

/** Days from and to, both included (YYYY-MM-DD). */
export interface DaySpan {
  from: string;
  to: string;
}

export interface SplitDays {
  /** The whole years covered: their 1 January, from included, to excluded; null when none is whole. */
  years: DaySpan | null;
  /** The whole months left: first days, from included, to excluded (one before the years, one after). */
  months: DaySpan[];
  /** The days left of the months covered in part, both ends included. */
  days: DaySpan[];
  /** Days after the period that the years or months above include, to take off again (both ends included). */
  beyond: DaySpan | null;
}

const firstOfMonth = (day: string) => `${day.slice(0, 8)}01`;
const firstOfYear = (day: string) => `${day.slice(0, 4)}-01-01`;

/** The whole units (months or years) of a span and the parts of it left before and after them. */
function carve(span: DaySpan, firstOf: (day: string) => string, unit: { months: number }) {
  const firstWhole = span.from === firstOf(span.from) ? span.from : moved(firstOf(span.from), unit);
  const dayAfter = moved(span.to, { days: 1 });
  const endWhole = firstOf(dayAfter);
  if (firstWhole >= endWhole) return { whole: null, rest: [span] };
  const rest: DaySpan[] = [];
  if (span.from < firstWhole) rest.push({ from: span.from, to: moved(firstWhole, { days: -1 }) });
  if (endWhole < dayAfter) rest.push({ from: endWhole, to: span.to });
  return { whole: { from: firstWhole, to: endWhole }, rest };
}

/**
 * Splits days (both ends included) into the whole years, whole months and days they cover. A
 * period that runs to `today` (or past it) is read to the end of its year, less the days after it
 * (`beyond`): they hold nothing unless a clock ran ahead, so this year to date is one row a station
 * and an index probe that finds no day after today, instead of every day of this month.
 */
export function splitByCalendar(span: DaySpan, today: string): SplitDays {
  const endOfYear = `${span.to.slice(0, 4)}-12-31`;
  const extended = span.to >= today && span.to < endOfYear;
  const reach = extended ? { from: span.from, to: endOfYear } : span;
  const years = carve(reach, firstOfYear, { months: 12 });
  const months: DaySpan[] = [];
  const days: DaySpan[] = [];
  for (const part of years.rest) {
    const carved = carve(part, firstOfMonth, { months: 1 });
    if (carved.whole) months.push(carved.whole);
    days.push(...carved.rest);
  }
  return {
    years: years.whole,
    months,
    days,
    beyond: extended ? { from: moved(span.to, { days: 1 }), to: endOfYear } : null,
  };
}
