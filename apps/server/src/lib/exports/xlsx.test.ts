import { buffer } from 'node:stream/consumers';
import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readWorkbook, sheetValues } from '../../test/spreadsheets.ts';
import type { ExportColumn } from './columns.ts';
import { SharedStrings } from './xlsx-cells.ts';
import { sheetName } from './xlsx-parts.ts';
import { xlsxStream } from './xlsx.ts';

interface Charge {
  id: number;
  driver: string | null;
  startedAt: Date | number | null;
  energyWh: number | null;
  totalTyiyn: number | null;
  birthday?: string;
}

const columns: ExportColumn<Charge>[] = [
  { kind: 'integer', header: '№', value: (c) => c.id },
  { kind: 'text', header: 'Водитель', value: (c) => c.driver },
  { kind: 'datetime', header: 'Начало', value: (c) => c.startedAt },
  { kind: 'decimal', scale: 3, header: 'кВт·ч', value: (c) => c.energyWh },
  { kind: 'decimal', scale: 2, header: 'Итого, сом', value: (c) => c.totalTyiyn },
  { kind: 'date', header: 'Дата рождения', value: (c) => c.birthday },
];

async function* inBatches<T>(rows: T[], size: number) {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/** xl/sharedStrings.xml of a workbook, by its local header (written whole, its sizes in the header). */
function sharedStrings(bytes: Buffer): string {
  const header = bytes.indexOf(Buffer.from('xl/sharedStrings.xml')) - 30;
  expect(bytes.readUInt32LE(header)).toBe(0x04034b50);
  const start = header + 30 + bytes.readUInt16LE(header + 26) + bytes.readUInt16LE(header + 28);
  return inflateRawSync(bytes.subarray(start, start + bytes.readUInt32LE(header + 18))).toString();
}

async function workbookOf(rows: Charge[], options: { size?: number; rowsPerSheet?: number } = {}) {
  const batches = inBatches(rows, options.size ?? 2);
  const first = (await batches.next()).value ?? [];
  return readWorkbook(
    await buffer(xlsxStream({ title: 'Зарядки: март', columns, batches, first, rowsPerSheet: options.rowsPerSheet })),
  );
}

// 2025-03-10 00:30:05 in Bishkek (UTC+6): a date cell holds the wall time, which exceljs reads as UTC.
const AT = Date.UTC(2025, 2, 9, 18, 30, 5);
const BISHKEK_AT = new Date(Date.UTC(2025, 2, 10, 0, 30, 5));

describe('xlsx export', () => {
  it('reads back with numbers as numbers, instants as Bishkek date cells and text as text', async () => {
    const workbook = await workbookOf([
      {
        id: 1,
        driver: 'Асанов Бакыт',
        startedAt: new Date(AT),
        energyWh: 12345,
        totalTyiyn: 19135,
        birthday: '1990-02-28',
      },
      { id: 2, driver: '=1+1 & <b>"quoted"</b>\nsecond line', startedAt: AT, energyWh: 0, totalTyiyn: -250 },
      { id: 3, driver: null, startedAt: null, energyWh: null, totalTyiyn: null },
      { id: 4, driver: ' padded ', startedAt: Date.UTC(2025, 0, 1), energyWh: 1, totalTyiyn: 5 },
    ]);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Зарядки  март');
    expect(sheetValues(sheet)).toEqual([
      ['№', 'Водитель', 'Начало', 'кВт·ч', 'Итого, сом', 'Дата рождения'],
      [1, 'Асанов Бакыт', BISHKEK_AT, 12.345, 191.35, new Date(Date.UTC(1990, 1, 28))],
      [2, '=1+1 & <b>"quoted"</b>\nsecond line', BISHKEK_AT, 0, -2.5],
      [3],
      [4, ' padded ', new Date(Date.UTC(2025, 0, 1, 6)), 0.001, 0.05],
    ]);
    expect(sheet.getCell('C2').numFmt).toBe('dd.mm.yyyy hh:mm:ss');
    expect(sheet.getCell('D2').numFmt).toBe('0.000');
    expect(sheet.getCell('E2').numFmt).toBe('0.00');
    expect(sheet.getCell('F2').numFmt).toBe('dd.mm.yyyy');
    expect(sheet.getCell('B3').type).toBe(ExcelJS.ValueType.String);
  });

  it('has a bold header frozen above the rows and columns sized to their contents', async () => {
    const workbook = await workbookOf([
      { id: 1, driver: 'Жолдошбекова Үмүт Кубанычбековна', startedAt: AT, energyWh: 1, totalTyiyn: 1 },
    ]);
    const sheet = workbook.worksheets[0]!;
    expect(['A1', 'B1', 'F1'].map((cell) => sheet.getCell(cell).font?.bold)).toEqual([true, true, true]);
    expect(sheet.getCell('B2').font?.bold).toBeFalsy();
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const widths = sheet.columns.map((column) => column.width);
    expect(widths[0]).toBe(8);
    expect(widths[1]).toBe('Жолдошбекова Үмүт Кубанычбековна'.length + 2);
    expect(widths[2]).toBe(21);
  });

  it('reads cells back in their columns when cells are left out before them', async () => {
    const workbook = await workbookOf([
      { id: 1, driver: null, startedAt: AT, energyWh: null, totalTyiyn: 5, birthday: '1990-02-28' },
      { id: 2, driver: 'Исаков Айбек', startedAt: null, energyWh: null, totalTyiyn: null, birthday: '1990-02-28' },
    ]);
    const sheet = workbook.worksheets[0]!;
    expect(['A2', 'B2', 'C2', 'D2', 'E2', 'F2'].map((cell) => sheet.getCell(cell).value)).toEqual([
      1,
      null,
      BISHKEK_AT,
      null,
      0.05,
      new Date(Date.UTC(1990, 1, 28)),
    ]);
    expect(['A3', 'B3', 'C3', 'D3', 'E3', 'F3'].map((cell) => sheet.getCell(cell).value)).toEqual([
      2,
      'Исаков Айбек',
      null,
      null,
      null,
      new Date(Date.UTC(1990, 1, 28)),
    ]);
  });

  it('writes texts that repeat as shared strings, each once, kept exactly', async () => {
    const names = ['Асанов Бакыт', ' padded ', 'a & <b>', 'Асанов Бакыт'];
    const rows = Array.from({ length: 40 }, (_, i): Charge => ({
      id: i + 1,
      driver: names[i % names.length]!,
      startedAt: null,
      energyWh: null,
      totalTyiyn: null,
    }));
    const bytes = await buffer(
      xlsxStream({ title: 'Зарядки', columns, batches: inBatches(rows.slice(10), 10), first: rows.slice(0, 10) }),
    );
    const workbook = await readWorkbook(bytes);
    expect(sheetValues(workbook.worksheets[0]!).slice(1)).toEqual(rows.map((row) => [row.id, row.driver]));
    const strings = sharedStrings(bytes);
    expect(strings.match(/<si>/g)).toHaveLength(3);
    expect(strings).toContain('<si><t xml:space="preserve"> padded </t></si>');
  });

  it('keeps the shared strings bounded, writing texts past the bounds inline', () => {
    const shared = new SharedStrings();
    expect(shared.cell('Завершена')).toBe('<c t="s"><v>0</v></c>');
    expect(shared.cell('x'.repeat(300))).toBe(`<c t="inlineStr"><is><t>${'x'.repeat(300)}</t></is></c>`);
    for (let i = 1; shared.texts.length < 100_000; i += 1) shared.cell(String(i));
    expect(shared.cell('one too many')).toBe('<c t="inlineStr"><is><t>one too many</t></is></c>');
    expect(shared.cell('Завершена')).toBe('<c t="s"><v>0</v></c>');
  });

  it('drops characters XML cannot carry', async () => {
    const workbook = await workbookOf([
      { id: 1, driver: 'bell\u0007 and nul\u0000', startedAt: null, energyWh: null, totalTyiyn: null },
    ]);
    expect(workbook.worksheets[0]!.getCell('B2').value).toBe('bell and nul');
  });

  it('writes a sheet with only the header for an empty list', async () => {
    const workbook = await workbookOf([]);
    expect(sheetValues(workbook.worksheets[0]!)).toEqual([
      ['№', 'Водитель', 'Начало', 'кВт·ч', 'Итого, сом', 'Дата рождения'],
    ]);
  });

  it('goes on in a next sheet when a sheet is full, each with its header', async () => {
    const rows = Array.from({ length: 7 }, (_, i): Charge => ({
      id: i + 1,
      driver: `Водитель ${i + 1}`,
      startedAt: AT,
      energyWh: 1,
      totalTyiyn: 1,
    }));
    const workbook = await workbookOf(rows, { size: 2, rowsPerSheet: 3 });
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Зарядки  март',
      'Зарядки  март (2)',
      'Зарядки  март (3)',
    ]);
    expect(workbook.worksheets.map((sheet) => sheetValues(sheet).map((row) => row[0]))).toEqual([
      ['№', 1, 2, 3],
      ['№', 4, 5, 6],
      ['№', 7],
    ]);
  });

  it("names sheets within Excel's 31 characters and rules", () => {
    expect(sheetName('Charges / March [2025]?', 1)).toBe('Charges   March  2025');
    expect(sheetName('x'.repeat(40), 12)).toBe(`${'x'.repeat(26)} (12)`);
    expect(sheetName(' ', 1)).toBe('Sheet');
  });
});
