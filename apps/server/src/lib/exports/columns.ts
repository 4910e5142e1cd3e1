import { TIME_ZONE } from '@evcms/contracts/dates';

/*
 * The columns of an export: a localised header, the kind of value and how to read it from a row.
 * The kind decides how a cell is written: a number stays a number in xlsx and is never taken for a
 * formula in csv, an instant is shown in Bishkek time (PRODUCT.md), a decimal is exact.
 */

interface ColumnOf<Kind extends string, Value, Row> {
  kind: Kind;
  /** Localised, in the request's language. */
  header: string;
  value: (row: Row) => Value | null | undefined;
  /** Width in characters in xlsx; by default from the header and the first rows. */
  width?: number;
}

export type TextColumn<Row> = ColumnOf<'text', string, Row>;
/** Ids, counts: whole numbers (a number or a bigint). */
export type IntegerColumn<Row> = ColumnOf<'integer', number | bigint, Row>;
/** Money, energy: whole minor units (tyiyn, Wh) shown with `scale` decimals (contracts `DECIMALS`). */
export type DecimalColumn<Row> = ColumnOf<'decimal', number, Row> & { scale: number };
/**
 * An instant, shown as the Bishkek date and time: a Date, epoch milliseconds, or a timestamptz as
 * text (raw SQL rows on PGlite: '2025-03-09 18:30:05.123+00').
 */
export type DateTimeColumn<Row> = ColumnOf<'datetime', Date | number | string, Row>;
/** A calendar day, YYYY-MM-DD (a birthday). */
export type DateColumn<Row> = ColumnOf<'date', string, Row>;

export type ExportColumn<Row> =
  TextColumn<Row> | IntegerColumn<Row> | DecimalColumn<Row> | DateTimeColumn<Row> | DateColumn<Row>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const zoneParts = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});
// An export's instants fall in a few thousand hours at most: each hour's offset is kept.
const offsets = new Map<number, number>();
const OFFSETS_KEPT = 100_000;

// The last hour asked for: an export's rows come in time order, so most instants fall in the hour before.
let lastHour = NaN;
let lastOffset = 0;

/** The zone's offset at an instant, to the second (Intl gives wall-clock seconds). */
function offsetAt(ms: number): number {
  const at = Math.floor(ms / 1000) * 1000;
  const p: Record<string, number> = {};
  for (const part of zoneParts.formatToParts(at)) p[part.type] = Number(part.value);
  return Date.UTC(p.year!, p.month! - 1, p.day, p.hour, p.minute, p.second) - at;
}

/**
 * The offset of the hour of `ms`, or NaN when it changes within that hour: Kyrgyzstan moved its
 * clocks at 02:30 local time from 1997 to 2004, half past a UTC hour. Such an hour's instants are
 * each looked up; the zone never changed twice within an hour.
 */
function zoneOffset(ms: number): number {
  const hour = Math.floor(ms / HOUR);
  if (hour === lastHour && !Number.isNaN(lastOffset)) return lastOffset;
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const start = offsetAt(hour * HOUR);
    offset = start === offsetAt(hour * HOUR + HOUR - 1000) ? start : NaN;
    if (offsets.size >= OFFSETS_KEPT) offsets.clear();
    offsets.set(hour, offset);
  }
  lastHour = hour;
  lastOffset = offset;
  return Number.isNaN(offset) ? offsetAt(ms) : offset;
}

/** The Bishkek wall-clock time of an instant, as milliseconds of a UTC clock showing it; NaN for no valid instant. */
export function bishkekWallClock(instant: Date | number | string): number {
  const ms =
    typeof instant === 'number' ? instant : typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  return Number.isFinite(ms) ? ms + zoneOffset(ms) : NaN;
}

/** A whole number fit for a cell: a finite number or a bigint. */
export function isWholeValue(value: number | bigint): boolean {
  return typeof value === 'bigint' || Number.isFinite(value);
}

const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
const dayTexts = new Map<number, string>();

/** 'YYYY-MM-DD ' of a day number (days since 1970-01-01), built once per day. */
function dayText(day: number): string {
  let text = dayTexts.get(day);
  if (text === undefined) {
    text = `${new Date(day * DAY).toISOString().slice(0, 10)} `;
    if (dayTexts.size >= OFFSETS_KEPT) dayTexts.clear();
    dayTexts.set(day, text);
  }
  return text;
}

/** 'YYYY-MM-DD HH:mm:ss' of a wall-clock time from `bishkekWallClock`. */
export function wallClockText(wall: number): string {
  const day = Math.floor(wall / DAY);
  const seconds = Math.floor((wall - day * DAY) / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds - hours * 3600) / 60);
  return `${dayText(day)}${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds - hours * 3600 - minutes * 60]}`;
}

const POWERS = Array.from({ length: 16 }, (_, i) => 10 ** i);

/** Minor units as an exact decimal: 19135 with scale 2 -> '191.35' (or '191,35' with a decimal comma), -5 -> '-0.05'. */
export function decimalText(units: number, scale: number, decimalMark = '.'): string {
  const whole = Math.round(units);
  if (scale === 0) return String(whole);
  const abs = Math.abs(whole);
  const power = POWERS[scale]!;
  const integer = Math.floor(abs / power);
  const fraction = String(abs - integer * power).padStart(scale, '0');
  return `${whole < 0 ? '-' : ''}${integer}${decimalMark}${fraction}`;
}
