import { describe, expect, it } from 'vitest';
import { durationText } from '../../modules/charges/charges-export.ts';
import { AWKWARD_TEXTS } from '../../test/awkward-texts.ts';
import type { ExportColumn } from './columns.ts';
import { decimalText } from './columns.ts';
import { copiedInteger, CsvBytes, TextsById } from './csv-bytes.ts';
import { CSV_COMMAS, csvChunks, csvText } from './csv.ts';

/*
 * CsvBytes writes cells straight from the bytes of COPY's text-format fields; every cell must be
 * what csv.ts writes for the same value, so each case here is held to csvText, decimalText and
 * durationText rather than to a spelled-out expectation.
 */

const PIECE = 256 * 1024;

const COPY_ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  '\t': '\\t',
  '\n': '\\n',
  '\r': '\\r',
  '\b': '\\b',
  '\f': '\\f',
  '\v': '\\v',
};

/** A value as COPY's text format writes the field: control characters and the backslash escaped, NULL as \N. */
function copyField(value: string | null): string {
  return value === null ? '\\N' : value.replace(/[\\\t\n\r\b\f\v]/g, (c) => COPY_ESCAPES[c]!);
}

function written(write: (out: CsvBytes) => void): string {
  const out = new CsvBytes();
  write(out);
  return Buffer.concat(out.take(true)).toString('utf8');
}

/** The cell copiedText writes for a field that sits inside a line, so the range's ends are tested too. */
function copiedTextCell(value: string | null): string {
  const field = Buffer.from(copyField(value));
  const line = Buffer.concat([Buffer.from('7\t'), field, Buffer.from('\tx\n')]);
  return written((out) => out.copiedText(line, 2, 2 + field.length));
}

function copiedDecimalCell(units: bigint | number | null, scale: number, decimalMark?: number): string {
  const field = Buffer.from(copyField(units === null ? null : String(units)));
  const line = Buffer.concat([Buffer.from('\\N\t'), field, Buffer.from('\n')]);
  return written((out) => out.copiedDecimal(line, 3, 3 + field.length, scale, decimalMark));
}

const TEXTS = AWKWARD_TEXTS;

describe('CsvBytes.copiedText', () => {
  it.each(TEXTS.map((text) => [JSON.stringify(text), text]))('writes %s as csvText does', (_, text) => {
    expect(copiedTextCell(text)).toBe(csvText(text));
  });

  it('writes nothing for NULL (\\N) and for an empty field', () => {
    expect(copiedTextCell(null)).toBe('');
    expect(copiedTextCell('')).toBe('');
  });

  it('writes every text of a line one after another, as csv.ts joins them', () => {
    const line = Buffer.from(`${TEXTS.map(copyField).join('\t')}\n`);
    const out = new CsvBytes();
    let from = 0;
    for (let i = 0; i < line.length; i += 1) {
      if (line[i] !== 9 && line[i] !== 10) continue;
      if (from > 0) out.byte(44);
      out.copiedText(line, from, i);
      from = i + 1;
    }
    out.crlf();
    expect(Buffer.concat(out.take(true)).toString('utf8')).toBe(`${TEXTS.map(csvText).join(',')}\r\n`);
  });
});

describe('CsvBytes.copiedDecimal', () => {
  const UNITS = [
    0,
    1,
    5,
    7,
    9,
    10,
    99,
    100,
    101,
    250,
    999,
    1000,
    1001,
    19135,
    123456,
    12345678901,
    10 ** 15,
    10 ** 15 + 7,
    Number.MAX_SAFE_INTEGER,
  ];
  const signed = UNITS.flatMap((units) => (units === 0 ? [0] : [units, -units]));
  const cases = [1, 2, 3].flatMap((scale) => signed.map((units) => [units, scale] as const));

  it.each(cases)('writes %d with scale %d as decimalText does', (units, scale) => {
    expect(copiedDecimalCell(units, scale)).toBe(decimalText(units, scale));
    expect(copiedDecimalCell(units, scale, 44)).toBe(decimalText(units, scale, ','));
  });

  // No export has a scale-0 decimal yet (contracts DECIMALS are 2 and 3), but decimalText writes the whole number with no point.
  it.each(signed)('writes %d with scale 0 as decimalText does, with no decimal point', (units) => {
    expect(copiedDecimalCell(units, 0)).toBe(decimalText(units, 0));
  });

  it('gives the examples of decimalText', () => {
    expect(copiedDecimalCell(19135, 2)).toBe('191.35');
    expect(copiedDecimalCell(-5, 2)).toBe('-0.05');
    expect(copiedDecimalCell(0, 3)).toBe('0.000');
    expect(copiedDecimalCell(7, 3)).toBe('0.007');
    expect(copiedDecimalCell(-250, 2)).toBe('-2.50');
    expect(copiedDecimalCell(12345678901, 2)).toBe('123456789.01');
  });

  it('writes nothing for NULL (\\N)', () => {
    for (const scale of [0, 2, 3]) expect(copiedDecimalCell(null, scale)).toBe('');
  });
});

describe('CsvBytes.duration', () => {
  const SECONDS = [
    0,
    1,
    9,
    10,
    59,
    60,
    61,
    599,
    600,
    3599,
    3600,
    3661,
    35999,
    36000,
    86399,
    86400,
    90061,
    359999,
    360000,
    3_600_000,
    3_600_000 + 3599,
    2 ** 31,
  ];

  it.each(SECONDS)('writes %d seconds as durationText does', (seconds) => {
    expect(written((out) => out.duration(seconds))).toBe(durationText(seconds));
  });

  it('writes many one after another', () => {
    const out = new CsvBytes();
    for (const seconds of SECONDS) {
      out.duration(seconds);
      out.byte(44);
    }
    expect(Buffer.concat(out.take(true)).toString('latin1')).toBe(
      SECONDS.map((seconds) => `${durationText(seconds)},`).join(''),
    );
  });
});

describe('copiedInteger', () => {
  it.each([0, 1, 7, 10, 42, 1000, 123456789, 2 ** 31, 10 ** 15])('reads %d from its digits', (value) => {
    const line = Buffer.from(`x\t${value}\ty`);
    const from = 2;
    const to = from + String(value).length;
    expect(copiedInteger(line, from, to)).toBe(value);
  });

  it('reads -1 for NULL (\\N)', () => {
    const line = Buffer.from('1\t\\N\t2');
    expect(copiedInteger(line, 2, 4)).toBe(-1);
  });
});

describe('CsvBytes pieces', () => {
  it('starts a new piece for a text exactly the piece size and beyond, and loses nothing', () => {
    for (const size of [PIECE - 1, PIECE, PIECE + 1, 3 * PIECE + 5]) {
      for (const before of [0, 1, PIECE - 1]) {
        const text = 'x'.repeat(size);
        const lead = 'a'.repeat(before);
        const out = new CsvBytes();
        out.text(lead);
        out.text(text);
        out.crlf();
        const pieces = out.take(true);
        expect(Buffer.concat(pieces).toString('utf8')).toBe(`${lead}${text}\r\n`);
        // Nothing is split inside a write: a piece is at most the piece size unless one write alone is bigger.
        for (const piece of pieces) expect(piece.length <= Math.max(PIECE, size + 2)).toBe(true);
      }
    }
  });

  it('copies a field of the piece size and beyond whole, Cyrillic and emoji not cut', () => {
    const unit = 'Бишкек🔌,"';
    for (const bytes of [PIECE - 3, PIECE, PIECE + 1, 2 * PIECE + 17]) {
      let value = unit.repeat(Math.ceil(bytes / Buffer.byteLength(unit)));
      while (Buffer.byteLength(value) > bytes) value = value.slice(0, -1);
      value = value.replace(/[\uD800-\uDBFF]$/, '');
      for (const quoted of [false, true]) {
        const text = quoted ? value : value.replace(/[,"]/g, '');
        const out = new CsvBytes();
        out.byte(49);
        out.byte(44);
        const field = Buffer.from(copyField(text));
        out.copiedText(field, 0, field.length);
        out.crlf();
        expect(Buffer.concat(out.take(true)).toString('utf8')).toBe(`1,${csvText(text)}\r\n`);
      }
    }
  });

  it('keeps the pieces already taken while it writes on', () => {
    const out = new CsvBytes();
    const lines: string[] = [];
    const taken: Buffer[] = [];
    for (let i = 0; i < 40_000; i += 1) {
      const line = `${i},Асанов Бакыт ${i},${decimalText(i * 37, 2)}\r\n`;
      lines.push(line);
      out.text(line);
      if (i % 1000 === 999) taken.push(...out.take());
    }
    expect(taken.length).toBeGreaterThan(1);
    taken.push(...out.take(true));
    expect(Buffer.concat(taken).toString('utf8')).toBe(lines.join(''));
    expect(out.take(true)).toEqual([]);
  });

  it('takes nothing before anything is written', () => {
    const out = new CsvBytes();
    expect(out.take()).toEqual([]);
    expect(out.take(true)).toEqual([]);
  });
});

describe('TextsById', () => {
  const cases: { name: string; rows: [number, string][] }[] = [
    { name: 'no rows', rows: [] },
    { name: 'id 0 alone', rows: [[0, 'zero']] },
    {
      name: 'ids from 0 with no gap',
      rows: [
        [0, 'a'],
        [1, 'Бишкек'],
        [2, '🔌'],
      ],
    },
    {
      name: 'gaps in ids',
      rows: [
        [3, 'Станция "Ала-Тоо", 1'],
        [7, 'b'],
        [8, ''],
        [20, '＝x'],
        [21, 'last'],
      ],
    },
    {
      name: 'an empty last text',
      rows: [
        [1, 'one'],
        [4, ''],
      ],
    },
  ];

  for (const { name, rows } of cases) {
    it(`gives each id its text and none for the others: ${name}`, () => {
      const texts = new TextsById(rows);
      const byId = new Map(rows);
      const last = rows.length > 0 ? rows[rows.length - 1]![0] : -1;
      for (let id = -2; id <= last + 3; id += 1) {
        const out = new CsvBytes();
        const found = out.textOf(texts, id);
        const text = byId.get(id);
        expect(found, `id ${id}`).toBe(text !== undefined && text !== '');
        expect(Buffer.concat(out.take(true)).toString('utf8'), `id ${id}`).toBe(text ?? '');
      }
    });
  }
});

describe('CsvBytes lines', () => {
  interface Row {
    id: number;
    driver: string | null;
    totalTyiyn: number | null;
  }

  const columns: ExportColumn<Row>[] = [
    { kind: 'integer', header: 'id', value: (row) => row.id },
    { kind: 'text', header: 'driver', value: (row) => row.driver },
    { kind: 'decimal', scale: 2, header: 'total', value: (row) => row.totalTyiyn },
  ];

  it('writes the lines csv.ts writes for the same rows', async () => {
    const rows: Row[] = TEXTS.map((driver, i) => ({
      id: i,
      driver: i % 7 === 3 ? null : driver,
      totalTyiyn: i % 5 === 2 ? null : (i - 20) * 1234,
    }));
    const copied = Buffer.from(
      rows
        .map(
          (row) =>
            `${row.id}\t${copyField(row.driver)}\t${copyField(row.totalTyiyn === null ? null : String(row.totalTyiyn))}\n`,
        )
        .join(''),
    );

    const out = new CsvBytes();
    let from = 0;
    let field = 0;
    for (let i = 0; i < copied.length; i += 1) {
      if (copied[i] !== 9 && copied[i] !== 10) continue;
      if (field === 0) out.text(String(copiedInteger(copied, from, i)));
      else if (field === 1) out.copiedText(copied, from, i);
      else out.copiedDecimal(copied, from, i, 2);
      if (copied[i] === 9) {
        out.byte(44);
        field += 1;
      } else {
        out.crlf();
        field = 0;
      }
      from = i + 1;
    }

    const expected: Buffer[] = [];
    for await (const piece of csvChunks(
      columns,
      (async function* () {
        yield rows;
      })(),
      CSV_COMMAS,
    ))
      expected.push(piece);
    const csv = Buffer.concat(expected).toString('utf8');
    const header = '\uFEFFid,driver,total\r\n';
    expect(csv.startsWith(header)).toBe(true);
    expect(Buffer.concat(out.take(true)).toString('utf8')).toBe(csv.slice(header.length));
  });
});
