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
/**
 * First buffers of rows written, for the next rows: a flush's thousand new buffers a second were
 * worth a collection of their own now and then. At most this many wait (8 MB).
 */
const SPARE_MAX = 1_000;
const spare: Buffer[] = [];

export class EntryRow {
  /** The last entry's time. */
  at: Date;
  count = 0;
  private bytes = spare.pop() ?? Buffer.allocUnsafe(FIRST_BYTES);
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

  /** Writes the entry's parts at the end (a UTF-16 unit takes at most 3 bytes in UTF-8). */
  private write(parts: readonly string[]) {
    let chars = 0;
    for (const part of parts) chars += part.length;
    this.reserve(chars * 3);
    for (const part of parts) this.length += this.bytes.write(part, this.length);
  }

  /** Adds the entry whose text is `parts` one after the other; answers the bytes the row grew by. */
  add(parts: readonly string[], at: Date): number {
    const before = this.length;
    if (this.count) {
      this.reserve(1);
      this.bytes[this.length++] = COMMA;
    }
    this.write(parts);
    this.count += 1;
    this.at = at;
    return this.length - before;
  }

  /** The JSON array's text. */
  text(): string {
    this.reserve(1);
    this.bytes[this.length] = CLOSE;
    return this.bytes.toString('utf8', 0, this.length + 1);
  }

  /** The JSON array's text, once the row is complete: its buffer goes to the next rows. */
  done(): string {
    const text = this.text();
    if (this.bytes.length === FIRST_BYTES && spare.length < SPARE_MAX) spare.push(this.bytes);
    this.bytes = Buffer.alloc(0);
    this.length = 0;
    return text;
  }
}
