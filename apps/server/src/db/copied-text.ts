/*
 * COPY's text format read back (db/copy-rows.ts reads it from PostgreSQL): fields split on tabs,
 * \N for null, escapes undone. Text work alone: the exports import it on either database, and
 * with the embedded one no PostgreSQL driver gets loaded for it.
 */

/**
 * Rows per batch of a copied read. Rows that live across a batch's awaits outlast the young
 * generation and pile up in the old one until a full collection: batches of 2,000 more than
 * doubled the export's heap and slowed it (docs/performance.md).
 */
export const COPY_BATCH_SIZE = 500;

const ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\' };

/** A text-format field as it was: COPY writes a backslash, tab, line break and the like as \\, \t, \n. */
function unescaped(field: string): string {
  return field.replace(/\\(.)/g, (escape: string, letter: string) => ESCAPES[letter] ?? escape);
}

export type CopiedRow = (string | null)[];

/** The fields of one text-format line: null for \N. */
function fieldsOf(line: string): CopiedRow {
  const fields: CopiedRow = line.split('\t');
  // Most lines hold no backslash at all: one look at the line spares one per field.
  if (!line.includes('\\')) return fields;
  for (let i = 0; i < fields.length; i += 1) {
    const field = fields[i]!;
    if (field.includes('\\')) fields[i] = copiedField(field);
  }
  return fields;
}

/** A text-format field as its value: null for \N, escapes undone. */
export function copiedField(field: string): string | null {
  return field === '\\N' ? null : field.includes('\\') ? unescaped(field) : field;
}

/** The rows of text-format lines (a piece of `copyLines`), each as its fields' text. */
export function copiedRows(lines: Buffer): CopiedRow[] {
  return lines
    .toString('utf8', 0, lines.length - 1)
    .split('\n')
    .map(fieldsOf);
}
