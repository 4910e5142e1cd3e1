import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../db/client.ts';
import { AWKWARD_TEXTS } from '../../test/awkward-texts.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import { bishkekWallClock, decimalText, wallClockText } from './columns.ts';
import { csvCellSql, csvCellsSql } from './csv-sql.ts';
import { CSV_COMMAS, CSV_SEMICOLONS, csvText } from './csv.ts';

/*
 * Each kind of cell PostgreSQL writes (csv-sql.ts) held to what csv.ts writes for the same value,
 * over many awkward values at once, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 *
 * The datetime cell relies on DateStyle ISO. A plain connection here has the default 'ISO, MDY';
 * the COPY pool (db/client.ts) sets it explicitly, so a server configured otherwise cannot change it.
 */

let db: Database;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db?.close();
});

/** `cell(v)` for each of `values` (typed by `cast`), in their order. */
async function cells(values: readonly (string | null)[], cast: SQL, cell: (value: SQL) => SQL): Promise<string[]> {
  const list = sql.join(
    values.map((value, i) => sql`(${i}::int, ${value}::${cast})`),
    sql`, `,
  );
  const rows = await queryRows<{ cell: string }>(
    db.db,
    sql`select ${cell(sql`v`)} as cell from (values ${list}) as t(i, v) order by i`,
  );
  return rows.map((row) => row.cell);
}

const TEXTS: (string | null)[] = [null, ...AWKWARD_TEXTS];

describe('csvCellSql', () => {
  it('writes a text as csvText does, and nothing for NULL', async () => {
    const written = await cells(TEXTS, sql`text`, csvCellSql.text);
    expect(written).toEqual(TEXTS.map((text) => (text === null ? '' : csvText(text))));
  });

  it('writes a label as csvText does for the label, and nothing for no key or an unknown key', async () => {
    const labels = {
      plain: 'Оплачено',
      formula: '=SUM(A1)',
      quoted: 'Card, "Visa"',
      minus: '-1',
      lines: 'a\r\nb',
      full: '＋x',
      emoji: '⚡️ fast',
    };
    const keys = [...Object.keys(labels), null, '', 'unknown', 'PLAIN'];
    const written = await cells(keys, sql`text`, (value) => csvCellSql.label(value, labels));
    expect(written).toEqual(
      keys.map((key) => (key !== null && key in labels ? csvText(labels[key as keyof typeof labels]) : '')),
    );
  });

  it('writes a whole number as csv.ts does, and nothing for NULL', async () => {
    const values = [
      0n,
      1n,
      -1n,
      42n,
      -250n,
      2n ** 31n,
      -(2n ** 31n),
      10n ** 15n,
      2n ** 53n + 1n,
      2n ** 63n - 1n,
      -(2n ** 63n),
    ];
    const written = await cells([...values.map(String), null], sql`bigint`, csvCellSql.integer);
    expect(written).toEqual([...values.map(String), '']);
  });

  it('writes a decimal as decimalText does, for scales 0, 2 and 3, with a point or a comma, and nothing for NULL', async () => {
    const units = [
      0,
      1,
      -1,
      5,
      -5,
      7,
      -7,
      10,
      99,
      100,
      -100,
      250,
      -250,
      999,
      1000,
      1001,
      19135,
      -19135,
      123456,
      12345678901,
      -12345678901,
      10 ** 15,
      -(10 ** 15),
      10 ** 15 - 1,
    ];
    for (const mark of ['.', ','] as const) {
      for (const scale of [0, 2, 3]) {
        const written = await cells([...units.map(String), null], sql`bigint`, (value) =>
          csvCellSql.decimal(value, scale, mark),
        );
        expect(written, `scale ${scale} mark ${mark}`).toEqual([
          ...units.map((value) => decimalText(value, scale, mark)),
          '',
        ]);
      }
    }
    expect(decimalText(-19135, 2, ',')).toBe('-191,35');
  });

  it('writes a datetime as csv.ts does in Bishkek time, cut to the second, and nothing for NULL', async () => {
    // Instants as [epoch ms, microseconds past the ms]: the database keeps microseconds, JavaScript milliseconds.
    const instants: [ms: number, micros: number][] = [
      [Date.UTC(2025, 2, 9, 18, 30, 5, 123), 456],
      [Date.UTC(2025, 2, 9, 23, 59, 59, 999), 999],
      [Date.UTC(2025, 2, 9, 17, 59, 59, 999), 999], // 23:59:59.999999 in Bishkek
      [Date.UTC(2025, 2, 9, 18, 0, 0, 0), 0], // Bishkek midnight
      [Date.UTC(2025, 2, 9, 18, 0, 0, 0), 1],
      [Date.UTC(2024, 11, 31, 17, 59, 59, 999), 999], // the last moment of 2024 in Bishkek
      [Date.UTC(2024, 11, 31, 18, 0, 0, 0), 0],
      [Date.UTC(2024, 1, 28, 18, 0, 0, 0), 0], // 29 February 2024 begins
      [Date.UTC(1970, 0, 1, 0, 0, 0, 0), 0],
      [Date.UTC(2004, 0, 15, 12, 0, 0, 0), 0], // UTC+5 in winter 2004
      [Date.UTC(2004, 6, 15, 12, 0, 0, 0), 0], // UTC+6 in summer 2004
      [Date.UTC(2004, 0, 1, 18, 59, 59, 999), 999], // midnight at UTC+5
      [Date.UTC(2004, 6, 1, 17, 59, 59, 999), 999], // midnight at UTC+6
      [Date.UTC(2005, 7, 12, 12, 0, 0, 0), 0],
      [Date.UTC(2030, 5, 1, 0, 0, 0, 0), 0],
    ];
    const texts = instants.map(
      ([ms, micros]) => `${new Date(ms).toISOString().slice(0, -1)}${String(micros).padStart(3, '0')}Z`,
    );
    const written = await cells([...texts, null], sql`timestamptz`, csvCellSql.datetime);
    expect(written).toEqual([...instants.map(([ms]) => wallClockText(bishkekWallClock(ms))), '']);
  });

  /*
   * From 1997 to 2004 Kyrgyzstan moved its clocks at 02:30 local time, which is half past a UTC
   * hour: in the half hour after each change csv.ts (which takes an hour's offset from its start)
   * and PostgreSQL disagree. Every instant here is compared with the time zone's own answer.
   */
  it('writes a datetime as csv.ts does around the 2004 clock changes at 02:30', async () => {
    const changes = [Date.UTC(2004, 2, 27, 21, 30), Date.UTC(2004, 9, 30, 20, 30)];
    const instants = changes.flatMap((at) =>
      [-61, -1, 0, 1, 15 * 60, 29 * 60 + 59, 30 * 60, 31 * 60].map((seconds) => at + seconds * 1000),
    );
    const written = await cells(
      instants.map((ms) => new Date(ms).toISOString()),
      sql`timestamptz`,
      csvCellSql.datetime,
    );
    // The time zone's own answer, from the platform's tz data, which the database's agrees with.
    const zone = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Asia/Bishkek',
      dateStyle: 'short',
      timeStyle: 'medium',
    });
    expect(written).toEqual(instants.map((ms) => zone.format(ms)));
    expect(written).toEqual(instants.map((ms) => wallClockText(bishkekWallClock(ms))));
  });
});

describe('csvCellsSql', () => {
  it.each([CSV_COMMAS, CSV_SEMICOLONS])(
    'joins the cells with the separator into the line csv.ts writes: %o',
    async (dialect) => {
      const { separator: s, decimalMark } = dialect;
      const rows = await queryRows<{ line: string }>(
        db.db,
        sql`select ${csvCellsSql(
          [
            csvCellSql.integer(sql`id`),
            csvCellSql.text(sql`driver`),
            csvCellSql.datetime(sql`started_at`),
            csvCellSql.decimal(sql`total`, 2, decimalMark),
            csvCellSql.label(sql`status`, { done: 'Готово, "ok"' }),
          ],
          dialect,
        )} as line
        from (values (7::bigint, 'He said "go"'::text, '2025-03-09T18:30:05.5Z'::timestamptz, -250::bigint, 'done'::text),
                     (8, null, null, null, null)) as t(id, driver, started_at, total, status)
        order by id`,
      );
      expect(rows.map((row) => row.line)).toEqual([
        `7${s}${csvText('He said "go"')}${s}${wallClockText(bishkekWallClock(Date.UTC(2025, 2, 9, 18, 30, 5)))}${s}${decimalText(-250, 2, decimalMark)}${s}${csvText('Готово, "ok"')}`,
        `8${s}${s}${s}${s}`,
      ]);
    },
  );
});
