import type { Readable } from 'node:stream';
import { bishkekWallClock, decimalText, type ExportColumn } from './columns.ts';
import { cellXml, columnLetters, SharedStrings, textElement } from './xlsx-cells.ts';
import {
  contentTypes,
  PACKAGE_RELS,
  SHEET_ROWS_MAX,
  SHEET_TAIL,
  sharedStringsXml,
  sheetHead,
  styleSheet,
  workbook,
  workbookRels,
} from './xlsx-parts.ts';
import { zipStream, type ZipEntry } from './zip.ts';

/*
 * An xlsx written as it streams: each sheet's XML is made batch by batch and deflated into the zip
 * (zip.ts) as the client reads it, so neither the rows nor the file are ever whole in memory.
 *
 * The sheet XML is written here rather than with exceljs' streaming WorkbookWriter, which builds a
 * row and cell object model and looks each cell's style up by its rendered XML: several times
 * slower than the export's aim of 100,000 rows/s (docs/performance.md, with this writer's figures
 * from `npm run bench:xlsx`). The tests read the files back with exceljs.
 *
 * Cells carry real types: numbers are numbers, instants are date cells holding the Bishkek wall
 * time (Excel dates have no zone), text is a string (shared or inline, xlsx-cells.ts), which a
 * spreadsheet never evaluates, so no formula escaping is needed here. Rows past Excel's 1,048,576
 * go on to a next sheet.
 */

/** Deflate level of the sheets: 1 writes 2-3 times faster than the default 6 for a file 1.3 times larger. */
export const COMPRESSION_LEVEL = 1;
const WIDTH_MIN = 8;
const WIDTH_MAX = 60;
const WIDTH_SAMPLE = 200;
/** Characters of XML gathered before they are encoded (see utf8-pieces.ts). */
const PIECE_CHARS = 16_384;
/**
 * Bytes of XML handed to the zip at once: few handovers per sheet, and small enough that the rows
 * made ahead of a client that stopped reading stay few (export-stream.test.ts).
 */
const SHEET_STEP = 512 * 1024;

/** Text encoded as UTF-8 straight into the buffers handed to the zip, not made as pieces and gathered. */
class Utf8Chunks {
  private buffer = Buffer.allocUnsafe(SHEET_STEP);
  private used = 0;
  private text = '';
  private full: Buffer[] = [];

  add(text: string) {
    this.text += text;
    if (this.text.length >= PIECE_CHARS) this.encode();
  }

  /** The buffers filled so far. */
  take(): Buffer[] {
    const full = this.full;
    this.full = [];
    return full;
  }

  /** All that is left. */
  end(): Buffer[] {
    this.encode();
    if (this.used > 0) this.full.push(this.buffer.subarray(0, this.used));
    return this.take();
  }

  private encode() {
    const text = this.text;
    this.text = '';
    // A character takes at most 3 bytes of UTF-8 per UTF-16 unit.
    if (this.used + text.length * 3 > this.buffer.length) {
      if (this.used > 0) this.full.push(this.buffer.subarray(0, this.used));
      this.buffer = Buffer.allocUnsafe(Math.max(SHEET_STEP, text.length * 3));
      this.used = 0;
    }
    this.used += this.buffer.write(text, this.used);
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
export function xlsxStream<Row>(options: XlsxOptions<Row>): Readable {
  return zipStream(xlsxEntries(options), { level: COMPRESSION_LEVEL, mtime: bishkekWallClock(Date.now()) });
}

/**
 * The workbook's parts in the order they are zipped. A sheet's stream is read to its end before
 * the next part is asked for: the parts after it depend on its rows (more sheets, shared strings).
 */
export async function* xlsxEntries<Row>({
  title,
  columns,
  batches,
  first,
  rowsPerSheet = SHEET_ROWS_MAX - 1,
}: XlsxOptions<Row>): AsyncGenerator<ZipEntry> {
  const styles = styleSheet(columns);
  const shared = new SharedStrings();
  const cells = columns.map((column, i) => cellXml(column, styles.cellStyles[i]!, shared, first));
  const letters = columns.map((_, i) => columnLetters(i));
  const headerCells = columns.map(
    (column, i) => `<c r="${letters[i]}1" s="1" t="inlineStr"><is>${textElement(column.header)}</is></c>`,
  );
  const head = sheetHead(
    `<row r="1">${headerCells.join('')}</row>`,
    columnWidths(columns, first.slice(0, WIDTH_SAMPLE)),
  );

  /** The rows' XML; a cell names its place only first in its row or after an empty one (xlsx-cells.ts). */
  function writeRows(out: Utf8Chunks, rows: readonly Row[], firstNumber: number) {
    for (let i = 0; i < rows.length; i += 1) {
      const row = rows[i]!;
      const number = firstNumber + i;
      let xml = `<row r="${number}">`;
      let placed = false;
      for (let c = 0; c < cells.length; c += 1) {
        const cell = cells[c]!(row);
        if (cell === '') placed = false;
        else if (placed) xml += cell;
        else {
          xml += `<c r="${letters[c]}${number}"${cell.slice(2)}`;
          placed = true;
        }
      }
      out.add(`${xml}</row>`);
    }
  }

  /** One sheet: the rows `carried` over, then the next batches until the list ends or the sheet is full. */
  async function* sheetXml(sheet: {
    carried: readonly Row[] | undefined;
    leftover?: readonly Row[];
  }): AsyncGenerator<Buffer> {
    const out = new Utf8Chunks();
    out.add(head);
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
      writeRows(out, part, written + 2);
      yield* out.take();
      written += part.length;
      batch = part === batch ? undefined : batch.slice(part.length);
    }
    out.add(SHEET_TAIL);
    yield* out.end();
  }

  let sheets = 0;
  let carried: readonly Row[] | undefined = first;
  do {
    sheets += 1;
    const sheet: { carried: readonly Row[] | undefined; leftover?: readonly Row[] } = { carried };
    yield { name: `xl/worksheets/sheet${sheets}.xml`, stream: () => sheetXml(sheet) };
    carried = sheet.leftover;
  } while (carried);
  const sharing = shared.texts.length > 0;
  if (sharing)
    yield { name: 'xl/sharedStrings.xml', data: Buffer.from(sharedStringsXml(shared.texts.map(textElement))) };
  yield { name: '[Content_Types].xml', data: Buffer.from(contentTypes(sheets, sharing)) };
  yield { name: '_rels/.rels', data: Buffer.from(PACKAGE_RELS) };
  yield { name: 'xl/workbook.xml', data: Buffer.from(workbook(title, sheets)) };
  yield { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(workbookRels(sheets, sharing)) };
  yield { name: 'xl/styles.xml', data: Buffer.from(styles.xml) };
}
