/**
 * The xlsx writers bench:xlsx compares on the same rows and columns (issue 30): the product's
 * (the own xlsx parts, lib/exports/xlsx.ts, zipped by yazl in zip.ts) and exceljs's streaming
 * WorkbookWriter with the same cell types and formats (its own zip, archiver). Each answers the
 * bytes of the file written, read as fast as they come. Deflate level 1 for both. (The own zip
 * writer that yazl replaced was a third: its figures are in docs/performance.md.)
 */
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { bishkekWallClock, type ExportColumn } from '../../apps/server/src/lib/exports/columns.ts';
import { COMPRESSION_LEVEL, xlsxStream, type XlsxOptions } from '../../apps/server/src/lib/exports/xlsx.ts';

async function drained(stream: AsyncIterable<unknown>): Promise<number> {
  let bytes = 0;
  for await (const chunk of stream) bytes += (chunk as Buffer).length;
  return bytes;
}

const numFmts: Record<ExportColumn<unknown>['kind'], (column: ExportColumn<unknown>) => string | undefined> = {
  text: () => undefined,
  integer: () => '0',
  decimal: (column) => (column.kind === 'decimal' ? `0.${'0'.repeat(column.scale)}` : undefined),
  datetime: () => 'dd.mm.yyyy hh:mm:ss',
  date: () => 'dd.mm.yyyy',
};

/** A cell's value as exceljs takes it: numbers, Dates of the Bishkek wall time (exceljs writes a Date as UTC), text. */
function cellValue<Row>(column: ExportColumn<Row>, row: Row): ExcelJS.CellValue {
  switch (column.kind) {
    case 'text':
      return column.value(row) ?? null;
    case 'integer': {
      const value = column.value(row);
      return value == null ? null : Number(value);
    }
    case 'decimal': {
      const units = column.value(row);
      return units == null ? null : units / 10 ** column.scale;
    }
    case 'datetime': {
      const instant = column.value(row);
      return instant == null ? null : new Date(bishkekWallClock(instant));
    }
    case 'date': {
      const day = column.value(row);
      return day ? new Date(`${day}T00:00:00Z`) : null;
    }
  }
}

async function exceljsBytes<Row>({ title, columns, batches, first }: XlsxOptions<Row>): Promise<number> {
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: sink,
    useStyles: true,
    useSharedStrings: false,
    zip: { zlib: { level: COMPRESSION_LEVEL } },
  } as never);
  const sheet = workbook.addWorksheet(title.slice(0, 31));
  sheet.columns = columns.map((column) => ({
    header: column.header,
    width: column.width ?? 16,
    style: { numFmt: numFmts[column.kind](column as ExportColumn<unknown>) },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const write = (rows: readonly Row[]) => {
    for (const row of rows) sheet.addRow(columns.map((column) => cellValue(column, row))).commit();
  };
  write(first);
  for (let next = await batches.next(); !next.done; next = await batches.next()) write(next.value);
  sheet.commit();
  await workbook.commit();
  return bytes;
}

export const XLSX_WRITERS: Record<
  string,
  { label: string; bytes: <Row>(options: XlsxOptions<Row>) => Promise<number> }
> = {
  own: { label: 'own xlsx parts + yazl', bytes: (options) => drained(xlsxStream(options)) },
  exceljs: { label: 'exceljs WorkbookWriter', bytes: exceljsBytes },
};
