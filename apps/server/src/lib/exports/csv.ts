import type { Lang } from '@evcms/contracts/i18n';
import { bishkekWallClock, decimalText, isWholeValue, wallClockText, type ExportColumn } from './columns.ts';
import { Utf8Pieces } from './utf8-pieces.ts';

/*
 * CSV as RFC 4180 gives it, laid out for the spreadsheet of the export's language (CsvDialect):
 * CRLF after every record, a field quoted when it holds a quote, a comma, a semicolon or a line
 * break (either separator, so a text cell is the same in both layouts), quotes doubled. UTF-8 with
 * a BOM, so Excel reads Cyrillic. Text that a spreadsheet would run as a formula (starting with
 * = + - @, a tab or a CR, or their full-width forms) gets a leading apostrophe (OWASP "CSV
 * injection"), except a plain signed number such as a phone '+996555100200' or '-12.50', which a
 * spreadsheet reads as a number and nothing runs; numbers are never text here, so -12.50 stays a number.
 *
 * Written by hand rather than with csv-stringify, which does the same quoting and formula escaping
 * (`escape_formulas`) but allocates a context object, a [value, field] pair and separator arrays
 * for every cell: about five times slower than this loop, below the export's aim of 300,000 rows/s
 * with the database (docs/performance.md). The tests parse the output back with csv-parse.
 */

const BOM = '\uFEFF';
const NEEDS_QUOTES = /[",;\r\n]/;
const QUOTES = /"/g;

/**
 * How the file is laid out for the spreadsheet that opens it (docs/decisions.md): Excel splits a
 * csv by its locale's list separator and reads numbers with its decimal mark, so a Russian or
 * Kyrgyz one wants `;` and `1,50`, an English one `,` and `1.50`.
 */
export interface CsvDialect {
  separator: ',' | ';';
  decimalMark: '.' | ',';
}
export const CSV_COMMAS: CsvDialect = { separator: ',', decimalMark: '.' };
export const CSV_SEMICOLONS: CsvDialect = { separator: ';', decimalMark: ',' };

/** The layout of an export asked for in `lang`: semicolons and decimal commas but in English. */
export function csvDialect(lang: Lang): CsvDialect {
  return lang === 'en' ? CSV_COMMAS : CSV_SEMICOLONS;
}

/** A sign and digits, with a decimal part after a point or a comma: what a spreadsheet takes for a number, never a formula. */
export const PLAIN_SIGNED_NUMBER = /^[+-][0-9]+(?:[.,][0-9]+)?$/;

function isFormulaStart(code: number): boolean {
  // = + - @ TAB CR, and the full-width ＝ ＋ － ＠ some spreadsheets fold into them.
  return (
    code === 61 ||
    code === 43 ||
    code === 45 ||
    code === 64 ||
    code === 9 ||
    code === 13 ||
    (code >= 0xff0b && (code === 0xff1d || code === 0xff0b || code === 0xff0d || code === 0xff20))
  );
}

/** A text field, escaped against formulas and quoted as RFC 4180 asks. */
export function csvText(value: string): string {
  const formula = value.length > 0 && isFormulaStart(value.charCodeAt(0)) && !PLAIN_SIGNED_NUMBER.test(value);
  const text = formula ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(QUOTES, '""')}"` : text;
}

type CellText<Row> = (row: Row) => string;

function cellText<Row>(column: ExportColumn<Row>, { decimalMark }: CsvDialect): CellText<Row> {
  switch (column.kind) {
    case 'text':
    case 'date': {
      const value = column.value;
      return (row) => {
        const text = value(row);
        return text == null ? '' : csvText(text);
      };
    }
    case 'integer': {
      const value = column.value;
      return (row) => {
        const number = value(row);
        return number == null || !isWholeValue(number) ? '' : String(number);
      };
    }
    case 'decimal': {
      const { value, scale } = column;
      return (row) => {
        const units = value(row);
        return units == null || !Number.isFinite(units) ? '' : decimalText(units, scale, decimalMark);
      };
    }
    case 'datetime': {
      const value = column.value;
      return (row) => {
        const instant = value(row);
        const wall = instant == null ? NaN : bishkekWallClock(instant);
        return Number.isNaN(wall) ? '' : wallClockText(wall);
      };
    }
  }
}

/** The BOM and the header line, the columns' headers. */
export function csvHeader(columns: readonly ExportColumn<never>[], dialect: CsvDialect): Buffer {
  return Buffer.from(`${BOM}${columns.map((column) => csvText(column.header)).join(dialect.separator)}\r\n`);
}

/** The file as UTF-8 pieces: the BOM and header with the first batch, then each batch's rows. */
export async function* csvChunks<Row>(
  columns: readonly ExportColumn<Row>[],
  batches: AsyncIterable<readonly Row[]>,
  dialect: CsvDialect,
): AsyncGenerator<Buffer> {
  const cells = columns.map((column) => cellText(column, dialect));
  const separator = dialect.separator;
  const last = cells.length - 1;
  let head = csvHeader(columns, dialect).toString();
  for await (const batch of batches) {
    const utf8 = new Utf8Pieces(head);
    head = '';
    for (const row of batch) {
      let line = '';
      for (let i = 0; i < last; i += 1) line += `${cells[i]!(row)}${separator}`;
      utf8.add(`${line}${cells[last]!(row)}\r\n`);
    }
    yield* utf8.done();
  }
  if (head) yield Buffer.from(head);
}
