import { isCalendarDate } from '@evcms/contracts/dates';
import { bishkekWallClock, isWholeValue, type ExportColumn } from './columns.ts';
import { xmlText } from './xlsx-parts.ts';

/*
 * The XML of a sheet's cells, column by column. A cell is written without its reference (r="K123"):
 * ECMA-376 §18.3.1.4 makes it optional, a cell then being the one after the cell before it, so a
 * row only names its first cell and the first after an empty one (exceljs reads a row's first cell
 * only by its r). On the charge export (`npm run bench:xlsx`) this and shared strings took the
 * sheet's XML from 935 to about 510 bytes a row, which both the writing and the deflate pay for.
 *
 * Short texts that repeat (statuses, stations, drivers' names) are shared strings: written once in
 * sharedStrings.xml and referred to by number, a cell costing 15-20 bytes rather than the text in
 * an inline string. A column shares when its values in the first batch repeat (on average twice);
 * the table is bounded, past it a new text is written inline, so memory stays flat however long
 * the export is.
 */

const DAY = 86_400_000;
/** Excel's serial day number of 1970-01-01 (the 1900 date system). */
const EPOCH_SERIAL = 25_569;
/** Excel keeps at most 32,767 characters in a cell. */
const CELL_TEXT_MAX = 32_767;
/** The shared strings' bounds: some 10 MB at most, and a sharedStrings.xml Excel reads at once. */
const SHARED_MAX = 100_000;
const SHARED_CHARS_MAX = 2_000_000;
const SHARED_TEXT_MAX = 255;

export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** `<t>` of a text: cut to Excel's limit, its edge spaces kept. */
export function textElement(text: string): string {
  const value = xmlText(text.length > CELL_TEXT_MAX ? text.slice(0, CELL_TEXT_MAX) : text);
  return text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32
    ? `<t xml:space="preserve">${value}</t>`
    : `<t>${value}</t>`;
}

export function inlineText(text: string, style = ''): string {
  return `<c${style} t="inlineStr"><is>${textElement(text)}</is></c>`;
}

/** The workbook's shared strings: each text once, and the cell XML that refers to it. */
export class SharedStrings {
  readonly texts: string[] = [];
  private readonly cells = new Map<string, string>();
  private chars = 0;

  /** The cell of a text, shared if it is or can still be; inline past the table's bounds. */
  cell(text: string): string {
    const known = this.cells.get(text);
    if (known !== undefined) return known;
    if (this.texts.length >= SHARED_MAX || this.chars + text.length > SHARED_CHARS_MAX || text.length > SHARED_TEXT_MAX)
      return inlineText(text);
    const cell = `<c t="s"><v>${this.texts.length}</v></c>`;
    this.cells.set(text, cell);
    this.texts.push(text);
    this.chars += text.length;
    return cell;
  }
}

/** Whether a text column's values repeat in the sample, each on average twice at least. */
function repeats<Row>(value: (row: Row) => string | null | undefined, sample: readonly Row[]): boolean {
  const seen = new Set<string>();
  let filled = 0;
  for (const row of sample) {
    const text = value(row);
    if (text == null || text === '') continue;
    filled += 1;
    seen.add(text);
  }
  return filled > 0 && seen.size * 2 <= filled;
}

/** '.00'...'.99' for scale 2: a decimal's fraction digits, made once. */
const fractionTexts = new Map<number, string[]>();

function fractions(scale: number): string[] {
  let texts = fractionTexts.get(scale);
  if (!texts) {
    texts = Array.from({ length: 10 ** scale }, (_, i) => `.${String(i).padStart(scale, '0')}`);
    fractionTexts.set(scale, texts);
  }
  return texts;
}

const THREE_DIGITS = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));
/** Billionths of a day in a millisecond. */
const NANODAYS_PER_MS = 1e9 / DAY;

/**
 * A wall-clock time as Excel's serial day, with 9 decimals: within 0.09 ms above the instant, so
 * read back to the millisecond, and never shown as the second before. From whole numbers and
 * made digits: a float's shortest digits took 0.8 µs a cell, most of a row's time.
 */
function serialText(wall: number): string {
  const day = Math.floor(wall / DAY);
  const nanodays = Math.ceil((wall - day * DAY) * NANODAYS_PER_MS);
  const high = Math.floor(nanodays / 1_000_000);
  const middle = Math.floor(nanodays / 1000) - high * 1000;
  return `${day + EPOCH_SERIAL}.${THREE_DIGITS[high]}${THREE_DIGITS[middle]}${THREE_DIGITS[nanodays % 1000]}`;
}

/** A row -> the cell's XML, or '' for an empty cell. */
export type CellXml<Row> = (row: Row) => string;

/** The writer of a column's cells; `style` is its cell style (xf index), 0 for none. */
export function cellXml<Row>(
  column: ExportColumn<Row>,
  styleIndex: number,
  shared: SharedStrings,
  sample: readonly Row[],
): CellXml<Row> {
  const open = styleIndex ? `<c s="${styleIndex}"><v>` : '<c><v>';
  const close = '</v></c>';
  switch (column.kind) {
    case 'text': {
      const value = column.value;
      if (repeats(value, sample)) {
        return (row) => {
          const text = value(row);
          return text == null || text === '' ? '' : shared.cell(text);
        };
      }
      return (row) => {
        const text = value(row);
        return text == null || text === '' ? '' : inlineText(text);
      };
    }
    case 'integer': {
      const value = column.value;
      return (row) => {
        const n = value(row);
        return n == null || !isWholeValue(n) ? '' : open + n + close;
      };
    }
    case 'decimal': {
      const { value, scale } = column;
      if (scale <= 0 || scale > 4) {
        const power = 10 ** scale;
        return (row) => {
          const units = value(row);
          return units == null || !Number.isFinite(units) ? '' : open + Math.round(units) / power + close;
        };
      }
      // Written from its whole units and a made fraction: exact, and faster than a float's shortest digits.
      const power = 10 ** scale;
      const fraction = fractions(scale);
      return (row) => {
        const units = value(row);
        if (units == null || !Number.isFinite(units)) return '';
        const whole = Math.round(units);
        const abs = whole < 0 ? -whole : whole;
        const integer = Math.floor(abs / power);
        return (whole < 0 ? `${open}-` : open) + integer + fraction[abs - integer * power] + close;
      };
    }
    case 'datetime': {
      const value = column.value;
      return (row) => {
        const instant = value(row);
        const wall = instant == null ? NaN : bishkekWallClock(instant);
        return Number.isNaN(wall) ? '' : open + serialText(wall) + close;
      };
    }
    case 'date': {
      const value = column.value;
      return (row) => {
        const day = value(row);
        if (day == null || day === '') return '';
        if (!isCalendarDate(day)) return inlineText(day);
        return (
          open +
          (Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY +
            EPOCH_SERIAL) +
          close
        );
      };
    }
  }
}
