/**
 * Exports (lib/exports) over real HTTP on 127.0.0.1: 100,000 charge-like rows on PGlite and
 * 1,000,000 on PostgreSQL (BENCH_DATABASE_URL), 12 columns (ids, Cyrillic names, two timestamps,
 * decimals), read from a real table in keyset batches and streamed as csv and as xlsx to a client in
 * another process that reads and discards. Prints rows per second, and this process's peak RSS
 * (the server's, with PGlite's memory when it is the engine) and its growth over the RSS before
 * the export, which is the export's own memory; sampled every 10 ms. For scale, the first line is
 * the same keyset batches read and dropped with no file made.
 * Run: npm run bench:exports   (ROWS=, BATCH= to change the sizes)
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportQuery } from '@evcms/contracts/exports';
import { z } from '@evcms/contracts/schema';
import { queryRows, type Database } from '../apps/server/src/db/client.ts';
import { registerCompression } from '../apps/server/src/lib/compression.ts';
import { registerErrorHandler } from '../apps/server/src/lib/error-handler.ts';
import { batchedRows, EXPORT_BATCH_SIZE, type FetchBatch } from '../apps/server/src/lib/exports/batched-rows.ts';
import type { ExportColumn } from '../apps/server/src/lib/exports/columns.ts';
import { sendExport } from '../apps/server/src/lib/exports/export-stream.ts';
import { registerLang } from '../apps/server/src/lib/lang.ts';
import { fetchInChild, peakRss } from './support/download.ts';
import { onEachEngine } from './support/engines.ts';

const ROWS = { pglite: Number(process.env.ROWS ?? 100_000), postgres: Number(process.env.ROWS ?? 1_000_000) };
const BATCH = Number(process.env.BATCH ?? EXPORT_BATCH_SIZE);
const MB = 1024 * 1024;

interface Charge {
  id: number;
  transaction_id: string;
  driver: string;
  phone: string;
  station: string;
  connector: string;
  started_at: string | Date;
  finished_at: string | Date;
  energy_wh: number;
  price_tyiyn: number;
  total_tyiyn: number;
  status: string;
}

const columns: ExportColumn<Charge>[] = [
  { kind: 'integer', header: '№', value: (c) => c.id },
  { kind: 'text', header: 'Транзакция', value: (c) => c.transaction_id },
  { kind: 'text', header: 'Водитель', value: (c) => c.driver },
  { kind: 'text', header: 'Телефон', value: (c) => c.phone },
  { kind: 'text', header: 'Станция', value: (c) => c.station },
  { kind: 'text', header: 'Коннектор', value: (c) => c.connector },
  { kind: 'datetime', header: 'Начало', value: (c) => c.started_at },
  { kind: 'datetime', header: 'Окончание', value: (c) => c.finished_at },
  { kind: 'decimal', scale: 3, header: 'Энергия, кВт·ч', value: (c) => c.energy_wh },
  { kind: 'decimal', scale: 2, header: 'Цена за кВт·ч, сом', value: (c) => c.price_tyiyn },
  { kind: 'decimal', scale: 2, header: 'Итого, сом', value: (c) => c.total_tyiyn },
  { kind: 'text', header: 'Статус', value: (c) => c.status },
];

async function seed(database: Database, rows: number) {
  await database.db.execute(sql`
    create table bench_charges (
      id int primary key, transaction_id text not null, driver text not null, phone text not null,
      station text not null, connector text not null, started_at timestamptz not null, finished_at timestamptz not null,
      energy_wh int not null, price_tyiyn int not null, total_tyiyn int not null, status text not null)`);
  await database.db.execute(sql`
    insert into bench_charges
    select g, 'TX-' || lpad(g::text, 8, '0'),
      (array['Асанов', 'Жолдошбекова', 'Исаков', 'Мамытова', 'Сыдыков "Младший"'])[g % 5 + 1] || ' ' ||
        (array['Бакыт', 'Үмүт', 'Айбек', 'Нургуль', 'Эрлан', 'Чолпон'])[g % 6 + 1],
      '996' || lpad((700000000 + g % 1000000)::text, 9, '0'),
      'Станция ' || (g % 500) || ', Бишкек', (array['CCS2', 'Type 2', 'CHAdeMO'])[g % 3 + 1],
      timestamptz '2025-01-01 00:00:00+06' + g * interval '37 seconds',
      timestamptz '2025-01-01 00:00:00+06' + g * interval '37 seconds' + (g % 90) * interval '1 minute',
      1000 + g % 60000, 1550, (1000 + g % 60000) * 155 / 100,
      (array['Завершена', 'Завершена', 'Завершена', 'Ошибка', 'Отменена'])[g % 5 + 1]
    from generate_series(1, ${rows}) g`);
  await database.db.execute(sql`create index bench_charges_started on bench_charges (started_at desc, id desc)`);
  await database.db.execute(sql`analyze bench_charges`);
}

/** Newest first, as the charges list: each batch after the last row's (started_at, id). */
function chargesAfter(database: Database): FetchBatch<Charge> {
  return (last, limit) =>
    queryRows<Charge>(
      database.db,
      sql`select * from bench_charges
          ${last ? sql`where (started_at, id) < (${last.started_at}::timestamptz, ${last.id})` : sql``}
          order by started_at desc, id desc limit ${limit}`,
    );
}

async function exportApp(database: Database): Promise<FastifyInstance> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerLang(app);
  registerErrorHandler(app);
  await registerCompression(app);
  app.withTypeProvider<ZodTypeProvider>().get('/api/v1/bench/charges/export/', {
    schema: { querystring: z.object(exportQuery) },
    handler: (request, reply) =>
      sendExport(reply, {
        format: request.query.format,
        name: 'charges',
        title: 'Зарядки',
        lang: 'ru',
        columns,
        batches: batchedRows(chargesAfter(database), BATCH),
      }),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return app;
}

async function measure(engine: string, database: Database) {
  const rows = ROWS[database.kind];
  const seeding = performance.now();
  await seed(database, rows);
  const seeded = (performance.now() - seeding) / 1000;
  const app = await exportApp(database);
  const port = (app.server.address() as AddressInfo).port;
  console.log(
    `\n${engine}: ${rows.toLocaleString('en')} rows of 12 columns seeded in ${seeded.toFixed(1)} s; keyset batches of ${BATCH}`,
  );
  console.log(
    `  ${'export'.padEnd(26)} ${'rows/s'.padStart(9)} ${'seconds'.padStart(8)} ${'MB sent'.padStart(8)} ${'RSS peak'.padStart(9)} ${'growth'.padStart(7)}`,
  );
  try {
    // What the database and its driver alone allow: the same batches read and dropped, no file.
    const reading = performance.now();
    let read = 0;
    for await (const batch of batchedRows(chargesAfter(database), BATCH)) read += batch.length;
    const readSeconds = (performance.now() - reading) / 1000;
    console.log(
      `  ${'(rows read, no file)'.padEnd(26)} ${Math.round(read / readSeconds)
        .toLocaleString('en')
        .padStart(9)} ${readSeconds.toFixed(1).padStart(8)}`,
    );
    for (const [name, format, encoding] of [
      ['csv', 'csv', ''],
      ['xlsx', 'xlsx', ''],
      ['csv, br (as browsers ask)', 'csv', 'gzip, deflate, br'],
    ] as const) {
      const started = performance.now();
      const { result, peakMb, growthMb } = await peakRss(() =>
        fetchInChild(`http://127.0.0.1:${port}/api/v1/bench/charges/export/?format=${format}`, encoding),
      );
      const seconds = (performance.now() - started) / 1000;
      if (result.status !== 200 || !result.complete)
        throw new Error(`${name}: answered ${result.status}, complete: ${result.complete}`);
      console.log(
        `  ${name.padEnd(26)} ${Math.round(rows / seconds)
          .toLocaleString('en')
          .padStart(
            9,
          )} ${seconds.toFixed(1).padStart(8)} ${(result.bytes / MB).toFixed(1).padStart(8)} ${`${peakMb.toFixed(0)} MB`.padStart(9)} ${`${growthMb.toFixed(0)} MB`.padStart(7)}`,
      );
    }
  } finally {
    await app.close();
  }
}

await onEachEngine('exports', measure);
