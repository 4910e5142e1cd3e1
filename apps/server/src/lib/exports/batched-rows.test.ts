import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../db/client.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import { batchedRows, type FetchBatch } from './batched-rows.ts';

/* Keyset batches over a real table: newest first by (started_at, id), many rows sharing a time. */

interface Row {
  id: number;
  started_ms: number;
}

let database: Database;
const asked: (Row | undefined)[] = [];

const fetchBatch: FetchBatch<Row> = (last, limit) => {
  asked.push(last);
  const after = last ? sql`where (started_at, id) < (to_timestamp(${last.started_ms / 1000}), ${last.id})` : sql``;
  return queryRows<Row>(
    database.db,
    sql`select id, (extract(epoch from started_at) * 1000)::float8 as started_ms from keyset_charges ${after}
        order by started_at desc, id desc limit ${limit}`,
  );
};

async function collect(batches: AsyncIterable<readonly Row[]>): Promise<Row[][]> {
  const all: Row[][] = [];
  for await (const batch of batches) all.push([...batch]);
  return all;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table keyset_charges (id int primary key, started_at timestamptz not null)`);
  // 1,000 charges over 100 distinct minutes: ten share each time, so the key needs the id too.
  await database.db.execute(sql`
    insert into keyset_charges select g, timestamptz '2025-01-01 00:00:00+06' + (g % 100) * interval '1 minute'
    from generate_series(1, 1000) g`);
});

afterAll(() => database?.close());

describe('batchedRows', () => {
  it('reads every row once, in the list order, each batch after the last row of the one before', async () => {
    asked.length = 0;
    const batches = await collect(batchedRows(fetchBatch, 128));
    expect(batches.map((batch) => batch.length)).toEqual([128, 128, 128, 128, 128, 128, 128, 104]);
    const ids = batches.flat().map((row) => row.id);
    expect(new Set(ids).size).toBe(1000);
    const expected = await queryRows<{ id: number }>(
      database.db,
      sql`select id from keyset_charges order by started_at desc, id desc`,
    );
    expect(ids).toEqual(expected.map((row) => row.id));
    expect(asked[0]).toBeUndefined();
    expect(asked.slice(1)).toEqual(batches.slice(0, -1).map((batch) => batch.at(-1)));
  });

  it('asks once more after a full last batch, and ends on the empty answer', async () => {
    asked.length = 0;
    const batches = await collect(batchedRows(fetchBatch, 250));
    expect(batches.map((batch) => batch.length)).toEqual([250, 250, 250, 250]);
    expect(asked).toHaveLength(5);
  });

  it('asks for the next batch while the current one is used, and for none once the reader stops', async () => {
    asked.length = 0;
    const reader = batchedRows(fetchBatch, 100);
    const first = await reader.next();
    expect(first.value).toHaveLength(100);
    // The second batch was asked for as soon as the first arrived.
    expect(asked).toHaveLength(2);
    await reader.return();
    expect(asked).toHaveLength(2);
    expect(await reader.next()).toEqual({ done: true, value: undefined });
  });
});
