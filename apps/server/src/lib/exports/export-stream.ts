import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { localDate } from '@evcms/contracts/dates';
import type { ExportFormat } from '@evcms/contracts/exports';
import type { Lang } from '@evcms/contracts/i18n';
import type { ExportColumn } from './columns.ts';
import { csvChunks, csvDialect, csvHeader } from './csv.ts';
import { xlsxStream } from './xlsx.ts';

/*
 * A list downloaded as a file (drivers, the ledger, charges): the rows stream from the database in
 * keyset batches (`batchedRows`) through the csv or xlsx writer to the client, as fast as the
 * client reads, so an export of a million rows takes the memory of a few batches.
 *
 * Compression (lib/compression.ts) applies as to any API answer: a csv (text/csv) is compressed as
 * a stream, chunk by chunk, and destroying the answer destroys the source through the plugin's
 * pipeline; an xlsx is a zip already, and its type is not one @fastify/compress compresses.
 */

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const FILE_HEADERS = ['content-type', 'content-disposition', 'content-encoding'];

interface ExportFile<Row> {
  /** The file's name before its date: 'charges' gives charges-2025-06-01.xlsx. */
  name: string;
  /** The xlsx sheet's name, localised ('Зарядки'). */
  title: string;
  /** The request's language, which the csv's separator and decimal mark follow (csv.ts csvDialect). */
  lang: Lang;
  columns: readonly ExportColumn<Row>[];
  /** Data rows per xlsx sheet (tests); Excel's limit by default. */
  rowsPerSheet?: number;
}

export type ExportRequest<Row> = ExportFile<Row> &
  (
    | {
        format: ExportFormat;
        /** The rows, in batches, usually `batchedRows(...)`; closed when the client goes away. */
        batches: AsyncIterable<readonly Row[]>;
      }
    | {
        format: 'csv';
        /** The csv's rows already written as `columns` would write them in `lang`'s dialect (the database did: csv-sql.ts), in UTF-8 pieces; the header still comes from `columns`. */
        csvRows: AsyncIterable<Buffer>;
      }
  );

/** Characters RFC 5987's attr-char allows unencoded; encodeURIComponent also leaves ' ( ) * ! */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `attachment` with the file's name twice: plain ASCII for old clients (other characters as '_'),
 * and as UTF-8 in `filename*` (RFC 6266 / RFC 5987), which browsers prefer.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}

/** 'charges-2025-06-01.csv': the name, the Bishkek day of the export, the format. */
export function exportFileName(name: string, format: ExportFormat, at: Date = new Date()): string {
  return `${name}-${localDate(at)}.${format}`;
}

async function* startingWith<T>(first: T, rest: AsyncIterator<T>): AsyncGenerator<T> {
  yield first;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

async function* csvFile(
  header: Buffer,
  first: IteratorResult<Buffer>,
  rest: AsyncIterator<Buffer>,
): AsyncGenerator<Buffer> {
  yield header;
  if (!first.done) yield* startingWith(first.value, rest);
}

/**
 * Streams the export as the reply. The first batch is read before the answer starts, so a query
 * that fails at once is still an error answer with its status and body; a failure later cuts the
 * download short (a client sees a broken transfer, never a truncated file that looks whole).
 *
 *   return sendExport(reply, { format: query.format, name: 'users', title, lang: request.lang, columns,
 *     batches: batchedRows((last, limit) => driversAfter(db, filters, last, limit), EXPORT_BATCH_SIZE) });
 */
export async function sendExport<Row>(reply: FastifyReply, request: ExportRequest<Row>): Promise<FastifyReply> {
  const { format, columns } = request;
  const dialect = csvDialect(request.lang);
  const source: AsyncIterator<readonly Row[] | Buffer> = ('batches' in request ? request.batches : request.csvRows)[
    Symbol.asyncIterator
  ]();
  const stop = () => void source.return?.().catch(() => undefined);
  let first: IteratorResult<readonly Row[] | Buffer>;
  try {
    first = await source.next();
  } catch (error) {
    stop();
    throw error;
  }
  let stream: Readable;
  if ('csvRows' in request) {
    stream = Readable.from(
      csvFile(csvHeader(columns, dialect), first as IteratorResult<Buffer>, source as AsyncIterator<Buffer>),
      { objectMode: false },
    );
  } else {
    const batches = source as AsyncIterator<readonly Row[]>;
    const firstRows = first.done ? [] : (first.value as readonly Row[]);
    stream =
      format === 'csv'
        ? Readable.from(csvChunks(columns, startingWith(firstRows, batches), dialect), { objectMode: false })
        : xlsxStream({ title: request.title, columns, batches, first: firstRows, rowsPerSheet: request.rowsPerSheet });
  }
  // However the answer ends (done, client gone, failed), the database is asked for nothing more.
  stream.once('close', stop);
  stream.once('error', () => {
    // Failed before a byte went out (a compressor may hold the first): the error handler answers
    // instead, as JSON, so the file's headers (and the compressor's encoding) must not stay.
    if (!reply.raw.headersSent) for (const name of FILE_HEADERS) reply.removeHeader(name);
  });
  return reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', contentDisposition(exportFileName(request.name, format)))
    .header('cache-control', 'no-store')
    .send(stream);
}
