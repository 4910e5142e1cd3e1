/**
 * Rows per batch for an export: on `npm run bench:exports` (PostgreSQL, 12 columns) 2,000 read and
 * wrote faster than 500, 1,000, 5,000 or 10,000, and kept the export's memory lowest but for 500.
 */
export const EXPORT_BATCH_SIZE = 2_000;

/**
 * Fetches the next `limit` rows after `last` (undefined: from the start), in the list's order.
 * Keyset pagination: the query continues from the last row's sort key, read from the stored row, e.g.
 * `where (started_at, id) < (select started_at, id from charges where id = ${last.id}) order by started_at desc, id desc`,
 * so every batch costs the same however deep the export is (an OFFSET would re-read every row before it).
 * Not `< (${last.startedAt}, ...)`: a JS Date keeps milliseconds and timestamptz microseconds, so the
 * rest of a batch of rows written in one transaction (one now()) would be skipped (drivers-export.test.ts).
 */
export type FetchBatch<Row> = (last: Row | undefined, limit: number) => Promise<readonly Row[]>;

/**
 * The rows of a list, `batchSize` at a time, for an export. Only two batches are in memory: the
 * one being written and the next, asked for as soon as this one arrives so the database works
 * while the file is written. A short batch is the last. Closing the iterator (the client went
 * away) waits for the batch already asked for and asks for no more.
 *
 * Each batch is its own statement, not one long transaction: on PGlite the export would otherwise
 * hold the only connection for its whole length. A row added or changed during an export may so
 * be missed or seen in its new place, as between two pages of the list.
 */
export async function* batchedRows<Row>(
  fetchBatch: FetchBatch<Row>,
  batchSize: number,
): AsyncGenerator<readonly Row[], void, undefined> {
  let next: Promise<readonly Row[]> | undefined = fetchBatch(undefined, batchSize);
  try {
    while (next) {
      const batch: readonly Row[] = await next;
      next = batch.length < batchSize ? undefined : fetchBatch(batch[batch.length - 1], batchSize);
      if (batch.length > 0) yield batch;
    }
  } finally {
    await next?.catch(() => undefined);
  }
}
