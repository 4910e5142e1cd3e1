/**
 * The xlsx writers side by side (issue 30): the product's (its own xlsx parts, lib/exports/xlsx.ts,
 * zipped by yazl) and exceljs's streaming WorkbookWriter (support/xlsx-writers.ts), on charge rows
 * already in memory with the 19 columns of the charge export (charges-export.ts: ids, Cyrillic
 * names, phone, two instants, a duration, five decimals, short labels), the file read as fast as
 * it comes, no database and no HTTP. Each run of each writer is a process of its own (so
 * its peak RSS is its own), the writers taking turns; prints rows per second, the file's size, the
 * process's peak RSS and its growth over the RSS before, sampled every 10 ms, then each writer's
 * best run and the product writer's ratio to exceljs. The rows are made batch by batch as the
 * writer asks, as a database's would arrive, and their making is not counted.
 * Run: npm run bench:xlsx   (ROWS= rows, 1,000,000; RUNS= runs of each writer, 2; WRITERS=own,exceljs; BATCH=)
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ConnectorType } from '@evcms/contracts/catalog';
import type { ChargeStatus, PaymentMethod } from '@evcms/contracts/charges';
import { EXPORT_BATCH_SIZE } from '../apps/server/src/lib/exports/batched-rows.ts';
import type { ChargeExportRow } from '../apps/server/src/modules/charges/charges-export.repository.ts';
import { chargeExportColumns } from '../apps/server/src/modules/charges/charges-export.ts';
import { XLSX_WRITERS } from './support/xlsx-writers.ts';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const BATCH = Number(process.env.BATCH ?? EXPORT_BATCH_SIZE);
const RUNS = Number(process.env.RUNS ?? 2);
const WRITERS = (process.env.WRITERS ?? 'own,exceljs').split(',');
/** Set in a child: the writer it runs once. */
const CHILD_WRITER = process.env.XLSX_WRITER;
const MB = 1024 * 1024;

const SURNAMES = ['Асанов', 'Жолдошбекова', 'Исаков', 'Мамытова', 'Сыдыков', 'Smith'];
const FIRST_NAMES = ['Бакыт', 'Үмүт', 'Айбек', 'Нургуль', 'Эрлан', 'Чолпон', 'John'];
const CONNECTORS: ConnectorType[] = ['ccs2', 'type2', 'chademo'];
const STATUSES: ChargeStatus[] = ['finished', 'finished', 'finished', 'not_completed', 'finished'];
const METHODS: (PaymentMethod | null)[] = ['balance', 'balance', 'cash', 'promotion', null];
const STARTED = Date.UTC(2024, 0, 1);

function charge(g: number): ChargeExportRow {
  const startedAt = STARTED + g * 37_000 + (g % 1000);
  const consumedWh = 1000 + ((g * 7919) % 60_000);
  const amountTyiyn = Math.round((consumedWh * 1200) / 1000);
  const discountTyiyn = g % 10 === 0 ? 500 : 0;
  return {
    id: g,
    driver:
      g % 20 === 0
        ? null
        : {
            surname: SURNAMES[g % 6]!,
            firstName: FIRST_NAMES[g % 7]!,
            phone: String(996_700_000_000 + (g % 1_000_000)),
          },
    idTag: g % 3 === 0 ? null : `TAG${String(g % 100_000).padStart(6, '0')}`,
    stationName: `Станция ${g % 500}, Бишкек`,
    promotionName: discountTyiyn ? `Акция ${g % 7}` : null,
    ocppConnectorId: 1 + (g % 2),
    connectorTypo: CONNECTORS[g % 3]!,
    startedAt,
    finishedAt: startedAt + (g % 90) * 60_000 + 1234,
    lastMeterAt: startedAt + (g % 90) * 60_000,
    consumedWh,
    priceTyiyn: 1200,
    amountTyiyn,
    discountTyiyn,
    totalTyiyn: amountTyiyn - discountTyiyn,
    paymentMethod: METHODS[g % 5]!,
    status: STATUSES[g % 5]!,
    result: g % 5 === 3 ? 'failed' : 'successful',
    stopReason: g % 4 === 0 ? 'EVDisconnected' : 'Local',
  };
}

let making = 0;

async function* batches(): AsyncGenerator<readonly ChargeExportRow[]> {
  for (let from = 1; from <= ROWS; from += BATCH) {
    const started = performance.now();
    const batch = Array.from({ length: Math.min(BATCH, ROWS - from + 1) }, (_, i) => charge(from + i));
    making += performance.now() - started;
    // A database's batch arrives as a later task, not in the same turn.
    await new Promise<void>((resolve) => setImmediate(resolve));
    yield batch;
  }
}

interface Result {
  seconds: number;
  bytes: number;
  peakMb: number;
  growthMb: number;
}

async function run(writer: string): Promise<Result> {
  making = 0;
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const started = performance.now();
  const rows = batches();
  const first = (await rows.next()).value ?? [];
  const bytes = await XLSX_WRITERS[writer]!.bytes({
    title: 'Зарядки',
    columns: chargeExportColumns('ru'),
    batches: rows,
    first,
  });
  const seconds = (performance.now() - started - making) / 1000;
  clearInterval(timer);
  return { seconds, bytes, peakMb: peak / MB, growthMb: (peak - base) / MB };
}

/** One run of `writer` in a process of its own, started as this one was (tsx's loader included). */
function runApart(writer: string): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, '--expose-gc', fileURLToPath(import.meta.url)], {
      env: { ...process.env, XLSX_WRITER: writer },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += String(chunk)));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as Result) : reject(new Error(`${writer}: exit ${code}`)),
    );
  });
}

async function main() {
  console.log(
    `xlsx writers: ${ROWS.toLocaleString('en')} charge rows of 19 columns, batches of ${BATCH}; rows made in memory (time not counted); deflate level 1`,
  );
  console.log(
    `  ${'writer'.padEnd(30)} ${'run'.padEnd(4)} ${'rows/s'.padStart(9)} ${'seconds'.padStart(8)} ${'MB file'.padStart(8)} ${'RSS peak'.padStart(9)} ${'growth'.padStart(7)}`,
  );
  const results: Record<string, Result[]> = {};
  for (let i = 1; i <= RUNS; i += 1) {
    for (const writer of WRITERS) {
      const result = await runApart(writer);
      (results[writer] ??= []).push(result);
      const { seconds, bytes, peakMb, growthMb } = result;
      console.log(
        `  ${XLSX_WRITERS[writer]!.label.padEnd(30)} ${String(i).padEnd(4)} ${Math.round(ROWS / seconds)
          .toLocaleString('en')
          .padStart(9)} ${seconds.toFixed(2).padStart(8)} ` +
          `${(bytes / MB).toFixed(1).padStart(8)} ${`${peakMb.toFixed(0)} MB`.padStart(9)} ${`${growthMb.toFixed(0)} MB`.padStart(7)}`,
      );
    }
  }
  console.log('  best run of each (rows/s; the lowest peak RSS and growth of its runs):');
  const best = Object.fromEntries(
    WRITERS.map((writer) => {
      const runs = results[writer]!;
      return [
        writer,
        {
          rate: Math.max(...runs.map((r) => ROWS / r.seconds)),
          peakMb: Math.min(...runs.map((r) => r.peakMb)),
          growthMb: Math.min(...runs.map((r) => r.growthMb)),
        },
      ];
    }),
  );
  for (const writer of WRITERS) {
    const { rate, peakMb, growthMb } = best[writer]!;
    console.log(
      `  ${XLSX_WRITERS[writer]!.label.padEnd(30)} ${Math.round(rate).toLocaleString('en').padStart(9)} rows/s, peak RSS ${peakMb.toFixed(0)} MB, growth ${growthMb.toFixed(0)} MB`,
    );
  }
  const own = best.own;
  if (own) {
    for (const writer of WRITERS.filter((one) => one !== 'own')) {
      const other = best[writer]!;
      console.log(
        `  own xlsx parts against ${XLSX_WRITERS[writer]!.label}: ${(own.rate / other.rate).toFixed(2)}x the rows/s, ${(other.peakMb / own.peakMb).toFixed(2)}x less peak RSS`,
      );
    }
  }
}

if (CHILD_WRITER) process.stdout.write(JSON.stringify(await run(CHILD_WRITER)));
else await main();
