import { describe, expect, it } from 'vitest';
import { readCsv } from '../../test/spreadsheets.ts';
import type { ExportColumn } from './columns.ts';
import { CSV_COMMAS, CSV_SEMICOLONS, csvChunks, csvDialect, csvText, type CsvDialect } from './csv.ts';

interface Charge {
  id: number;
  driver: string | null;
  startedAt: Date | number | null;
  totalTyiyn: number | null;
  birthday?: string;
}

const columns: ExportColumn<Charge>[] = [
  { kind: 'integer', header: '№', value: (c) => c.id },
  { kind: 'text', header: 'Водитель', value: (c) => c.driver },
  { kind: 'datetime', header: 'Начало, Бишкек', value: (c) => c.startedAt },
  { kind: 'decimal', scale: 2, header: 'Итого "сом"', value: (c) => c.totalTyiyn },
  { kind: 'date', header: 'Дата рождения', value: (c) => c.birthday },
];

async function* inBatches<T>(rows: T[], size: number) {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

async function csvOf(rows: Charge[], size = 2, dialect: CsvDialect = CSV_COMMAS): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of csvChunks(columns, inBatches(rows, size), dialect)) pieces.push(piece);
  return Buffer.concat(pieces);
}

const AT = Date.UTC(2025, 2, 9, 18, 30, 5); // 2025-03-10 00:30:05 in Bishkek (UTC+6)

describe('csv export', () => {
  it('parses back to the rows: Cyrillic, quotes, commas and line breaks inside fields, times in Bishkek', async () => {
    const rows: Charge[] = [
      { id: 1, driver: 'Асанов Бакыт', startedAt: new Date(AT), totalTyiyn: 19135, birthday: '1990-02-28' },
      { id: 2, driver: 'He said "go", then\nleft', startedAt: AT + 1000, totalTyiyn: 5 },
      { id: 3, driver: 'Line\r\nbreak, Windows', startedAt: null, totalTyiyn: null },
      { id: 4, driver: null, startedAt: Date.UTC(2025, 0, 1), totalTyiyn: -250 },
      { id: 5, driver: 'Үмүт Жолдошбекова', startedAt: AT, totalTyiyn: 100 },
    ];
    const file = await csvOf(rows);
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(readCsv(file)).toEqual([
      ['№', 'Водитель', 'Начало, Бишкек', 'Итого "сом"', 'Дата рождения'],
      ['1', 'Асанов Бакыт', '2025-03-10 00:30:05', '191.35', '1990-02-28'],
      ['2', 'He said "go", then\nleft', '2025-03-10 00:30:06', '0.05', ''],
      ['3', 'Line\r\nbreak, Windows', '', '', ''],
      ['4', '', '2025-01-01 06:00:00', '-2.50', ''],
      ['5', 'Үмүт Жолдошбекова', '2025-03-10 00:30:05', '1.00', ''],
    ]);
  });

  it('ends every record with CRLF and quotes only the fields that need it', async () => {
    const text = (await csvOf([{ id: 7, driver: 'Plain', startedAt: null, totalTyiyn: 1 }])).toString('utf8');
    expect(text).toBe('\uFEFF№,Водитель,"Начало, Бишкек","Итого ""сом""",Дата рождения\r\n7,Plain,,0.01,\r\n');
  });

  it('writes semicolons and decimal commas for a ru or ky file, commas and points for an en one', async () => {
    expect(csvDialect('ru')).toEqual(CSV_SEMICOLONS);
    expect(csvDialect('ky')).toEqual(CSV_SEMICOLONS);
    expect(csvDialect('en')).toEqual(CSV_COMMAS);
    const rows = [
      { id: 7, driver: 'Plain', startedAt: null, totalTyiyn: -19135 },
      { id: 8, driver: 'a;b, c', startedAt: AT, totalTyiyn: 5 },
    ];
    const text = (await csvOf(rows, 2, CSV_SEMICOLONS)).toString('utf8');
    expect(text).toBe(
      '\uFEFF№;Водитель;"Начало, Бишкек";"Итого ""сом""";Дата рождения\r\n7;Plain;;-191,35;\r\n8;"a;b, c";2025-03-10 00:30:05;0,05;\r\n',
    );
    expect(readCsv(Buffer.from(text), ';')[2]).toEqual(['8', 'a;b, c', '2025-03-10 00:30:05', '0,05', '']);
  });

  it('leaves a plain signed number as it is: a phone, a negative amount', () => {
    for (const value of ['+996555100200', '-12.50', '+0', '-7']) expect(csvText(value)).toBe(value);
    expect(csvText('-12,50')).toBe('"-12,50"');
    for (const value of ['+996 555 100 200', '-12.', '-.5', '+1e5', '--1', '+1+2', '-2+3', '+', '-'])
      expect(csvText(value)).toBe(`'${value}`);
  });

  it('puts an apostrophe before text a spreadsheet would run as a formula, never before a number', async () => {
    const formulas = ['=HYPERLINK("http://x","y")', '+1+2', '-2+3', '@SUM(A1)', '\tTab', '\rCR', '＝1+1'];
    const rows = formulas.map((driver, i) => ({ id: -(i + 1), driver, startedAt: null, totalTyiyn: -100 }));
    const records = readCsv(await csvOf(rows, 3)).slice(1);
    expect(records.map((record) => record[1])).toEqual(formulas.map((formula) => `'${formula}`));
    expect(records.map((record) => record[0])).toEqual(formulas.map((_, i) => String(-(i + 1))));
    expect(records.every((record) => record[3] === '-1.00')).toBe(true);
  });

  it('writes the header alone for an empty list', async () => {
    expect((await csvOf([])).toString('utf8')).toBe(
      '\uFEFF№,Водитель,"Начало, Бишкек","Итого ""сом""",Дата рождения\r\n',
    );
  });

  it('quotes a field holding a comma, a semicolon, a quote or a line break and nothing else', () => {
    expect(csvText('a,b')).toBe('"a,b"');
    expect(csvText('a;b')).toBe('"a;b"');
    expect(csvText('a"b')).toBe('"a""b"');
    expect(csvText('a\nb')).toBe('"a\nb"');
    expect(csvText("it's fine")).toBe("it's fine");
    expect(csvText('')).toBe('');
  });
});
