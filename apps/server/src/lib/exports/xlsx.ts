import { Readable } from 'node:stream';
import { isCalendarDate } from '@evcms/contracts/dates';
import { bishkekWallClock, decimalText, isWholeValue, type ExportColumn } from './columns.ts';
import { Utf8Pieces } from './utf8-pieces.ts';
import {
  contentTypes,
  PACKAGE_RELS,
  SHEET_ROWS_MAX,
  SHEET_TAIL,
  sheetHead,
  styleSheet,
  workbook,
  workbookRels,
  xmlText,
} from './xlsx-parts.ts';
import { zipStream, type ZipEntry } from './zip.ts';

/*
 * An xlsx written as it streams: each sheet's XML is made batch by batch and deflated into the zip
 * (zip.ts) as the client reads it, so neither the rows nor the file are ever whole in memory.
 *
 * The sheet XML is written here rather than with exceljs' streaming WorkbookWriter, which builds a
 * row and cell object model and looks each cell's style up by its rendered XML: on this project's
 * bench it wrote 12-column rows at 22,000 rows/s with styles (31,000 without), against the
 * 100,000 rows/s the export aims at. The tests read the files back with exceljs.
 *
 * Cells carry real types: numbers are numbers, instants are date cells holding the Bishkek wall
 * time (Excel dates have no zone), text is inline text, which a spreadsheet never evaluates, so
 * no formula escaping is needed here. Rows past Excel's 1,048,576 go on to a next sheet.
 */

const DAY = 86_400_000;
/** Excel's serial day number of 1970-01-01 (the 1900 date system). */
const EPOCH_SERIAL = 25_569;
/** Excel keeps at most 32,767 characters in a cell. */
const CELL_TEXT_MAX = 32_767;
/** Deflate level of the sheets: 1 writes 2-3 times faster than the default 6 for a file 1.3 times larger. */
const COMPRESSION_LEVEL = 1;
const WIDTH_MIN = 8;
const WIDTH_MAX = 60;
const WIDTH_SAMPLE = 200;

function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

function inlineText(ref: string, style: string, text: string): string {
  const value = xmlText(text.length > CELL_TEXT_MAX ? text.slice(0, CELL_TEXT_MAX) : text);
  const space = text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32 ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${style} t="inlineStr"><is><t${space}>${value}</t></is></c>`;
}

/** (row, row number) -> the cell's XML, or '' for an empty cell. */
type CellXml<Row> = (row: Row, rowNumber: string) => string;

function cellXml<Row>(column: ExportColumn<Row>, index: number, styleIndex: number): CellXml<Row> {
  const letters = columnLetters(index);
  const style = styleIndex ? ` s="${styleIndex}"` : '';
  const open = `<c r="${letters}`;
  const number = `"${style}><v>`;
  const close = '</v></c>';
  switch (column.kind) {
    case 'text': {
      const value = column.value;
      return (row, r) => {
        const text = value(row);
        return text == null || text === '' ? '' : inlineText(letters + r, '', text);
      };
    }
    case 'integer': {
      const value = column.value;
      return (row, r) => {
        const n = value(row);
        return n == null || !isWholeValue(n) ? '' : `${open}${r}${number}${n}${close}`;
      };
    }
    case 'decimal': {
      const { value, scale } = column;
      const power = 10 ** scale;
      return (row, r) => {
        const units = value(row);
        return units == null || !Number.isFinite(units) ? '' : `${open}${r}${number}${Math.round(units) / power}${close}`;
      };
    }
    case 'datetime': {
      const value = column.value;
      return (row, r) => {
        const instant = value(row);
        const wall = instant == null ? NaN : bishkekWallClock(instant);
        return Number.isNaN(wall) ? '' : `${open}${r}${number}${wall / DAY + EPOCH_SERIAL}${close}`;
      };
    }
    case 'date': {
      const value = column.value;
      return (row, r) => {
        const day = value(row);
        if (day == null || day === '') return '';
        if (!isCalendarDate(day)) return inlineText(letters + r, '', day);
        const serial = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY + EPOCH_SERIAL;
        return `${open}${r}${number}${serial}${close}`;
      };
    }
  }
}

/** Characters a cell shows, to size its column. */
function shownLength<Row>(column: ExportColumn<Row>, row: Row): number {
  switch (column.kind) {
    case 'text':
      return column.value(row)?.length ?? 0;
    case 'integer':
      return String(column.value(row) ?? '').length;
    case 'decimal': {
      const units = column.value(row);
      return units == null ? 0 : decimalText(units, column.scale).length;
    }
    case 'datetime':
      return 19;
    case 'date':
      return 10;
  }
}

/** Each column's width: given, or from its header (bold, so a little wider) and the first rows. */
function columnWidths<Row>(columns: readonly ExportColumn<Row>[], sample: readonly Row[]): number[] {
  return columns.map((column) => {
    if (column.width) return column.width;
    let longest = Math.ceil(column.header.length * 1.1);
    for (const row of sample) longest = Math.max(longest, shownLength(column, row));
    return Math.min(WIDTH_MAX, Math.max(WIDTH_MIN, longest + 2));
  });
}

export interface XlsxOptions<Row> {
  /** The sheet's name (localised); cut to Excel's 31 characters. */
  title: string;
  columns: readonly ExportColumn<Row>[];
  batches: AsyncIterator<readonly Row[]>;
  /** The first batch, already read (it sizes the columns). */
  first: readonly Row[];
  /** Data rows per sheet; Excel's limit less the header unless a test asks for fewer. */
  rowsPerSheet?: number;
}

/**
 * The workbook as a byte stream, made as it is read. Destroying it (the client went away) stops
 * the sheet being written; a failing batch destroys it with the error.
 */
export function xlsxStream<Row>({ title, columns, batches, first, rowsPerSheet = SHEET_ROWS_MAX - 1 }: XlsxOptions<Row>): Readable {
  const styles = styleSheet(columns);
  const cells = columns.map((column, i) => cellXml(column, i, styles.cellStyles[i]!));
  const headerRow = `<row r="1">${columns.map((column, i) => inlineText(`${columnLetters(i)}1`, ' s="1"', column.header)).join('')}</row>`;
  const head = Buffer.from(sheetHead(headerRow, columnWidths(columns, first.slice(0, WIDTH_SAMPLE))));

  function rowsXml(rows: readonly Row[], firstNumber: number): Buffer[] {
    const utf8 = new Utf8Pieces();
    for (let i = 0; i < rows.length; i += 1) {
      const row = rows[i]!;
      const r = String(firstNumber + i);
      let xml = `<row r="${r}">`;
      for (const cell of cells) xml += cell(row, r);
      utf8.add(`${xml}</row>`);
    }
    return utf8.done();
  }

  /** One sheet: the rows `carried` over, then the next batches until the list ends or the sheet is full. */
  async function* sheetXml(sheet: { carried: readonly Row[] | undefined; leftover?: readonly Row[] }): AsyncGenerator<Buffer> {
    yield head;
    let written = 0;
    let batch = sheet.carried;
    for (;;) {
      if (batch === undefined) {
        const next = await batches.next();
        if (next.done) break;
        batch = next.value;
      }
      if (batch.length > 0 && written === rowsPerSheet) {
        sheet.leftover = batch;
        break;
      }
      const part = batch.length > rowsPerSheet - written ? batch.slice(0, rowsPerSheet - written) : batch;
      yield* rowsXml(part, written + 2);
      written += part.length;
      batch = part === batch ? undefined : batch.slice(part.length);
    }
    yield Buffer.from(SHEET_TAIL);
  }

  async function* entries(): AsyncGenerator<ZipEntry> {
    let sheets = 0;
    let carried: readonly Row[] | undefined = first;
    do {
      sheets += 1;
      const sheet: { carried: readonly Row[] | undefined; leftover?: readonly Row[] } = { carried };
      yield { name: `xl/worksheets/sheet${sheets}.xml`, stream: () => sheetXml(sheet) };
      carried = sheet.leftover;
    } while (carried);
    yield { name: '[Content_Types].xml', data: Buffer.from(contentTypes(sheets)) };
    yield { name: '_rels/.rels', data: Buffer.from(PACKAGE_RELS) };
    yield { name: 'xl/workbook.xml', data: Buffer.from(workbook(title, sheets)) };
    yield { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(workbookRels(sheets)) };
    yield { name: 'xl/styles.xml', data: Buffer.from(styles.xml) };
  }

  return Readable.from(zipStream(entries(), { level: COMPRESSION_LEVEL, mtime: bishkekWallClock(Date.now()) }), { objectMode: false });
}
