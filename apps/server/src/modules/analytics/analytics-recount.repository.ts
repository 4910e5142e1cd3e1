import { sql, type SQL } from 'drizzle-orm';
import { TIME_ZONE } from '@evcms/contracts/dates';
import type { Db } from '../../db/client.ts';
import {
  analyticsHours,
  analyticsMerchantDays,
  analyticsPromotionUserDays,
  analyticsPromotionUserGaps,
  analyticsStationDays,
  analyticsStationMonths,
  analyticsStationYears,
  NO_EARLIER_DAY,
} from '../../db/schema/analytics.ts';
import { charges } from '../../db/schema/charges.ts';

/*
 * Recounting the read model from the charges (`npm run analytics:rebuild`, bench/analytics.ts).
 * The rules are analytics-rollup.repository.ts's, in SQL; the rebuild test keeps them equal.
 */

/** The charges that count, as SQL over `charges` (the same rule as the rollup's `counts`). */
const counted = sql`${charges.status} in ('finished', 'stopped') and ${charges.result} = 'successful' and ${charges.finishedAt} is not null`;

/**
 * Recounts the read model from the charges, in one transaction. Settlements meanwhile wait on the
 * tables' lock and add themselves after it, so none is lost or counted twice.
 */
export async function rebuildAnalytics(db: Db): Promise<{ hours: number; promotionUsers: number }> {
  return db.transaction(async (tx) => {
    const tables = [
      analyticsHours,
      analyticsPromotionUserDays,
      analyticsPromotionUserGaps,
      analyticsMerchantDays,
      analyticsStationDays,
      analyticsStationMonths,
      analyticsStationYears,
    ];
    await tx.execute(sql`lock table ${sql.join(tables, sql`, `)} in exclusive mode`);
    for (const table of tables) await tx.delete(table);
    const day = sql`(${charges.finishedAt} at time zone ${TIME_ZONE})::date`;
    const sums = sql`count(*), sum(${charges.consumedWh}), sum(${charges.totalTyiyn})`;
    await tx.execute(sql`insert into ${analyticsMerchantDays} (day, merchant_id, charges, energy_wh, turnover_tyiyn)
      select ${day}, coalesce(${charges.merchantId}, 0), ${sums} from ${charges} where ${counted} group by 1, 2`);
    await recountStations(tx, analyticsStationDays, 'day', day);
    await recountStations(tx, analyticsStationMonths, 'month', sql`date_trunc('month', ${day})::date`);
    await addUpYears(tx);
    const hours =
      await tx.execute(sql`insert into ${analyticsHours} (hour, charges, energy_wh, turnover_tyiyn, discount_tyiyn)
      select date_trunc('hour', ${charges.finishedAt}, 'UTC'), count(*), sum(${charges.consumedWh}),
        sum(${charges.totalTyiyn}), sum(${charges.discountTyiyn})
      from ${charges} where ${counted} group by 1`);
    const users = await recountPromotionUsers(tx);
    return { hours: rowCount(hours), promotionUsers: rowCount(users) };
  });
}

const rowCount = (result: unknown) =>
  Number(
    (result as { rowCount?: number; affectedRows?: number }).rowCount ??
      (result as { affectedRows?: number }).affectedRows ??
      0,
  );

/** Each user's discounted days with the day before, and their counts by (day, previous), as migration 0035 fills them. */
async function recountPromotionUsers(tx: Db) {
  const days = await tx.execute(sql`insert into ${analyticsPromotionUserDays} (day, driver_id, first_at, previous)
    select day, driver_id, first_at,
      coalesce(lag(day) over (partition by driver_id order by day), ${NO_EARLIER_DAY}::date)
    from (select (${charges.finishedAt} at time zone ${TIME_ZONE})::date as day, ${charges.driverId} as driver_id,
        min(${charges.finishedAt}) as first_at
      from ${charges}
      where ${counted} and ${charges.promotionId} is not null and ${charges.discountTyiyn} > 0 and ${charges.driverId} is not null
      group by 1, 2) as used`);
  await tx.execute(sql`insert into ${analyticsPromotionUserGaps} (day, previous, users)
    select day, previous, count(*) from ${analyticsPromotionUserDays} group by 1, 2`);
  return days;
}

/** A station's days or months, with their hours of day (element h + 1 of each array is hour h's). */
async function recountStations(
  tx: Db,
  table: typeof analyticsStationDays | typeof analyticsStationMonths,
  column: 'day' | 'month',
  period: SQL,
): Promise<void> {
  const hours = Array.from({ length: 24 }, (_, h) => h);
  const hourCharges = sql.join(
    hours.map((h) => sql`count(*) filter (where h = ${sql.raw(String(h))})`),
    sql`, `,
  );
  const hourTurnover = sql.join(
    hours.map((h) => sql`coalesce(sum(total_tyiyn) filter (where h = ${sql.raw(String(h))}), 0)`),
    sql`, `,
  );
  const hourOfDay = sql`extract(hour from ${charges.finishedAt} at time zone ${TIME_ZONE})::integer`;
  await tx.execute(sql`insert into ${table} (${sql.identifier(column)}, merchant_id, station_id, charges, energy_wh,
      turnover_tyiyn, hour_charges, hour_turnover_tyiyn)
    select period, coalesce(merchant_id, 0), coalesce(station_id, 0), count(*), sum(consumed_wh), sum(total_tyiyn),
      array[${hourCharges}], array[${hourTurnover}]
    from (select ${period} as period, ${hourOfDay} as h, ${charges.merchantId} as merchant_id,
        ${charges.stationId} as station_id, ${charges.consumedWh} as consumed_wh, ${charges.totalTyiyn} as total_tyiyn
      from ${charges} where ${counted}) as counted
    group by 1, 2, 3`);
}

/** The stations' years from their months (as migration 0034 does): twelve rows a station, not every charge again. */
async function addUpYears(tx: Db): Promise<void> {
  const slots = Array.from({ length: 24 }, (_, h) => sql.raw(String(h + 1)));
  const sums = (column: string) =>
    sql.join(
      slots.map((slot) => sql`sum(${sql.identifier(column)}[${slot}])`),
      sql`, `,
    );
  await tx.execute(sql`insert into ${analyticsStationYears} (year, merchant_id, station_id, charges, energy_wh,
      turnover_tyiyn, hour_charges, hour_turnover_tyiyn)
    select date_trunc('year', month)::date, merchant_id, station_id, sum(charges), sum(energy_wh), sum(turnover_tyiyn),
      array[${sums('hour_charges')}]::integer[], array[${sums('hour_turnover_tyiyn')}]::bigint[]
    from ${analyticsStationMonths} group by 1, 2, 3`);
}
