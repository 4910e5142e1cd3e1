/**
 * The xlsx writer alone (lib/exports/xlsx.ts and zip.ts): charge rows already in memory, the 19
 * columns of the charge export (charges-export.ts: ids, Cyrillic names, phone, two instants, a
 * duration, five decimals, short labels), written to a file and read as fast as it comes, no
 * database and no HTTP. Prints rows per second, the file's size, and this process's peak RSS and
 * its growth over the RSS before, sampled every 10 ms. The rows are made batch by batch as the
 * writer asks, as a database's would arrive, and their making is counted apart.
 * Run: npm run bench:xlsx   (ROWS=, BATCH=, RUNS= to change the sizes)
 */
import type { ConnectorType } from '@evcms/contracts/catalog';
import type { ChargeStatus, PaymentMethod } from '@evcms/contracts/charges';
import { EXPORT_BATCH_SIZE } from '../apps/server/src/lib/exports/batched-rows.ts';
import { xlsxStream } from '../apps/server/src/lib/exports/xlsx.ts';
import type { ChargeExportRow } from '../apps/server/src/modules/charges/charges-export.repository.ts';
import { chargeExportColumns } from '../apps/server/src/modules/charges/charges-export.ts';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const BATCH = Number(process.env.BATCH ?? EXPORT_BATCH_SIZE);
const RUNS = Number(process.env.RUNS ?? 3);
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
    driver: g % 20 === 0 ? null : { surname: SURNAMES[g % 6]!, firstName: FIRST_NAMES[g % 7]!, phone: String(996_700_000_000 + (g % 1_000_000)) },
    idTag: g % 3 === 0 ? null : `TAG${String(g % 100_000).padStart(6, '0')}`,
    stationName: `Станция ${g % 500}, Бишкек`,
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

async function run(): Promise<{ seconds: number; bytes: number; peakMb: number; growthMb: number }> {
  making = 0;
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const started = performance.now();
  const rows = batches();
  const first = (await rows.next()).value ?? [];
  let bytes = 0;
  for await (const chunk of xlsxStream({ title: 'Зарядки', columns: chargeExportColumns('ru'), batches: rows, first })) bytes += (chunk as Buffer).length;
  const seconds = (performance.now() - started - making) / 1000;
  clearInterval(timer);
  return { seconds, bytes, peakMb: peak / MB, growthMb: (peak - base) / MB };
}

console.log(`xlsx writer: ${ROWS.toLocaleString('en')} charge rows of 19 columns, batches of ${BATCH}; rows made in memory (time not counted)`);
console.log(`  ${'run'.padEnd(4)} ${'rows/s'.padStart(9)} ${'seconds'.padStart(8)} ${'MB file'.padStart(8)} ${'RSS peak'.padStart(9)} ${'growth'.padStart(7)}`);
const rates: number[] = [];
for (let i = 1; i <= RUNS; i += 1) {
  const { seconds, bytes, peakMb, growthMb } = await run();
  rates.push(ROWS / seconds);
  console.log(
    `  ${String(i).padEnd(4)} ${Math.round(ROWS / seconds).toLocaleString('en').padStart(9)} ${seconds.toFixed(2).padStart(8)} ${(bytes / MB).toFixed(1).padStart(8)} ${`${peakMb.toFixed(0)} MB`.padStart(9)} ${`${growthMb.toFixed(0)} MB`.padStart(7)}`,
  );
}
const best = Math.max(...rates);
console.log(`  best ${Math.round(best).toLocaleString('en')} rows/s, worst ${Math.round(Math.min(...rates)).toLocaleString('en')}`);
