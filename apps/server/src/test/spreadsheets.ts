import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';

/* Exports read back in tests, by libraries other than the code that wrote them. */

/** The records of a csv export, header first (its BOM dropped), its cells split by `separator` (`;` in ru and ky files). */
export function readCsv(bytes: Buffer, separator: ',' | ';' = ','): string[][] {
  return parse(bytes, { bom: true, delimiter: separator }) as string[][];
}

/** An xlsx export as exceljs reads it. */
export async function readWorkbook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  // exceljs types its input as its own ArrayBuffer-based `Buffer`.
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return workbook;
}

/** Each row's values from the first column on, as exceljs gives them (numbers, Dates, text). */
export function sheetValues(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}
