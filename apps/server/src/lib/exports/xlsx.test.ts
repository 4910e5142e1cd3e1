import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readWorkbook, sheetValues } from '../../test/spreadsheets.ts';
import type { ExportColumn } from './columns.ts';
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

async function workbookOf(rows: Charge[], options: { size?: number; rowsPerSheet?: number } = {}) {
  const batches = inBatches(rows, options.size ?? 2);
  const first = (await batches.next()).value ?? [];
  return readWorkbook(await buffer(xlsxStream({ title: 'Зарядки: март', columns, batches, first, rowsPerSheet: options.rowsPerSheet })));
}

// 2025-03-10 00:30:05 in Bishkek (UTC+6): a date cell holds the wall time, which exceljs reads as UTC.
const AT = Date.UTC(2025, 2, 9, 18, 30, 5);
const BISHKEK_AT = new Date(Date.UTC(2025, 2, 10, 0, 30, 5));

describe('xlsx export', () => {
  it('reads back with numbers as numbers, instants as Bishkek date cells and text as text', async () => {
    const workbook = await workbookOf([
      { id: 1, driver: 'Асанов Бакыт', startedAt: new Date(AT), energyWh: 12345, totalTyiyn: 19135, birthday: '1990-02-28' },
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
    const workbook = await workbookOf([{ id: 1, driver: 'Жолдошбекова Үмүт Кубанычбековна', startedAt: AT, energyWh: 1, totalTyiyn: 1 }]);
    const sheet = workbook.worksheets[0]!;
    expect(['A1', 'B1', 'F1'].map((cell) => sheet.getCell(cell).font?.bold)).toEqual([true, true, true]);
    expect(sheet.getCell('B2').font?.bold).toBeFalsy();
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const widths = sheet.columns.map((column) => column.width);
    expect(widths[0]).toBe(8);
    expect(widths[1]).toBe('Жолдошбекова Үмүт Кубанычбековна'.length + 2);
    expect(widths[2]).toBe(21);
  });

  it('drops characters XML cannot carry', async () => {
    const workbook = await workbookOf([{ id: 1, driver: 'bell\u0007 and nul\u0000', startedAt: null, energyWh: null, totalTyiyn: null }]);
    expect(workbook.worksheets[0]!.getCell('B2').value).toBe('bell and nul');
  });

  it('writes a sheet with only the header for an empty list', async () => {
    const workbook = await workbookOf([]);
    expect(sheetValues(workbook.worksheets[0]!)).toEqual([['№', 'Водитель', 'Начало', 'кВт·ч', 'Итого, сом', 'Дата рождения']]);
  });

  it('goes on in a next sheet when a sheet is full, each with its header', async () => {
    const rows = Array.from({ length: 7 }, (_, i): Charge => ({ id: i + 1, driver: `Водитель ${i + 1}`, startedAt: AT, energyWh: 1, totalTyiyn: 1 }));
    const workbook = await workbookOf(rows, { size: 2, rowsPerSheet: 3 });
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Зарядки  март', 'Зарядки  март (2)', 'Зарядки  март (3)']);
    expect(workbook.worksheets.map((sheet) => sheetValues(sheet).map((row) => row[0]))).toEqual([
      ['№', 1, 2, 3],
      ['№', 4, 5, 6],
      ['№', 7],
    ]);
  });

  it('names sheets within Excel\'s 31 characters and rules', () => {
    expect(sheetName('Charges / March [2025]?', 1)).toBe('Charges   March  2025');
    expect(sheetName('x'.repeat(40), 12)).toBe(`${'x'.repeat(26)} (12)`);
    expect(sheetName(' ', 1)).toBe('Sheet');
  });
});
