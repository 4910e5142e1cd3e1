/*
 * A station's entries of one flush of the message log (message-log.ts), kept as the UTF-8 text of
 * the JSON array the row stores, outside the JS heap. Thousands of frames a second wait up to a
 * flush: kept as strings they outlived the young generation's collections, were promoted and
 * cost the server a fifth of its throughput in collections (`npm run bench:ocpp`: log off against
 * on, and entries built but not kept); copied here, each frame's strings die young.
 */

const OPEN = 0x5b; // [
const COMMA = 0x2c;
const CLOSE = 0x5d; // ]
/** A row's first buffer: a busy station's second of frames. */
const FIRST_BYTES = 8_192;

/** Where an entry lies in its row, to replace it. */
export interface EntryPlace {
  start: number;
  end: number;
}

export class EntryRow {
  /** The last entry's time. */
  at: Date;
  count = 0;
  private bytes = Buffer.allocUnsafe(FIRST_BYTES);
  private length = 1;

  constructor(
    readonly stationId: number,
    at: Date,
  ) {
    this.at = at;
    this.bytes[0] = OPEN;
  }

  /** The row's size in bytes so far. */
  get size(): number {
    return this.length;
  }

  /** Room for `more` bytes past the end. */
  private reserve(more: number) {
    if (this.length + more <= this.bytes.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.length + more));
    this.bytes.copy(grown, 0, 0, this.length);
    this.bytes = grown;
  }

  /** Writes `entry` at the end (a UTF-16 unit takes at most 3 bytes in UTF-8). */
  private write(entry: string): number {
    this.reserve(entry.length * 3);
    return this.bytes.write(entry, this.length);
  }

  add(entry: string, at: Date): EntryPlace {
    if (this.count) {
      this.reserve(1);
      this.bytes[this.length++] = COMMA;
    }
    const start = this.length;
    this.length += this.write(entry);
    this.count += 1;
    this.at = at;
    return { start, end: this.length };
  }

  /** Puts `entry` in the place of the one at `place`; the entries after it follow it. */
  replace(place: EntryPlace, entry: string): void {
    const after = Buffer.from(this.bytes.subarray(place.end, this.length));
    this.length = place.start;
    this.length += this.write(entry);
    this.reserve(after.length);
    this.length += after.copy(this.bytes, this.length);
  }

  /** The JSON array's text. */
  text(): string {
    this.reserve(1);
    this.bytes[this.length] = CLOSE;
    return this.bytes.toString('utf8', 0, this.length + 1);
  }
}
