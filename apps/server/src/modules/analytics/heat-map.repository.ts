import { sql, type SQL } from 'drizzle-orm';
import type { Lang } from '@evcms/contracts/i18n';
import { TIME_ZONE } from '@evcms/contracts/dates';
import { queryRows, type Db } from '../../db/client.ts';
import {
  analyticsHours,
  analyticsStationDays,
  analyticsStationMonths,
  analyticsStationYears,
} from '../../db/schema/analytics.ts';
import { localizedSelection } from '../../db/schema/localized.ts';
import { stations } from '../../db/schema/stations.ts';
import { tableVersions } from '../../db/schema/table-versions.ts';
import type { PeriodBounds } from './analytics.rules.ts';
import type { DaySpan, SplitDays } from './heat-map.rules.ts';

/*
 * The heat map's reads: each station's charges from the read model's years, months and days (a
 * year to now is one row a station), the network's weekday x hour grid from
 * its hours, and the stations' places as they are now (a deleted station is not drawn).
 */

type Count = number | string | bigint | null;
const num = (value: Count) => Number(value ?? 0);

export interface Figures {
  charges: number;
  turnoverTyiyn: number;
}

/** A station's charges and turnover in the period, by id; names and places come from station-places.ts. */
export interface StationSums {
  /** The stations table's version in the same snapshot (db/schema/table-versions.ts). */
  stationsVersion: number;
  stationIds: number[];
  charges: number[];
  turnoverTyiyn: number[];
}

/** The charges and turnover columns, or the sums of the hours of day asked for (arrays count from 1). */
function figureColumns(hours: number[] | null): { charges: SQL; turnover: SQL } {
  if (!hours) return { charges: sql`charges`, turnover: sql`turnover_tyiyn` };
  const of = (column: string) => sql.raw(hours.map((hour) => `${column}[${hour + 1}]`).join(' + '));
  return { charges: of('hour_charges'), turnover: of('hour_turnover_tyiyn') };
}

const stationsVersion = sql`(select ${tableVersions.version} from ${tableVersions} where ${tableVersions.tableName} = 'stations')`;

/** Every station (existing or not) that completed charges on the days (in the hours): three columns. */
export async function stationSums(db: Db, split: SplitDays, hours: number[] | null): Promise<StationSums> {
  const { charges, turnover } = figureColumns(hours);
  const parts: SQL[] = [];
  const wholeUnits = (
    table: typeof analyticsStationYears | typeof analyticsStationMonths,
    column: SQL,
    span: DaySpan,
  ) =>
    parts.push(sql`select station_id, ${charges} as charges, ${turnover} as turnover from ${table}
      where ${column} >= ${span.from}::date and ${column} < ${span.to}::date`);
  if (split.years) wholeUnits(analyticsStationYears, sql`year`, split.years);
  for (const months of split.months) wholeUnits(analyticsStationMonths, sql`month`, months);
  const d = analyticsStationDays;
  const dayRows = (days: DaySpan, sign: SQL) =>
    parts.push(sql`select station_id, ${sign}(${charges}) as charges, ${sign}(${turnover}) as turnover from ${d}
      where ${d.day} >= ${days.from}::date and ${d.day} <= ${days.to}::date`);
  for (const days of split.days) dayRows(days, sql``);
  if (split.beyond) dayRows(split.beyond, sql`-`);
  // One row of three arrays, not a row a station: PGlite hands over thousands of rows slowly, and the
  // names and coordinates, most of the bytes, are the same in every answer (docs/performance.md).
  const [row] = await queryRows<{ version: Count; sums: string }>(
    db,
    sql`with counted as (
        select station_id, sum(charges) as charges, sum(turnover) as turnover
        from (${sql.join(parts, sql` union all `)}) as parts
        group by station_id having sum(charges) > 0
      )
      select ${stationsVersion} as "version", json_build_array(coalesce(array_agg(station_id), '{}'),
          coalesce(array_agg(charges), '{}'), coalesce(array_agg(turnover), '{}'))::text as "sums"
      from counted`,
  );
  const [stationIds, sums, turnovers] = JSON.parse(row!.sums) as [number[], Count[], Count[]];
  return {
    stationsVersion: num(row!.version),
    stationIds,
    charges: sums.map(num),
    turnoverTyiyn: turnovers.map(num),
  };
}

/** Where a station is drawn and what it is called, in every language. */
export interface StationPlace {
  stationId: number;
  names: Record<Lang, string>;
  merchantId: number;
  latitude: number;
  longitude: number;
}

/** Every existing station whose coordinates read, and the stations table's version they are of (one snapshot). */
export async function stationPlaces(db: Db): Promise<{ version: number; places: StationPlace[] }> {
  const names = localizedSelection(stations, 'name');
  const [row] = await queryRows<{ version: Count; stations: string | null }>(
    db,
    sql`select ${stationsVersion} as "version",
        (select json_agg(json_build_array(${stations.id}, ${names.ru}, ${names.en}, ${names.ky},
          ${stations.merchantId}, ${stations.latitude}, ${stations.longitude}))::text from ${stations}) as "stations"`,
  );
  const found = JSON.parse(row?.stations ?? '[]') as [number, string, string, string, number, string, string][];
  const places = found.flatMap(([stationId, ru, en, ky, merchantId, lat, lng]) => {
    const [latitude, longitude] = [Number(lat), Number(lng)];
    // Coordinates are checked when a station is saved; one that still does not read is not drawn.
    if (lat.trim() === '' || lng.trim() === '' || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return [];
    return [{ stationId, names: { ru, en, ky }, merchantId, latitude, longitude }];
  });
  return { version: num(row?.version ?? null), places };
}

export interface GridCell extends Figures {
  /** Monday 1 to Sunday 7. */
  weekday: number;
  hour: number;
}

/** The network's charges of the period by Bishkek weekday and hour of day: only the cells that had any. */
export async function grid(db: Db, bounds: PeriodBounds): Promise<GridCell[]> {
  const h = analyticsHours;
  const local = sql`(${h.hour} at time zone ${TIME_ZONE})`;
  const rows = await queryRows<{ weekday: number; hour: number; charges: Count; turnover: Count }>(
    db,
    sql`select extract(isodow from ${local})::int as "weekday", extract(hour from ${local})::int as "hour",
        sum(${h.charges}) as "charges", sum(${h.turnoverTyiyn}) as "turnover"
      from ${h} where ${h.hour} >= ${bounds.from.toISOString()}::timestamptz and ${h.hour} < ${bounds.to.toISOString()}::timestamptz
      group by 1, 2`,
  );
  return rows.map((row) => ({
    weekday: row.weekday,
    hour: row.hour,
    charges: num(row.charges),
    turnoverTyiyn: num(row.turnover),
  }));
}
