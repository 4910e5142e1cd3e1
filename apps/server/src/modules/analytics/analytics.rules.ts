import { ANALYTICS_RANGE_DAYS_MAX, type AnalyticsPeriod } from '@evcms/contracts/analytics';
import { localDate } from '@evcms/contracts/dates';
import { fieldError } from '../../lib/errors.ts';

/*
 * The dashboard's periods, in Bishkek time (docs/decisions.md 'Dashboard periods'). A named period
 * runs from the start of today, this week (Monday), this month or this year to the end of the
 * current hour (the read model counts by hour), and is compared with the same stretch of the
 * period before it: yesterday to the same hour, last week to the same weekday and hour, and so
 * on. A custom range of days is compared with as many days just before it.
 */

/** A named period, or a custom range of days (which wins when either end is given). */
export interface PeriodChoice {
  period: AnalyticsPeriod;
  period__from?: string | undefined;
  period__to?: string | undefined;
}

export interface PeriodBounds {
  from: Date;
  to: Date;
  previousFrom: Date;
  previousTo: Date;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The instant a Bishkek day (YYYY-MM-DD) starts. Asia/Bishkek is UTC+6 all year (no DST since 2005). */
export const bishkekMidnight = (date: string): Date => new Date(`${date}T00:00:00+06:00`);

/** A calendar date (YYYY-MM-DD) moved by whole days and months. */
export function moved(date: string, { days = 0, months = 0 }: { days?: number; months?: number }): string {
  const [year, month, day] = [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
  return new Date(Date.UTC(year, month - 1 + months, day + days)).toISOString().slice(0, 10);
}

/** The first day of `today`'s day, week (Monday), month or year, and the first day of the one before. */
function periodStartDays(period: AnalyticsPeriod, today: string): { start: string; previous: string } {
  switch (period) {
    case 'day':
      return { start: today, previous: moved(today, { days: -1 }) };
    case 'week': {
      const monday = moved(today, { days: -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7) });
      return { start: monday, previous: moved(monday, { days: -7 }) };
    }
    case 'month': {
      const first = `${today.slice(0, 8)}01`;
      return { start: first, previous: moved(first, { months: -1 }) };
    }
    case 'year': {
      const first = `${today.slice(0, 4)}-01-01`;
      return { start: first, previous: moved(first, { months: -12 }) };
    }
  }
}

/** The period a query names at `now`, and the one it is compared with. 400 naming the field for a bad range. */
export function periodBounds(filters: PeriodChoice, now: Date): PeriodBounds {
  const { period__from: fromDay, period__to: toDay } = filters;
  if (fromDay !== undefined || toDay !== undefined) {
    if (fromDay === undefined) throw fieldError('period__from', 'field_blank');
    if (toDay === undefined) throw fieldError('period__to', 'field_blank');
    if (toDay < fromDay) throw fieldError('period__to', 'period_end_before_start');
    const from = bishkekMidnight(fromDay);
    const to = new Date(bishkekMidnight(toDay).getTime() + DAY);
    const days = Math.round((to.getTime() - from.getTime()) / DAY);
    if (days > ANALYTICS_RANGE_DAYS_MAX)
      throw fieldError('period__to', 'period_too_long', { max: ANALYTICS_RANGE_DAYS_MAX });
    return { from, to, previousFrom: new Date(from.getTime() - days * DAY), previousTo: from };
  }
  const days = periodStartDays(filters.period, localDate(now));
  const from = bishkekMidnight(days.start);
  const to = new Date(Math.ceil(now.getTime() / HOUR) * HOUR);
  const previousFrom = bishkekMidnight(days.previous);
  // A month or year before may be shorter (February, a leap day): its stretch ends with it.
  const previousTo = new Date(Math.min(previousFrom.getTime() + (to.getTime() - from.getTime()), from.getTime()));
  return {
    from,
    to: to > from ? to : new Date(from.getTime() + HOUR),
    previousFrom,
    previousTo,
  };
}

/** The change from `previous` to `value` in percent, to two decimals; null when there was nothing before. */
export function changePercent(value: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((value - previous) / previous) * 10_000) / 100;
}

/** The Bishkek days from `from` (a midnight) up to `to`, as YYYY-MM-DD, oldest first. */
export function daysOf(bounds: { from: Date; to: Date }): string[] {
  const days: string[] = [];
  for (let at = bounds.from.getTime(); at < bounds.to.getTime(); at += DAY) days.push(localDate(new Date(at)));
  return days;
}
