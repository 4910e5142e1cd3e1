import { sql, type SQL } from 'drizzle-orm';
import type { Lang } from '@evcms/contracts/i18n';
import { queryRows, type Db } from '../../db/client.ts';
import { charges } from '../../db/schema/charges.ts';
import { drivers } from '../../db/schema/drivers.ts';
import { localizedSelection } from '../../db/schema/localized.ts';
import { promotions } from '../../db/schema/promotions.ts';
import { stations } from '../../db/schema/stations.ts';
import { csvCellSql as cell, csvCellsSql } from '../../lib/exports/csv-sql.ts';
import type { CsvDialect } from '../../lib/exports/csv.ts';

/*
 * The charge export's reads across domains: its drivers' names and phones, its stations' and its
 * promotions' names.
 * The charges module says which charges and which of their columns (charges-export.repository.ts,
 * charges-export-csv.ts); the names are read here, mostly once each beside the charges (the
 * export's repository says why not a join).
 */

export interface ExportDriver {
  surname: string;
  firstName: string;
  phone: string;
}

// Some 15 MB of names: a larger set of drivers is read again rather than held.
const DRIVERS_KEPT = 100_000;

/**
 * The drivers of an export, each read once: joined per charge, a driver's index lookup was most of
 * a batch's time (a driver has many charges, spread over the whole export). A driver renamed during
 * the export keeps the name first read, as a charge changed during it may show either state.
 */
export function driverReader(db: Db) {
  const kept = new Map<number, ExportDriver>();
  return async (ids: readonly number[]): Promise<Map<number, ExportDriver>> => {
    // Cleared before the missing are found, so this batch's drivers are all read again.
    if (kept.size + ids.length > DRIVERS_KEPT) kept.clear();
    const missing = new Set<number>();
    for (const id of ids) if (!kept.has(id)) missing.add(id);
    if (missing.size === 0) return kept;
    const read = await queryRows<ExportDriver & { id: number }>(
      db,
      sql`select ${drivers.id} as "id", ${drivers.surname} as "surname", ${drivers.firstName} as "firstName", ${drivers.phone} as "phone"
        from ${drivers} where ${drivers.id} = any(${`{${[...missing].join(',')}}`}::int[])`,
    );
    for (const { id, ...driver } of read) kept.set(id, driver);
    return kept;
  };
}

/** Each station's name in `lang` now, read once for a copied export: a handful of rows beside a million charges. */
export async function stationNames(db: Db, lang: Lang): Promise<Map<number, string | null>> {
  const name = localizedSelection(stations, 'name')[lang];
  const rows = await queryRows<{ id: number; name: string | null }>(
    db,
    sql`select ${stations.id} as "id", ${name} as "name" from ${stations}`,
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Each promotion's title in `lang`, read once for a copied export, as the stations' names. */
export async function promotionNames(db: Db, lang: Lang): Promise<Map<number, string>> {
  const title = localizedSelection(promotions, 'title')[lang];
  const rows = await queryRows<{ id: number; name: string }>(
    db,
    sql`select ${promotions.id} as "id", ${title} as "name" from ${promotions}`,
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The names a batch's charge is shown with, in the export's language. */
export interface ChargeExportNames {
  /** The station's name now, or the one it had at the start once it is deleted. */
  station: SQL;
  /** The title of the promotion that gave the discount; null when none did. */
  promotion: SQL;
}

/**
 * One keyset batch of the export's charges (lib/exports/batched-rows.ts), each with its station's
 * and its promotion's names in `lang`. `columns` are the charges' columns the file shows, given
 * those names; `where` the list's filter and the batch's place, in the list's order (newest start first).
 */
export function chargeExportBatch<Row>(
  db: Db,
  lang: Lang,
  columns: (names: ChargeExportNames) => SQL,
  where: SQL | undefined,
  limit: number,
): Promise<Row[]> {
  const names = {
    station: sql`coalesce(${localizedSelection(stations, 'name')[lang]}, ${localizedSelection(charges, 'station_name')[lang]})`,
    promotion: sql`${localizedSelection(promotions, 'title')[lang]}`,
  };
  return queryRows<Row>(
    db,
    sql`select ${columns(names)} from ${charges} left join ${stations} on ${stations.id} = ${charges.stationId}
        left join ${promotions} on ${promotions.id} = ${charges.promotionId}
        ${where ? sql`where ${where}` : sql``}
        order by ${charges.startedAt} desc, ${charges.id} desc limit ${limit}`,
  );
}

/** How many drivers there are and the highest number (whether the csv keeps every driver's cells). */
export async function driverIdRange(db: Db): Promise<{ count: number; last: number | null }> {
  const [row] = await queryRows<{ count: number; last: number | null }>(
    db,
    sql`select count(*)::int as "count", max(${drivers.id}) as "last" from ${drivers}`,
  );
  return row!;
}

/** Every driver's two csv cells (name, phone), by id, for a COPY in the charges' snapshot, so every charge's driver is there. */
export const driverCellsQuery = (dialect: CsvDialect) => sql`select ${drivers.id}, ${csvCellsSql(
  [cell.text(sql`${drivers.surname} || ' ' || ${drivers.firstName}`), cell.text(sql`'+' || ${drivers.phone}`)],
  dialect,
)}
  from ${drivers} order by ${drivers.id}`;
