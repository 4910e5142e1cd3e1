/**
 * The charge list, the driver list and the charge export through the whole app (routing,
 * validation, SQL, serialisation) over a large data set (support/charges-data.ts, vacuumed as a
 * settled table would be): 100,000 drivers and 1,000,000 charges on PostgreSQL, 10,000 and 100,000
 * on PGlite. Prints p50/p95/max of
 * page 1, a middle page and the last page (its "of N pages" total included), with each filter and
 * without; then csv and xlsx exports of every charge over HTTP to a client in another process:
 * rows per second and this process's peak RSS (see support/download.ts).
 * Run: npm run bench:charges   (BENCH_ENGINE=pglite|postgres for one engine, BENCH_DATABASE_URL
 * for PostgreSQL, CHARGES= and DRIVERS= for other sizes, N= samples per case, EXPORTS=0 to skip them)
 */
import type { AddressInfo } from 'node:net';
import type { Database } from '../apps/server/src/db/client.ts';
import { addBenchManager, startSignedIn } from './support/api-app.ts';
import { checkStatusCounts, COMMON_SURNAME, RARE_SURNAME, seedCharges, type Sizes } from './support/charges-data.ts';
import { fetchInChild, peakRss } from './support/download.ts';
import { onEachEngine, timeRequests } from './support/engines.ts';

const DEFAULT_SIZES: Record<Database['kind'], Sizes> = {
  pglite: { drivers: 10_000, charges: 100_000, stations: 500 },
  postgres: { drivers: 100_000, charges: 1_000_000, stations: 500 },
};
const N = Number(process.env.N ?? 100);
// The first requests also warm the pool's connections (each plans its first queries cold).
const WARM_UP = 20;

/** CHARGES= sets the charges on both engines, DRIVERS= the drivers (a tenth of the charges unless told). */
function sizesFor(kind: Database['kind']): Sizes {
  const charges = Number(process.env.CHARGES ?? DEFAULT_SIZES[kind].charges);
  return { ...DEFAULT_SIZES[kind], charges, drivers: Number(process.env.DRIVERS ?? Math.ceil(charges / 10)) };
}

/** The filtered lists measured; each at page 1 and its last page, the unfiltered one also in the middle. */
const CHARGE_LISTS: [name: string, query: string][] = [
  ['no filter', ''],
  ['status=finished (most)', 'status=finished'],
  ['status=pause (rare)', 'status=pause'],
  ['status=unauthorized,canceled', 'status=unauthorized,canceled'],
  ['one station', 'station_id__in=7'],
  ['three stations', 'station_id__in=7,8,9'],
  ['period: one month', 'period__from=2025-06-01&period__to=2025-06-30'],
  ['period: one year', 'period__from=2025-01-01&period__to=2025-12-31'],
  ['station+status+period', 'station_id__in=7&status=finished,stopped&period__from=2025-01-01&period__to=2025-12-31'],
  ['status+period: one month', 'status=finished&period__from=2025-06-01&period__to=2025-06-30'],
  ['finished date: one month', 'finished_date__from=2025-06-01&finished_date__to=2025-06-30'],
  ['finished time 22:00-06:00', 'finished_time__from=22:00:00&finished_time__to=06:00:00'],
  ['one driver', 'user=77'],
  ['charge number', 'search_by_tx_id=4242'],
];

const DRIVER_LISTS: [name: string, query: string][] = [
  ['drivers, no search', ''],
  [`drivers ?search=${COMMON_SURNAME} (1 in 6)`, `search=${encodeURIComponent(COMMON_SURNAME)}`],
  [`drivers ?search=${RARE_SURNAME} (1 in 1000)`, `search=${RARE_SURNAME}`],
];

type Row = [name: string, timing: { p50: number; p95: number; max: number }];

async function measure(engine: string, database: Database, dataDir: string) {
  const sizes = sizesFor(database.kind);
  await database.migrate();
  const managerId = await addBenchManager(database);
  const seeding = performance.now();
  await seedCharges(database, sizes, managerId, (step) =>
    console.log(`  ${engine}: ${step} after ${((performance.now() - seeding) / 1000).toFixed(0)} s`),
  );
  await checkStatusCounts(database);
  const seeded = (performance.now() - seeding) / 1000;
  const { app, headers } = await startSignedIn(database, dataDir);
  try {
    const get = (url: string) => app.inject({ method: 'GET', url, headers });
    const time = (url: string) => timeRequests(() => get(url), { n: N, warmUp: WARM_UP });
    const pagesOf = async (url: string) => (await get(url)).json<{ pages: number }>().pages;

    const rows: Row[] = [];
    const list = async (name: string, base: string, withMiddle: boolean) => {
      const url = (page: number) => `${base}${base.includes('?') ? '&' : '?'}page=${page}`;
      const pages = await pagesOf(url(1));
      rows.push([`${name}, page 1`, await time(url(1))]);
      if (withMiddle && pages > 2)
        rows.push([`${name}, page ${Math.ceil(pages / 2)}`, await time(url(Math.ceil(pages / 2)))]);
      if (pages > 1) rows.push([`${name}, last page ${pages}`, await time(url(pages))]);
    };
    for (const [name, query] of CHARGE_LISTS)
      await list(name, `/api/v1/users/transactions/${query && `?${query}`}`, name === 'no filter');
    for (const [name, query] of DRIVER_LISTS) await list(name, `/api/v1/users/${query && `?${query}`}`, false);

    console.log(
      `\n${engine}: ${sizes.drivers.toLocaleString('en')} drivers, ${sizes.charges.toLocaleString('en')} charges seeded in ${seeded.toFixed(0)} s; ${N} requests per case (10 a page), ms`,
    );
    console.log(`  ${'request'.padEnd(52)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'max'.padStart(7)}`);
    for (const [name, r] of rows)
      console.log(
        `  ${name.padEnd(52)} ${r.p50.toFixed(1).padStart(7)} ${r.p95.toFixed(1).padStart(7)} ${r.max.toFixed(1).padStart(7)}`,
      );

    if (process.env.EXPORTS === '0') return;
    const port = (app.server.address() as AddressInfo).port;
    console.log(
      `  ${'export of every charge'.padEnd(30)} ${'rows/s'.padStart(9)} ${'seconds'.padStart(8)} ${'MB sent'.padStart(8)} ${'RSS peak'.padStart(9)} ${'growth'.padStart(7)}`,
    );
    for (const format of ['csv', 'xlsx']) {
      const started = performance.now();
      const url = `http://127.0.0.1:${port}/api/v1/users/transactions/export/?format=${format}`;
      const { result, peakMb, growthMb } = await peakRss(() => fetchInChild(url, '', headers.authorization));
      const seconds = (performance.now() - started) / 1000;
      if (result.status !== 200 || !result.complete)
        throw new Error(`${format}: answered ${result.status}, complete: ${result.complete}`);
      const cells = [
        Math.round(sizes.charges / seconds)
          .toLocaleString('en')
          .padStart(9),
        seconds.toFixed(1).padStart(8),
        (result.bytes / 2 ** 20).toFixed(1).padStart(8),
      ];
      console.log(
        `  ${format.padEnd(30)} ${cells.join(' ')} ${`${peakMb.toFixed(0)} MB`.padStart(9)} ${`${growthMb.toFixed(0)} MB`.padStart(7)}`,
      );
    }
  } finally {
    await app.close();
  }
}

await onEachEngine('charges', measure);
