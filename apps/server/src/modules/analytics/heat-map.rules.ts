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
  /** The whole months covered: first days, from included, to excluded; null when none is whole. */
  months: DaySpan | null;
  /** The days of the months covered in part: none, one or two spans. */
  days: DaySpan[];
}

const firstOfMonth = (day: string) => `${day.slice(0, 8)}01`;

/** Splits days (both ends included) into the whole months they cover and the days left over. */
export function splitByMonths(span: DaySpan): SplitDays {
  const firstWhole = span.from === firstOfMonth(span.from) ? span.from : moved(firstOfMonth(span.from), { months: 1 });
  const dayAfter = moved(span.to, { days: 1 });
  const endWhole = firstOfMonth(dayAfter);
  if (firstWhole >= endWhole) return { months: null, days: [span] };
  const days: DaySpan[] = [];
  if (span.from < firstWhole) days.push({ from: span.from, to: moved(firstWhole, { days: -1 }) });
  if (endWhole < dayAfter) days.push({ from: endWhole, to: span.to });
  return { months: { from: firstWhole, to: endWhole }, days };
}
