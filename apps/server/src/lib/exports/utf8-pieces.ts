/**
 * Text gathered into UTF-8 pieces of about 16K characters, for the csv and xlsx writers: encoding
 * the string of a whole batch at once (megabytes of two-byte Cyrillic, built by appending) ran
 * four times slower than encoding it in pieces that stay in the processor's cache.
 */
const PIECE_CHARS = 16_384;

export class Utf8Pieces {
  private readonly pieces: Buffer[] = [];
  private text: string;

  constructor(text = '') {
    this.text = text;
  }

  add(text: string) {
    this.text += text;
    if (this.text.length >= PIECE_CHARS) {
      this.pieces.push(Buffer.from(this.text));
      this.text = '';
    }
  }

  done(): Buffer[] {
    if (this.text) this.pieces.push(Buffer.from(this.text));
    return this.pieces;
  }
}
