import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { BannerType } from '@evcms/contracts/banners';
import { localDate, TIME_ZONE } from '@evcms/contracts/dates';
import type { Localized } from '@evcms/contracts/localized';
import { queryRows, type Db } from '../../db/client.ts';
import { analyticsHours, analyticsPromotionUserDays, analyticsPromotionUserGaps } from '../../db/schema/analytics.ts';
import { banners } from '../../db/schema/banners.ts';
import { drivers } from '../../db/schema/drivers.ts';
import { localizedSelection } from '../../db/schema/localized.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { newsEvents } from '../../db/schema/news.ts';
import { stationOcppState } from '../../db/schema/ocpp.ts';
import { stations } from '../../db/schema/stations.ts';
import type { PeriodBounds } from './analytics.rules.ts';

/*
 * The dashboard's reads. The analytics module may read every domain's tables (docs/architecture.md):
 * its charge figures come from its own read model (analytics_hours, a row an hour), the rest from
 * small tables or indexed ranges (drivers by registration time). Each figure is read for the
 * period and the one before in one statement.
 */

export interface ChargeFigures {
  charges: number;
  energyWh: number;
  turnoverTyiyn: number;
}

type Count = number | string | bigint | null;
const num = (value: Count) => Number(value ?? 0);
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const within = (column: unknown, from: Date, to: Date) => sql`${column} >= ${at(from)} and ${column} < ${at(to)}`;

/** Completed charges, energy and turnover of the period and of the one before. */
export async function chargeFigures(
  db: Db,
  bounds: PeriodBounds,
): Promise<{ now: ChargeFigures; before: ChargeFigures }> {
  const h = analyticsHours;
  const sums = (from: Date, to: Date, name: string) =>
    sql`coalesce(sum(${h.charges}) filter (where ${within(h.hour, from, to)}), 0) as ${sql.identifier(`${name}Charges`)},
      coalesce(sum(${h.energyWh}) filter (where ${within(h.hour, from, to)}), 0) as ${sql.identifier(`${name}Energy`)},
      coalesce(sum(${h.turnoverTyiyn}) filter (where ${within(h.hour, from, to)}), 0) as ${sql.identifier(`${name}Turnover`)}`;
  const [row] = await queryRows<Record<string, Count>>(
    db,
    sql`select ${sums(bounds.from, bounds.to, 'now')}, ${sums(bounds.previousFrom, bounds.previousTo, 'before')}
      from ${h} where ${h.hour} >= ${at(bounds.previousFrom)} and ${h.hour} < ${at(bounds.to)}`,
  );
  const pick = (name: string): ChargeFigures => ({
    charges: num(row?.[`${name}Charges`] ?? 0),
    energyWh: num(row?.[`${name}Energy`] ?? 0),
    turnoverTyiyn: num(row?.[`${name}Turnover`] ?? 0),
  });
  return { now: pick('now'), before: pick('before') };
}

/** Users registered in the period and in the one before. */
export async function newUsers(db: Db, bounds: PeriodBounds): Promise<{ now: number; before: number }> {
  const d = drivers.registeredAt;
  const [row] = await queryRows<{ now: Count; before: Count }>(
    db,
    sql`select count(*) filter (where ${within(d, bounds.from, bounds.to)}) as "now",
      count(*) filter (where ${within(d, bounds.previousFrom, bounds.previousTo)}) as "before"
      from ${drivers} where ${d} >= ${at(bounds.previousFrom)} and ${d} < ${at(bounds.to)}`,
  );
  return { now: num(row?.now ?? 0), before: num(row?.before ?? 0) };
}

/**
 * Distinct users with a discounted charge completed from `from` (a Bishkek midnight) to `to`: each
 * user once, on their first discounted day there, the one whose day before is before `from`. The
 * whole days are summed from the counts by (day, previous), one index range a day; the day `to`
 * falls in (a named period's, up to now) from that day's users, completed before `to`.
 */
export async function promotionUsers(db: Db, from: Date, to: Date): Promise<number> {
  const [g, u] = [analyticsPromotionUserGaps, analyticsPromotionUserDays];
  const first = localDate(from);
  const last = localDate(to);
  const [row] = await queryRows<{ days: Count; started: Count }>(
    db,
    sql`select
      (select sum(counted.users) from generate_series(${first}::date, ${last}::date - 1, interval '1 day') as d(day)
        cross join lateral (select sum(${g.users}) as users from ${g}
          where ${g.day} = d.day::date and ${g.previous} < ${first}::date) as counted) as "days",
      (select count(*) from ${u} where ${u.day} = ${last}::date and ${u.firstAt} < ${at(to)}
        and ${u.previous} < ${first}::date) as "started"`,
  );
  return num(row?.days ?? 0) + num(row?.started ?? 0);
}

/** Of a table with `created_at` and `status`: how many were made before each end, and how many are active now. */
async function madeAndActive(db: Db, table: typeof merchants | typeof stations, bounds: PeriodBounds) {
  const [row] = await db
    .select({
      now: sql<Count>`count(*) filter (where ${table.createdAt} < ${at(bounds.to)})`,
      before: sql<Count>`count(*) filter (where ${table.createdAt} < ${at(bounds.previousTo)})`,
      active: sql<Count>`count(*) filter (where ${table.status} = 0)`,
    })
    .from(table);
  return { now: num(row?.now ?? 0), before: num(row?.before ?? 0), active: num(row?.active ?? 0) };
}

export const merchantCounts = (db: Db, bounds: PeriodBounds) => madeAndActive(db, merchants, bounds);

export async function stationCounts(db: Db, bounds: PeriodBounds) {
  const [counts, [online]] = await Promise.all([
    madeAndActive(db, stations, bounds),
    db.select({ value: count() }).from(stationOcppState).where(eq(stationOcppState.online, true)),
  ]);
  return { ...counts, online: online?.value ?? 0 };
}

export interface SeriesPoint {
  key: number | string;
  charges: number;
  turnoverTyiyn: number;
}

/** The period's charges and turnover grouped by `part` of the Bishkek hour: isodow, hour, or the day. */
async function series(db: Db, bounds: PeriodBounds, part: 'isodow' | 'hour' | 'day'): Promise<SeriesPoint[]> {
  const h = analyticsHours;
  const local = sql`(${h.hour} at time zone ${TIME_ZONE})`;
  const key = part === 'day' ? sql`to_char(${local}, 'YYYY-MM-DD')` : sql`extract(${sql.raw(part)} from ${local})::int`;
  const rows = await queryRows<{ key: number | string; charges: Count; turnover: Count }>(
    db,
    sql`select ${key} as "key", sum(${h.charges}) as "charges", sum(${h.turnoverTyiyn}) as "turnover"
      from ${h} where ${within(h.hour, bounds.from, bounds.to)} group by 1`,
  );
  return rows.map((row) => ({ key: row.key, charges: num(row.charges), turnoverTyiyn: num(row.turnover) }));
}

export const seriesByWeekday = (db: Db, bounds: PeriodBounds) => series(db, bounds, 'isodow');
export const seriesByHour = (db: Db, bounds: PeriodBounds) => series(db, bounds, 'hour');
export const seriesByDay = (db: Db, bounds: PeriodBounds) => series(db, bounds, 'day');

export interface NewsRecord {
  id: number;
  kind: string;
  subjectId: number;
  title: Localized;
  createdAt: Date;
  /** What a link to the subject needs: a station's merchant, a banner's type (null when gone or another kind). */
  merchantId: number | null;
  bannerType: BannerType | null;
}

/**
 * The news timeline, newest first (by time, then id: the demo dates its history), after the item
 * `before` (from the newest when undefined; nothing when that item is unknown).
 */
export function newsPage(db: Db, before: number | undefined, size: number): Promise<NewsRecord[]> {
  const n = newsEvents;
  const after =
    before === undefined
      ? undefined
      : sql`(${n.createdAt}, ${n.id}) < (select ${n.createdAt}, ${n.id} from ${n} where ${n.id} = ${before})`;
  return db
    .select({
      id: n.id,
      kind: n.kind,
      subjectId: n.subjectId,
      title: localizedSelection(n, 'title'),
      createdAt: n.createdAt,
      merchantId: sql<number | null>`${stations.merchantId}`,
      bannerType: sql<BannerType | null>`${banners.type}`,
    })
    .from(n)
    .leftJoin(stations, and(eq(n.kind, 'station_created'), eq(stations.id, n.subjectId)))
    .leftJoin(banners, and(eq(n.kind, 'banner_created'), eq(banners.id, n.subjectId)))
    .where(after)
    .orderBy(desc(n.createdAt), desc(n.id))
    .limit(size);
}
