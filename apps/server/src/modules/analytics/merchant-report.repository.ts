import { sql } from 'drizzle-orm';
import type { Localized } from '@evcms/contracts/localized';
import { queryRows, type Db } from '../../db/client.ts';
import { analyticsMerchantDays, analyticsStationDays } from '../../db/schema/analytics.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { stations } from '../../db/schema/stations.ts';
import { localized, names, type NameColumns } from './localized-names.ts';

/*
 * The merchant report's reads: the figures from the read model's days (a year is 365 rows a
 * merchant, 365 a station), the merchants and stations from their tables as they are now.
 */

export interface ReportFigures {
  stations: number;
  charges: number;
  energyWh: number;
  turnoverTyiyn: number;
}

export interface MerchantLine extends ReportFigures {
  merchantId: number;
  name: Localized;
  percentageBp: number;
}

export interface StationLine extends ReportFigures {
  stationId: number;
  /** Null for a station deleted since (its charges still count). */
  name: Localized | null;
}

type Count = number | string | bigint | null;
type Row = Record<'charges' | 'energyWh' | 'turnoverTyiyn' | 'stations', Count> & NameColumns;

export interface DayRange {
  from: string;
  to: string;
}

const figures = (row: Row): ReportFigures => ({
  stations: Number(row.stations ?? 0),
  charges: Number(row.charges ?? 0),
  energyWh: Number(row.energyWh ?? 0),
  turnoverTyiyn: Number(row.turnoverTyiyn ?? 0),
});

const SUMS = sql`sum(charges) as "charges", sum(energy_wh) as "energyWh", sum(turnover_tyiyn) as "turnoverTyiyn"`;

/** Every merchant (or those of `merchantIds`) with its stations now and its charges of the days. */
export async function merchantLines(
  db: Db,
  days: DayRange,
  merchantIds: number[] | undefined,
): Promise<MerchantLine[]> {
  const md = analyticsMerchantDays;
  const only = (column: unknown) => (merchantIds ? sql`and ${column} in ${merchantIds}` : sql``);
  const rows = await queryRows<Row & { merchantId: number; percentageBp: number }>(
    db,
    sql`with counted as (
        select ${md.merchantId} as "merchantId", ${SUMS} from ${md}
        where ${md.day} >= ${days.from}::date and ${md.day} <= ${days.to}::date ${only(md.merchantId)}
        group by 1
      ), placed as (
        select ${stations.merchantId} as "merchantId", count(*) as "stations" from ${stations}
        where true ${only(stations.merchantId)} group by 1
      )
      select ${merchants.id} as "merchantId", ${names(merchants)}, ${merchants.percentageBp} as "percentageBp",
        placed."stations", counted."charges", counted."energyWh", counted."turnoverTyiyn"
      from ${merchants}
      left join counted on counted."merchantId" = ${merchants.id}
      left join placed on placed."merchantId" = ${merchants.id}
      where true ${only(merchants.id)}
      order by ${merchants.id}`,
  );
  return rows.map((row) => ({
    merchantId: row.merchantId,
    name: localized(row)!,
    percentageBp: row.percentageBp,
    ...figures(row),
  }));
}

/** A merchant's name and percentage, or undefined when there is no such merchant. */
export async function findMerchant(db: Db, merchantId: number) {
  const [row] = await queryRows<Row & { percentageBp: number }>(
    db,
    sql`select ${names(merchants)}, ${merchants.percentageBp} as "percentageBp" from ${merchants} where ${merchants.id} = ${merchantId}`,
  );
  return row && { name: localized(row)!, percentageBp: row.percentageBp };
}

/** A merchant's stations now, and any other that counted charges for it in the days (moved or deleted since). */
export async function stationLines(db: Db, merchantId: number, days: DayRange): Promise<StationLine[]> {
  const sd = analyticsStationDays;
  const rows = await queryRows<Row & { stationId: number }>(
    db,
    sql`with counted as (
        select ${sd.stationId} as "stationId", ${SUMS} from ${sd}
        where ${sd.merchantId} = ${merchantId} and ${sd.day} >= ${days.from}::date and ${sd.day} <= ${days.to}::date
        group by 1
      ), own as (
        select ${stations.id} as "stationId" from ${stations} where ${stations.merchantId} = ${merchantId}
      )
      select ids."stationId", ${names(stations)}, 1 as "stations",
        counted."charges", counted."energyWh", counted."turnoverTyiyn"
      from (select "stationId" from own union select "stationId" from counted) ids
      left join counted on counted."stationId" = ids."stationId"
      left join ${stations} on ${stations.id} = ids."stationId"
      order by ids."stationId"`,
  );
  return rows.map((row) => ({ stationId: row.stationId, name: localized(row), ...figures(row) }));
}
