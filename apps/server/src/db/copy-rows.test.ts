import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { copiedRows, type CopiedRow } from './copied-text.ts';
import { copyLines, copyRows, inlinedQuery } from './copy-rows.ts';

/* Long reads through COPY ... TO STDOUT (PostgreSQL only: PGlite's exports read in keyset batches). */

const url = process.env.TEST_DATABASE_URL;

async function all(rows: AsyncIterable<CopiedRow[]>): Promise<CopiedRow[][]> {
  const batches: CopiedRow[][] = [];
  for await (const batch of rows) batches.push(batch);
  return batches;
}

describe('inlinedQuery', () => {
  it('writes each parameter in as a quoted literal, escaped', () => {
    expect(inlinedQuery(sql`select ${"a'b\\c"}::text, ${5}, ${true} where x in (${sql.join([1, 2], sql`, `)})`)).toBe(
      `select  E'a''b\\\\c'::text, '5', 'true' where x in ('1', '2')`,
    );
  });

  it('refuses what a literal cannot carry', () => {
    expect(() => inlinedQuery(sql`select ${{ a: 1 }}`)).toThrow(TypeError);
    expect(() => inlinedQuery(sql`select ${Number.NaN}`)).toThrow(TypeError);
  });
});

describe.skipIf(!url)('copyRows on PostgreSQL', () => {
  let pool: pg.Pool;
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: url, max: 2 });
  });
  afterAll(async () => {
    await pool.end();
  });

  it('gives every field as it was: tabs, line breaks, backslashes, a literal \\N, Cyrillic, empty text and NULL', async () => {
    const texts = ['a\tb', 'line\nbreak\r\n', 'back\\slash', '\\N', 'Асанов Ырыс 🚗', '', 'it\'s "quoted"', '\b\f\v'];
    const query = sql`select ${sql.join(
      texts.map((text) => sql`${text}::text`),
      sql`, `,
    )}, null::text, 42::int, 1709312399000::float8`;
    const [batch, ...more] = await all(copyRows(pool, query, 10));
    expect(more).toEqual([]);
    expect(batch).toEqual([[...texts, null, '42', '1709312399000']]);
  });

  it('splits the rows into batches in the query’s order, whole across the stream’s chunks', async () => {
    const query = sql`select n, repeat(chr(1040 + n % 32), n % 97) from generate_series(1, 60000) as n order by n desc`;
    const batches = await all(copyRows(pool, query, 7_000));
    expect(batches.map((batch) => batch.length)).toEqual([...Array<number>(8).fill(7_000), 4_000]);
    const rows = batches.flat();
    rows.forEach(([n, text], i) => {
      const expected = 60_000 - i;
      expect(Number(n)).toBe(expected);
      expect(text).toBe(String.fromCharCode(1040 + (expected % 32)).repeat(expected % 97));
    });
  });

  it('closes the connection of a read stopped early, and the pool goes on', async () => {
    const marker = `copy-stopped-${Date.now()}`;
    const rows = copyRows(pool, sql`select n, ${marker}::text from generate_series(1, 5000000) as n`, 1_000);
    for await (const batch of rows) {
      expect(batch).toHaveLength(1_000);
      break;
    }
    const { rows: alive } = await pool.query<{ ok: number }>('select 1 as ok');
    expect(alive).toEqual([{ ok: 1 }]);
    // The server notices the closed socket and ends the statement rather than writing 5 million rows.
    await vi.waitFor(
      async () => {
        const { rows: running } = await pool.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where query like 'COPY%' and query like $1 and pid <> pg_backend_pid()",
          [`%${marker}%`],
        );
        expect(running).toEqual([{ n: 0 }]);
      },
      { timeout: 20_000, interval: 100 },
    );
  });

  it('fails with the database’s error, and the pool goes on', async () => {
    await expect(
      all(copyRows(pool, sql`select 1 / (n - 3000) from generate_series(1, 5000) as n`, 100)),
    ).rejects.toThrow(/division by zero/);
    const { rows } = await pool.query<{ ok: number }>('select 1 as ok');
    expect(rows).toEqual([{ ok: 1 }]);
  });

  it('reads several queries in one snapshot, each line whole and marked with its query', async () => {
    await pool.query('create table if not exists copy_snapshot (n int)');
    await pool.query('truncate copy_snapshot');
    await pool.query('insert into copy_snapshot select generate_series(1, 3)');
    const seen: [number, CopiedRow[]][] = [];
    for await (const [query, lines] of copyLines(pool, [
      sql`select count(*) from copy_snapshot`,
      sql`select n, repeat('я', 40000) from generate_series(1, 20) as n`,
      sql`select count(*) from copy_snapshot`,
    ])) {
      expect(lines[lines.length - 1]).toBe(10);
      // Rows added by another connection between the reads are not in the second count.
      if (query === 0) await pool.query('insert into copy_snapshot values (4)');
      seen.push([query, copiedRows(lines)]);
    }
    expect(seen.filter(([query]) => query === 0).flatMap(([, rows]) => rows)).toEqual([['3']]);
    expect(
      seen.filter(([query]) => query === 1).flatMap(([, rows]) => rows.map(([n, text]) => [Number(n), text!.length])),
    ).toEqual(Array.from({ length: 20 }, (_, i) => [i + 1, 40_000]));
    expect(seen.filter(([query]) => query === 2).flatMap(([, rows]) => rows)).toEqual([['3']]);
    const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from copy_snapshot');
    expect(rows).toEqual([{ n: 4 }]);
    await pool.query('drop table copy_snapshot');
  });
});
