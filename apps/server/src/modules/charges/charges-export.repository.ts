import { and, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ConnectorType } from '@evcms/contracts/catalog';
import type { ChargeResult, ChargeStatus, PaymentMethod } from '@evcms/contracts/charges';
import type { Lang } from '@evcms/contracts/i18n';
import type { Database, Db } from '../../db/client.ts';
import type { FetchBatch } from '../../lib/exports/batched-rows.ts';
import { charges } from '../../db/schema/charges.ts';
import { localizedSelection } from '../../db/schema/localized.ts';
import {
  chargeExportBatch,
  driverReader,
  promotionNames,
  stationNames,
  type ChargeExportNames,
  type ExportDriver,
} from '../read-models/charge-export.read-model.ts';
import { chargeWhere, type ChargeFilter } from './charges-filter.ts';
import { CHARGE_EXPORT_AMOUNTS, type ChargeExportAmountField } from './charges-export-amounts.ts';

/*
 * The charge export's own read: only the columns its file shows (charges-export.ts), as raw rows;
 * the drivers', stations' and promotions' names through charge-export.read-model.ts.
 * Read through the list's `selectCharges` (charge-list.read-model.ts), every batch carried all ~45 columns of a charge through
 * the ORM's mapping (a Date parsed per timestamp), several times slower (docs/performance.md).
 */

/** What the export writes of a charge: times in epoch milliseconds, money and energy (charges-export-amounts.ts) in minor units. */
export interface ChargeExportRow extends Record<ChargeExportAmountField, number | null> {
  id: number;
  /** Null for a charge of nobody's tag. */
  driver: ExportDriver | null;
  idTag: string | null;
  /** In the export's language: the station's name now, or the one it had at the start once it is deleted. */
  stationName: string;
  /** In the export's language: the title of the promotion that gave the discount; null when none did. */
  promotionName: string | null;
  ocppConnectorId: number;
  connectorTypo: ConnectorType | null;
  startedAt: number;
  finishedAt: number | null;
  lastMeterAt: number | null;
  paymentMethod: PaymentMethod | null;
  status: ChargeStatus;
  result: ChargeResult | null;
  stopReason: string | null;
}

/** Whole epoch milliseconds, as a JS Date would keep them (a duration so floors as the list's does); float8 arrives as a number. */
const epochMs = (column: PgColumn) => sql`floor(extract(epoch from ${column}) * 1000)::float8`;
// bigint arrives as text from node-postgres; every amount is far below 2^53.
const asNumber = (column: PgColumn) => sql`${column}::float8`;
const amountSelection = sql.join(
  CHARGE_EXPORT_AMOUNTS.map(({ column, field }) => sql`${asNumber(column)} as ${sql.identifier(field)}`),
  sql`, `,
);

/** The columns the export shows, its station's and promotion's names given (charge-export.read-model.ts). */
function exportSelection(names: ChargeExportNames): SQL {
  return sql`${charges.id} as "id", ${charges.driverId} as "driver", ${charges.idTag} as "idTag", ${names.station} as "stationName",
    ${names.promotion} as "promotionName",
    ${charges.ocppConnectorId} as "ocppConnectorId", ${charges.connectorTypo} as "connectorTypo", ${epochMs(charges.startedAt)} as "startedAt",
    ${epochMs(charges.finishedAt)} as "finishedAt", ${epochMs(charges.lastMeterAt)} as "lastMeterAt", ${amountSelection},
    ${charges.paymentMethod} as "paymentMethod", ${charges.status} as "status",
    ${charges.result} as "result", ${charges.stopReason} as "stopReason"`;
}

/** As read: the driver's number, then the driver put in its place (set, not added, so every row keeps the one shape the driver made). */
type ChargeExportRead = Omit<ChargeExportRow, 'driver'> & { driver: number | ExportDriver | null };

/**
 * Reads the list's charges for its export in keyset batches (lib/exports/batched-rows.ts): the
 * next `limit` after `last` in the list's order (newest start first), from the same indexes as the
 * list's first page. From the last charge's stored start, not its milliseconds (batched-rows.ts says why).
 */
export function chargeExportReader(db: Db, filter: ChargeFilter, lang: Lang): FetchBatch<ChargeExportRow> {
  const driversOf = driverReader(db);
  return async (last, limit) => {
    const after =
      last && sql`(${charges.startedAt}, ${charges.id}) < (select started_at, id from charges where id = ${last.id})`;
    const where = and(chargeWhere(filter), after);
    const rows = await chargeExportBatch<ChargeExportRead>(db, lang, exportSelection, where, limit);
    const ids: number[] = [];
    for (const row of rows) if (typeof row.driver === 'number') ids.push(row.driver);
    const known = await driversOf(ids);
    for (const row of rows) if (typeof row.driver === 'number') row.driver = known.get(row.driver) ?? null;
    return rows as ChargeExportRow[];
  };
}

const copiedNumber = (field: string | null) => (field === null ? null : Number(field));
/** Where copiedChargeExport's fields give the amounts (charges-export-amounts.ts), after the 15 before them. */
const FIRST_COPIED_AMOUNT = 15;

/**
 * Epoch microseconds, exact: float8 seconds times a million, rounded by the cast, is less than half
 * a microsecond off for any instant before 2070 (2,000,000 random instants: none differed from
 * `extract`), and costs PostgreSQL far less than `extract`'s numeric over a million rows. Whole
 * milliseconds are taken from it in JS, as the batched read's `epochMs` gives them.
 */
export const epochUs = (column: PgColumn | SQL) => sql`(date_part('epoch', ${column}) * 1000000)::int8`;
const msOfUs = (field: string | null) => (field === null ? null : Math.floor(Number(field) / 1000));

/**
 * The charge export through COPY on PostgreSQL (db/copy-rows.ts): one statement over the charges
 * alone, in the list's order; the station's current name, the promotion's and the driver are put in
 * here, from maps read first and from `driverReader`, since a join would leave the order to a sort of the lot.
 */
export async function* copiedChargeExport(
  copy: NonNullable<Database['copyRows']>,
  db: Db,
  filter: ChargeFilter,
  lang: Lang,
  batchSize: number,
): AsyncGenerator<ChargeExportRow[], void, undefined> {
  const names = await stationNames(db, lang);
  const promotionsNamed = await promotionNames(db, lang);
  const driversOf = driverReader(db);
  const where = chargeWhere(filter);
  const query = sql`select ${charges.id}, ${charges.driverId}, ${charges.idTag}, ${charges.stationId}, ${localizedSelection(charges, 'station_name')[lang]},
    ${charges.ocppConnectorId}, ${charges.connectorTypo}, ${epochUs(charges.startedAt)}, ${epochUs(charges.finishedAt)}, ${epochUs(charges.lastMeterAt)},
    ${charges.paymentMethod}, ${charges.status}, ${charges.result}, ${charges.stopReason}, ${charges.promotionId}, ${sql.join(
      CHARGE_EXPORT_AMOUNTS.map(({ column }) => column),
      sql`, `,
    )}
    from ${charges} ${where ? sql`where ${where}` : sql``} order by ${charges.startedAt} desc, ${charges.id} desc`;
  for await (const copied of copy(query, batchSize)) {
    const ids: number[] = [];
    for (const fields of copied) if (fields[1] !== null) ids.push(Number(fields[1]));
    const known = await driversOf(ids);
    yield copied.map((fields): ChargeExportRow => {
      const stationId = copiedNumber(fields[3]!);
      const row = {
        id: Number(fields[0]),
        driver: fields[1] === null ? null : (known.get(Number(fields[1])) ?? null),
        idTag: fields[2]!,
        stationName: (stationId === null ? null : names.get(stationId)) ?? fields[4]!,
        ocppConnectorId: Number(fields[5]),
        connectorTypo: fields[6] as ConnectorType | null,
        startedAt: msOfUs(fields[7]!)!,
        finishedAt: msOfUs(fields[8]!),
        lastMeterAt: msOfUs(fields[9]!),
        paymentMethod: fields[10] as PaymentMethod | null,
        status: fields[11] as ChargeStatus,
        result: fields[12] as ChargeResult | null,
        stopReason: fields[13]!,
        promotionName: fields[14] === null ? null : (promotionsNamed.get(Number(fields[14])) ?? null),
      } as ChargeExportRow;
      for (let amount = 0; amount < CHARGE_EXPORT_AMOUNTS.length; amount += 1)
        row[CHARGE_EXPORT_AMOUNTS[amount]!.field] = copiedNumber(fields[FIRST_COPIED_AMOUNT + amount]!);
      return row;
    });
  }
}
