import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo, type CopyToStreamQuery } from 'pg-copy-streams';
import { copiedRows, type CopiedRow } from './copied-text.ts';

/*
 * A long read from PostgreSQL through `COPY (query) TO STDOUT`, for the exports of a million rows.
 * node-postgres parses every field of every row of an ordinary query (about 150,000 rows/s of a
 * charge's 19 columns on the bench machine, most of it in the driver); COPY's text format arrives
 * as plain lines, split here with two String.split calls per row. The whole read is one statement
 * on a connection of its own, in the order the query gives, with no batch boundary to find again.
 */

const dialect = new PgDialect();

/** A field's value as a COPY literal's text: what node-postgres would send as the parameter. */
function parameterText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  throw new TypeError(`a COPY query takes strings, numbers, booleans and dates, not ${typeof value}`);
}

/**
 * `query` with its parameters written in: COPY takes none. Each becomes a quoted literal, which
 * PostgreSQL types from its place as it types a parameter, escaped by node-postgres's own rule.
 */
export function inlinedQuery(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    return value === null ? 'NULL' : pg.escapeLiteral(parameterText(value));
  });
}

/**
 * The text-format lines of each query in turn, as they arrive: each piece whole lines, every one
 * ending with its line break, with the index of its query. Several queries read one snapshot (a
 * repeatable-read transaction), so rows of one refer only to rows the others show. The stream
 * waits while the caller does (backpressure reaches the socket). Stopping early (return()) closes
 * the connection rather than reading the rest: PostgreSQL then cancels the statement. The
 * connection goes back to the pool only when every COPY ended by itself.
 */
export async function* copyLines(
  pool: pg.Pool,
  queries: readonly SQL[],
): AsyncGenerator<[query: number, lines: Buffer], void, undefined> {
  const client = await pool.connect();
  let finished = false;
  let stream: CopyToStreamQuery | undefined;
  try {
    if (queries.length > 1) await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    for (const [index, query] of queries.entries()) {
      stream = client.query(copyTo(`COPY (${inlinedQuery(query)}) TO STDOUT`));
      let rest: Buffer | undefined;
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        const bytes = rest ? Buffer.concat([rest, chunk]) : chunk;
        // A line ends at a 0x0A byte, which never occurs inside a UTF-8 sequence (nor inside a field: COPY writes \\n).
        const end = bytes.lastIndexOf(10);
        if (end < 0) {
          rest = bytes;
          continue;
        }
        rest = end === bytes.length - 1 ? undefined : bytes.subarray(end + 1);
        yield [index, bytes.subarray(0, end + 1)];
      }
    }
    if (queries.length > 1) await client.query('COMMIT');
    finished = true;
  } finally {
    if (!finished) stream?.destroy();
    client.release(!finished);
  }
}

/** The rows of `query` (`copyLines`), each as its fields' text in the query's column order, in batches of at most `batchSize`. */
export async function* copyRows(
  pool: pg.Pool,
  query: SQL,
  batchSize: number,
): AsyncGenerator<CopiedRow[], void, undefined> {
  let batch: CopiedRow[] = [];
  for await (const [, lines] of copyLines(pool, [query])) {
    for (const row of copiedRows(lines)) {
      batch.push(row);
      if (batch.length === batchSize) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length > 0) yield batch;
}
