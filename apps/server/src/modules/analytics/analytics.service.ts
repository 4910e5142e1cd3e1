import type { Db } from '../../db/client.ts';
import { registerChargeSettled } from '../charges/charge-paid.service.ts';
import { addSettledCharge } from './analytics-rollup.repository.ts';
import * as repo from './analytics.repository.ts';
import { daysOf, periodBounds, type PeriodBounds, type PeriodChoice } from './analytics.rules.ts';

/* The dashboard: the period's figures against the period before, its series, and the news timeline. */

export interface AnalyticsDeps {
  db: Db;
  /** The clock the named periods are read by (tests set it). */
  now?: () => Date;
}

export interface Compared {
  value: number;
  previous: number;
}

export interface AnalyticsRecord {
  bounds: PeriodBounds;
  turnoverTyiyn: Compared;
  energyWh: Compared;
  charges: Compared;
  newUsers: Compared;
  promotionUsers: Compared;
  merchants: { total: Compared; active: number };
  stations: { total: Compared; active: number; online: number };
}

const boundsOf = (deps: AnalyticsDeps, filters: PeriodChoice) => periodBounds(filters, deps.now?.() ?? new Date());

export async function analyticsFigures(deps: AnalyticsDeps, filters: PeriodChoice): Promise<AnalyticsRecord> {
  const bounds = boundsOf(deps, filters);
  const { db } = deps;
  const [figures, users, promoNow, promoBefore, merchants, stations] = await Promise.all([
    repo.chargeFigures(db, bounds),
    repo.newUsers(db, bounds),
    repo.promotionUsers(db, bounds.from, bounds.to),
    repo.promotionUsers(db, bounds.previousFrom, bounds.previousTo),
    repo.merchantCounts(db, bounds),
    repo.stationCounts(db, bounds),
  ]);
  const compared = (key: keyof repo.ChargeFigures) => ({ value: figures.now[key], previous: figures.before[key] });
  return {
    bounds,
    turnoverTyiyn: compared('turnoverTyiyn'),
    energyWh: compared('energyWh'),
    charges: compared('charges'),
    newUsers: { value: users.now, previous: users.before },
    promotionUsers: { value: promoNow, previous: promoBefore },
    merchants: { total: { value: merchants.now, previous: merchants.before }, active: merchants.active },
    stations: {
      total: { value: stations.now, previous: stations.before },
      active: stations.active,
      online: stations.online,
    },
  };
}

export interface GraphRecord {
  bounds: PeriodBounds;
  byWeekday: repo.SeriesPoint[];
  byHour: repo.SeriesPoint[];
  byDay: repo.SeriesPoint[];
}

/** Every weekday (1..7), hour (0..23) and day of the period, the empty ones as zeros. */
export async function analyticsGraph(deps: AnalyticsDeps, filters: PeriodChoice): Promise<GraphRecord> {
  const bounds = boundsOf(deps, filters);
  const [weekdays, hours, days] = await Promise.all([
    repo.seriesByWeekday(deps.db, bounds),
    repo.seriesByHour(deps.db, bounds),
    repo.seriesByDay(deps.db, bounds),
  ]);
  const filled = (keys: (number | string)[], points: repo.SeriesPoint[]) => {
    const byKey = new Map(points.map((point) => [String(point.key), point]));
    return keys.map((key) => byKey.get(String(key)) ?? { key, charges: 0, turnoverTyiyn: 0 });
  };
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  return {
    bounds,
    byWeekday: filled(range(1, 7), weekdays),
    byHour: filled(range(0, 23), hours),
    byDay: filled(daysOf(bounds), days),
  };
}

/** A page of the news timeline and the `before` of the next one (null at the oldest). */
export async function timeline(deps: AnalyticsDeps, query: { before?: number | undefined; size: number }) {
  const rows = await repo.newsPage(deps.db, query.before, query.size + 1);
  const items = rows.slice(0, query.size);
  return { items, next: rows.length > query.size ? (items.at(-1)?.id ?? null) : null };
}

// ---- For the app

/** Counts each settled charge in the read model, in its settling transaction (once, as the app starts). */
export function registerAnalytics(): void {
  registerChargeSettled(addSettledCharge);
}
