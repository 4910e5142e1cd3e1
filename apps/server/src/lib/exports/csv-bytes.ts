import { copiedField } from '../../db/copied-text.ts';
import { csvText } from './csv.ts';

/*
 * A csv written straight from the bytes of COPY's text-format lines (db/copy-rows.ts copyLines),
 * for an export of a million rows: a field is copied as it came, or escaped as csv.ts escapes it,
 * and cells kept in maps are copied in as UTF-8. Decoding each line to a string, splitting it and
 * encoding the csv again cost the charge export some 2 µs a row of its 3.3 µs budget.
 */

const PIECE = 256 * 1024;
const BACKSLASH = 92;
const QUOTE = 34;
const COMMA = 44;
const SEMICOLON = 59;
const PLUS = 43;
const MINUS = 45;

const isDigit = (c: number | undefined) => c !== undefined && c >= 48 && c <= 57;

/** csv.ts's PLAIN_SIGNED_NUMBER: a sign, digits, and a decimal part after a point or a comma. */
function isPlainSignedNumber(bytes: Buffer, from: number, to: number): boolean {
  let i = from + 1;
  const digitsFrom = i;
  while (i < to && isDigit(bytes[i])) i += 1;
  if (i === digitsFrom) return false;
  if (i === to) return true;
  if (bytes[i] !== 46 && bytes[i] !== COMMA) return false;
  const fractionFrom = (i += 1);
  while (i < to && isDigit(bytes[i])) i += 1;
  return i === to && i > fractionFrom;
}

/**
 * = + - @ (a tab or a CR come escaped, so with a backslash) and the full-width ＝ ＋ － ＠ (EF BC 9D,
 * 8B, 8D, A0), but not a plain signed number ('+996555100200', '-12.50'), as csv.ts's csvText.
 */
function startsFormula(bytes: Buffer, from: number, to: number): boolean {
  const c = bytes[from]!;
  if (c === PLUS || c === MINUS) return !isPlainSignedNumber(bytes, from, to);
  if (c === 61 || c === 64) return true;
  if (c !== 0xef || to - from < 3 || bytes[from + 1] !== 0xbc) return false;
  const d = bytes[from + 2]!;
  return d === 0x9d || d === 0x8b || d === 0x8d || d === 0xa0;
}

/** The whole number a field's digits give, or -1 for \N (NULL). */
export function copiedInteger(bytes: Buffer, from: number, to: number): number {
  if (bytes[from] === BACKSLASH) return -1;
  let value = 0;
  for (let i = from; i < to; i += 1) value = value * 10 + bytes[i]! - 48;
  return value;
}

/** The csv's UTF-8 in pieces of about 256 KB, written a cell at a time. */
export class CsvBytes {
  private out = Buffer.allocUnsafe(PIECE);
  private at = 0;
  private pieces: Buffer[] = [];

  private room(bytes: number) {
    if (this.at + bytes <= this.out.length) return;
    if (this.at > 0) this.pieces.push(this.out.subarray(0, this.at));
    this.out = Buffer.allocUnsafe(Math.max(PIECE, bytes));
    this.at = 0;
  }

  byte(value: number) {
    this.room(1);
    this.out[this.at++] = value;
  }

  crlf() {
    this.room(2);
    this.out[this.at++] = 13;
    this.out[this.at++] = 10;
  }

  /** `bytes[from, to)` as they are. */
  range(bytes: Buffer, from: number, to: number) {
    const length = to - from;
    this.room(length);
    const out = this.out;
    // Most ranges are a few bytes, which a loop copies faster than a call into C++.
    if (length < 64) for (let i = from, at = this.at; i < to; i += 1, at += 1) out[at] = bytes[i]!;
    else bytes.copy(out, this.at, from, to);
    this.at += length;
  }

  buffer(bytes: Buffer) {
    this.range(bytes, 0, bytes.length);
  }

  /** The text of `id` in `texts`; false when it has none. */
  textOf(texts: TextsById, id: number): boolean {
    if (id < 0 || id + 1 >= texts.starts.length) return false;
    const from = texts.starts[id]!;
    const to = texts.starts[id + 1]!;
    if (from === to) return false;
    this.range(texts.bytes, from, to);
    return true;
  }

  text(value: string) {
    this.room(Buffer.byteLength(value));
    this.at += this.out.write(value, this.at);
  }

  /** A text field of a COPY line as csv.ts's csvText writes it; nothing for NULL. */
  copiedText(bytes: Buffer, from: number, to: number) {
    if (from === to) return;
    let plain = !startsFormula(bytes, from, to);
    for (let i = from; plain && i < to; i += 1) {
      const c = bytes[i]!;
      plain = c !== BACKSLASH && c !== QUOTE && c !== COMMA && c !== SEMICOLON;
    }
    if (plain) return this.range(bytes, from, to);
    const value = copiedField(bytes.toString('utf8', from, to));
    if (value !== null) this.text(csvText(value));
  }

  /**
   * A whole number of minor units given by a COPY field's digits, with `scale` decimals after
   * `decimalMark` (a character code: 46 '.' or 44 ',') as csv.ts decimalText writes it; nothing for NULL.
   */
  copiedDecimal(bytes: Buffer, from: number, to: number, scale: number, decimalMark = 46) {
    if (bytes[from] === BACKSLASH) return;
    if (scale === 0) return this.range(bytes, from, to);
    this.room(to - from + scale + 2);
    const out = this.out;
    let at = this.at;
    if (bytes[from] === 45) {
      out[at++] = 45;
      from += 1;
    }
    const whole = to - from - scale;
    if (whole > 0) for (let i = 0; i < whole; i += 1) out[at++] = bytes[from + i]!;
    else out[at++] = 48;
    out[at++] = decimalMark;
    for (let i = whole; i < 0; i += 1) out[at++] = 48;
    for (let i = Math.max(from + whole, from); i < to; i += 1) out[at++] = bytes[i]!;
    this.at = at;
  }

  /** 'H:MM:SS' of whole seconds, hours past 24 as they are (charges-export.ts durationText). */
  duration(seconds: number) {
    const hours = Math.floor(seconds / 3600);
    const minutes = Math.floor(seconds / 60) % 60;
    const rest = seconds % 60;
    this.room(24);
    this.at += this.out.write(String(hours), this.at, 'latin1');
    const out = this.out;
    out[this.at++] = 58;
    out[this.at++] = 48 + Math.floor(minutes / 10);
    out[this.at++] = 48 + (minutes % 10);
    out[this.at++] = 58;
    out[this.at++] = 48 + Math.floor(rest / 10);
    out[this.at++] = 48 + (rest % 10);
  }

  /** The pieces filled so far; `all` also the one being filled. */
  take(all = false): Buffer[] {
    if (all && this.at > 0) {
      this.pieces.push(this.out.subarray(0, this.at));
      this.out = Buffer.allocUnsafe(PIECE);
      this.at = 0;
    }
    const pieces = this.pieces;
    this.pieces = [];
    return pieces;
  }
}

/** Texts by whole-number id in one buffer, for ids ascending from a few up: text `id` is `bytes[starts[id], starts[id + 1])`, none when empty. */
export class TextsById {
  readonly bytes: Buffer;
  readonly starts: Int32Array;

  /** `rows` by ascending id. */
  constructor(rows: readonly (readonly [id: number, text: string])[]) {
    const encoded = rows.map(([, text]) => Buffer.from(text));
    this.bytes = Buffer.concat(encoded);
    const last = rows.length > 0 ? rows[rows.length - 1]![0] : -1;
    this.starts = new Int32Array(last + 2);
    let at = 0;
    let next = 0;
    for (let id = 0; id <= last + 1; id += 1) {
      this.starts[id] = at;
      if (rows[next]?.[0] === id) at += encoded[next++]!.length;
    }
  }
}
