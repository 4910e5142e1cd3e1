import { inArray, sql, type SQL } from 'drizzle-orm';
import { CONNECTOR_TYPES } from '@evcms/contracts/catalog';
import { CHARGE_RESULT_NAMES, CHARGE_STATUSES, PAYMENT_METHODS } from '@evcms/contracts/charges';
import type { Lang } from '@evcms/contracts/i18n';
import { OCPP_STOP_REASONS } from '@evcms/contracts/ocpp-names';
import type { Database, Db } from '../../db/client.ts';
import { copiedRows } from '../../db/copied-text.ts';
import { charges } from '../../db/schema/charges.ts';
import { localizedSelection } from '../../db/schema/localized.ts';
import { csvDialect, csvText, type CsvDialect } from '../../lib/exports/csv.ts';
import { csvCellSql as cell, csvCellsSql } from '../../lib/exports/csv-sql.ts';
import { copiedInteger, CsvBytes, TextsById } from '../../lib/exports/csv-bytes.ts';
import { CHARGE_EXPORT_AMOUNTS, PROMOTION_AFTER_AMOUNT } from './charges-export-amounts.ts';
import {
  driverCellsQuery,
  driverIdRange,
  driverReader,
  promotionNames,
  stationNames,
  type ExportDriver,
} from '../read-models/charge-export.read-model.ts';
import { epochUs } from './charges-export.repository.ts';
import { RUNNING_STATUSES } from './charges.rules.ts';

/*
 * The charge export's csv on PostgreSQL at the speed of the database: one COPY whose lines already
 * hold most of the file's cells, written in SQL (lib/exports/csv-sql.ts) as csv.ts writes them,
 * and Node puts each line together from their bytes (lib/exports/csv-bytes.ts): the driver's
 * name and phone, the station's and the promotion's names from maps read first (charges-export.repository.ts says
 * why not a join), the texts escaped, the decimals and the duration written, which cost PostgreSQL
 * more than Node. charges-export-csv.test.ts holds this file to the one csv.ts makes of the same
 * charges. Through csv.ts, formatting a row cost twice its read and the export missed its aim of
 * 300,000 rows/s; this way it meets it (docs/performance.md, bench:charges).
 */

/** Epoch milliseconds, floored as a JS Date keeps them (an export's durations are taken from them). */
const epochMs = (value: Parameters<typeof epochUs>[0]) => sql`(${epochUs(value)} / 1000)`;

/** charges.presenter.ts chargeDuration, in whole seconds: to the finish, to `now` while running, to the last meter value once not completed. */
function durationSeconds(now: Date): SQL {
  const seconds = (end: SQL) => sql`greatest(0, (${end} - ${epochMs(charges.startedAt)}) / 1000)`;
  return sql`case when ${charges.finishedAt} is not null then ${seconds(epochMs(charges.finishedAt))}
    when ${inArray(charges.status, [...RUNNING_STATUSES])} then ${seconds(sql`${String(now.getTime())}::int8`)}
    when ${charges.status} = 'not_completed' and ${charges.lastMeterAt} is not null then ${seconds(epochMs(charges.lastMeterAt))} end`;
}

const inLanguage = (names: Readonly<Record<string, Readonly<Record<Lang, string>>>>, lang: Lang) =>
  Object.fromEntries(Object.entries(names).map(([key, name]) => [key, name[lang]]));

/** The cells from the connector to the finish. The labels hold no backslash, so COPY writes these as they are. */
function headCells(lang: Lang, dialect: CsvDialect): SQL {
  return csvCellsSql(
    [
      cell.integer(sql`${charges.ocppConnectorId}`),
      cell.label(sql`${charges.connectorTypo}`, inLanguage(CONNECTOR_TYPES, lang)),
      cell.datetime(sql`${charges.startedAt}`),
      cell.datetime(sql`${charges.finishedAt}`),
    ],
    dialect,
  );
}

/** The energy and money (charges-export-amounts.ts), as whole minor units: Node writes their decimals (csv-bytes.ts copiedDecimal), which cost PostgreSQL more. */
const AMOUNTS = CHARGE_EXPORT_AMOUNTS.map(({ column }) => column);
const AMOUNT_SCALES = CHARGE_EXPORT_AMOUNTS.map(({ scale }) => scale);

/** The cells from the payment method to the result. */
function labelCells(lang: Lang, dialect: CsvDialect): SQL {
  return csvCellsSql(
    [
      cell.label(sql`${charges.paymentMethod}`, inLanguage(PAYMENT_METHODS, lang)),
      cell.label(sql`${charges.status}`, inLanguage(CHARGE_STATUSES, lang)),
      cell.label(sql`${charges.result}`, inLanguage(CHARGE_RESULT_NAMES, lang)),
    ],
    dialect,
  );
}

/** The stop reason's name in `lang`, or the reason as the station sent it when OCPP names none (charges-export.ts's ocppName); Node escapes it. */
function stopReasonName(lang: Lang): SQL {
  const names = Object.entries(OCPP_STOP_REASONS).map(([reason, name]) => sql` when ${reason} then ${name[lang]}`);
  return sql`coalesce(case ${charges.stopReason}${sql.join(names)} end, ${charges.stopReason})`;
}

const driverCells = (driver: ExportDriver, { separator }: CsvDialect) =>
  Buffer.from(`${csvText(`${driver.surname} ${driver.firstName}`)}${separator}${csvText(`+${driver.phone}`)}`);

// Some 25 MB of cells and ids at most; a network with more drivers has them read per piece.
const DRIVER_CELLS_KEPT = 250_000;

/** Whether every driver's cells are to be read first and kept: few enough, and their ids dense enough to index an array by. */
async function keepsDrivers(db: Db, most: number): Promise<boolean> {
  const { count, last } = await driverIdRange(db);
  return count <= most && (last ?? 0) <= 4 * most;
}

/** The drivers of the charges of one piece of lines, read for it (`driverReader`) when they are not all kept. */
function pieceDrivers(db: Db, dialect: CsvDialect) {
  const driversOf = driverReader(db);
  const made = new WeakMap<ExportDriver, Buffer>();
  return async (lines: Buffer): Promise<Map<number, Buffer>> => {
    const ids: number[] = [];
    for (let start = 0; start < lines.length; start = lines.indexOf(10, start) + 1) {
      const id = copiedInteger(lines, start, lines.indexOf(9, start));
      if (id >= 0) ids.push(id);
    }
    const known = await driversOf(ids);
    const cells = new Map<number, Buffer>();
    for (const [id, driver] of known) {
      let text = made.get(driver);
      if (text === undefined) made.set(driver, (text = driverCells(driver, dialect)));
      cells.set(id, text);
    }
    return cells;
  };
}

/*
 * The charges query's fields, which Node writes in the file's order: 0 driver id, 1 station id,
 * 2 the station's name at the start, 3 number, 4 id tag, 5 the cells from the connector to the
 * finish, 6 duration in seconds, 7 promotion id (its name written after the discount), then the
 * AMOUNTS, then the cells from the payment method to the result and the stop reason's name.
 */
const FIRST_AMOUNT = 8;
const FIELDS = FIRST_AMOUNT + AMOUNTS.length + 2;

/**
 * The rows of the charge export's csv (charges-export.ts's columns, without the header), the
 * list's charges in its order, as UTF-8 pieces. `where` is the list's filter (charges-filter.ts);
 * `driversKept` the most drivers read first and kept (tests: 0 reads them per piece).
 */
export async function* copiedChargeCsv(
  db: Db,
  copyLines: NonNullable<Database['copyLines']>,
  where: SQL | undefined,
  lang: Lang,
  now: Date = new Date(),
  driversKept = DRIVER_CELLS_KEPT,
): AsyncGenerator<Buffer, void, undefined> {
  const dialect = csvDialect(lang);
  const separator = dialect.separator.charCodeAt(0);
  const decimalMark = dialect.decimalMark.charCodeAt(0);
  const stations = new Map<number, Buffer>();
  for (const [id, name] of await stationNames(db, lang))
    if (name !== null) stations.set(id, Buffer.from(csvText(name)));
  const promotions = new Map<number, Buffer>();
  for (const [id, name] of await promotionNames(db, lang)) promotions.set(id, Buffer.from(csvText(name)));
  const chargesQuery = sql`select ${charges.driverId}, ${charges.stationId}, ${localizedSelection(charges, 'station_name')[lang]}, ${charges.id}, ${charges.idTag},
    ${headCells(lang, dialect)}, ${durationSeconds(now)}, ${charges.promotionId}, ${sql.join(AMOUNTS, sql`, `)}, ${labelCells(lang, dialect)}, ${stopReasonName(lang)}
    from ${charges} ${where ? sql`where ${where}` : sql``} order by ${charges.startedAt} desc, ${charges.id} desc`;
  const keep = await keepsDrivers(db, driversKept);
  const readPiece = keep ? undefined : pieceDrivers(db, dialect);
  let driverRows: [number, string][] = [];
  let kept: TextsById | undefined;
  const out = new CsvBytes();
  const tab = new Int32Array(FIELDS - 1);
  for await (const [query, lines] of copyLines(keep ? [driverCellsQuery(dialect), chargesQuery] : [chargesQuery])) {
    if (keep && query === 0) {
      for (const [id, text] of copiedRows(lines)) driverRows.push([Number(id), text!]);
      continue;
    }
    if (keep && !kept) {
      kept = new TextsById(driverRows);
      driverRows = [];
    }
    const piece = readPiece && (await readPiece(lines));
    for (let start = 0; start < lines.length;) {
      // tab[i] is the tab that ends field i; the line break ends the last.
      const lineEnd = lines.indexOf(10, start);
      let at = start - 1;
      for (let field = 0; field < FIELDS - 1; field += 1) {
        at = lines.indexOf(9, at + 1);
        if (at < 0 || at > lineEnd)
          throw new Error(`the charge export's COPY gave a line of ${field + 1} fields, not ${FIELDS}`);
        tab[field] = at;
      }
      const driverEnd = tab[0]!,
        stationEnd = tab[1]!,
        fallbackEnd = tab[2]!,
        numberEnd = tab[3]!,
        idTagEnd = tab[4]!;
      const headEnd = tab[5]!,
        secondsEnd = tab[6]!,
        promotionEnd = tab[7]!,
        labelsEnd = tab[FIRST_AMOUNT + AMOUNTS.length]!;
      out.range(lines, fallbackEnd + 1, numberEnd);
      out.byte(separator);
      const driverId = copiedInteger(lines, start, driverEnd);
      if (kept ? !out.textOf(kept, driverId) : !writeBuffer(out, piece!.get(driverId))) out.byte(separator);
      out.byte(separator);
      out.copiedText(lines, numberEnd + 1, idTagEnd);
      out.byte(separator);
      const station = stations.get(copiedInteger(lines, driverEnd + 1, stationEnd));
      if (station) out.buffer(station);
      else out.copiedText(lines, stationEnd + 1, fallbackEnd);
      out.byte(separator);
      out.range(lines, idTagEnd + 1, headEnd);
      out.byte(separator);
      const seconds = copiedInteger(lines, headEnd + 1, secondsEnd);
      if (seconds >= 0) out.duration(seconds);
      out.byte(separator);
      for (
        let amount = 0, from = promotionEnd + 1;
        amount < AMOUNTS.length;
        from = tab[FIRST_AMOUNT + amount]! + 1, amount += 1
      ) {
        out.copiedDecimal(lines, from, tab[FIRST_AMOUNT + amount]!, AMOUNT_SCALES[amount]!, decimalMark);
        out.byte(separator);
        if (amount === PROMOTION_AFTER_AMOUNT) {
          writeBuffer(out, promotions.get(copiedInteger(lines, secondsEnd + 1, promotionEnd)));
          out.byte(separator);
        }
      }
      out.range(lines, tab[FIRST_AMOUNT + AMOUNTS.length - 1]! + 1, labelsEnd);
      out.byte(separator);
      out.copiedText(lines, labelsEnd + 1, lineEnd);
      out.crlf();
      start = lineEnd + 1;
    }
    yield* out.take();
  }
  yield* out.take(true);
}

function writeBuffer(out: CsvBytes, bytes: Buffer | undefined): boolean {
  if (bytes) out.buffer(bytes);
  return bytes !== undefined;
}
