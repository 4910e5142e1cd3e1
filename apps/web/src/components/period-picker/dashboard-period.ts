import { ANALYTICS_PERIODS, ANALYTICS_RANGE_DAYS_MAX, type AnalyticsPeriod } from '@evcms/contracts/analytics';
import { isCalendarDate } from '@evcms/contracts/dates';

/*
 * The dashboard's period (the heat map's too) as the address keeps it and the API takes it (spec 2.6): one of the
 * named periods (`?period=week`), or a custom range of Bishkek days (`?period__from=..&period__to=..`).
 */

export type PeriodQuery = { period: AnalyticsPeriod } | { period__from: string; period__to: string };

export const DEFAULT_PERIOD: PeriodQuery = { period: 'day' };

const isPeriod = (value: string | null): value is AnalyticsPeriod =>
  (ANALYTICS_PERIODS as readonly (string | null)[]).includes(value);

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** Whether the API takes a custom range: two days in order, at most ANALYTICS_RANGE_DAYS_MAX long. */
export function isValidRange(from: string, to: string): boolean {
  if (!isCalendarDate(from) || !isCalendarDate(to)) return false;
  const days = dayNumber(to) - dayNumber(from) + 1;
  return days >= 1 && days <= ANALYTICS_RANGE_DAYS_MAX;
}

/** The period in the address; a range wins over `period` (as on the server), anything malformed is today. */
export function periodFromParams(params: URLSearchParams): PeriodQuery {
  const from = params.get('period__from');
  const to = params.get('period__to');
  if (from && to && isValidRange(from, to)) return { period__from: from, period__to: to };
  const period = params.get('period');
  return isPeriod(period) ? { period } : DEFAULT_PERIOD;
}

/** The address's parameters with `period` in them, the other parameters kept. */
export function withPeriod(params: URLSearchParams, period: PeriodQuery): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of ['period', 'period__from', 'period__to']) next.delete(name);
  for (const [name, value] of Object.entries(period)) next.set(name, value);
  return next;
}
