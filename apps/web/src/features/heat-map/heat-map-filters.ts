import { HEAT_MAP_HOURS } from '@evcms/contracts/heat-map';
import type { PeriodQuery } from '../../components/period-picker/dashboard-period.ts';

/*
 * The heat map's choices besides the dashboard's period, as the address keeps them: a time of day
 * (`?hours__from=22&hours__to=6`, as the API takes it) and the metric the map weighs by
 * (`?metric=average_bill`, the screen's own; charges when absent).
 */

export const HEAT_METRICS = ['charges', 'average_bill'] as const;
export type HeatMetric = (typeof HEAT_METRICS)[number];

/** Hours of the day, Bishkek time: from 0-23 to 1-24 (excluded); `to` at or before `from` runs past midnight. */
export interface Hours {
  from: number;
  to: number;
}

export type HeatMapRequest = PeriodQuery & { hours__from?: number; hours__to?: number };

const hourIn = (value: string | null, min: number, max: number): number | null => {
  if (value === null || !/^\d{1,2}$/.test(value)) return null;
  const hour = Number(value);
  return hour >= min && hour <= max ? hour : null;
};

/** The time of day in the address: both ends valid, or whole days (null). */
export function hoursFromParams(params: URLSearchParams): Hours | null {
  const from = hourIn(params.get('hours__from'), 0, HEAT_MAP_HOURS - 1);
  const to = hourIn(params.get('hours__to'), 1, HEAT_MAP_HOURS);
  return from === null || to === null ? null : { from, to };
}

export function metricFromParams(params: URLSearchParams): HeatMetric {
  return params.get('metric') === 'average_bill' ? 'average_bill' : 'charges';
}

/** The address's parameters with the time of day (null: whole days) and the metric, the others kept. */
export function withChoices(
  params: URLSearchParams,
  choices: { hours?: Hours | null; metric?: HeatMetric },
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (choices.hours !== undefined) {
    next.delete('hours__from');
    next.delete('hours__to');
    if (choices.hours) {
      next.set('hours__from', String(choices.hours.from));
      next.set('hours__to', String(choices.hours.to));
    }
  }
  if (choices.metric === 'charges') next.delete('metric');
  else if (choices.metric) next.set('metric', choices.metric);
  return next;
}

/** What the API is asked: the period and, when chosen, the time of day. */
export function heatMapRequest(period: PeriodQuery, hours: Hours | null): HeatMapRequest {
  return hours ? { ...period, hours__from: hours.from, hours__to: hours.to } : period;
}
