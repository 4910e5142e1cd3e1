/**
 * The promotions report (GET /ads/promotions/report/) and its export through the whole app over a
 * year of discounted charges: 1,000,000 charges with promotions in 2025 (a twelfth of them not
 * completed, which the report leaves out) among 500 promotions, beside the charges bench's network
 * and charges without a promotion (support/charges-data.ts), vacuumed as a settled table would be.
 * On PostgreSQL when BENCH_DATABASE_URL is set, in a database of its own, dropped at the end;
 * PGlite otherwise, with 100,000 (it prints what it used). Prints p50/p95/max of the report for
 * the year, a month, one promotion and one station, then csv and xlsx exports of the year's
 * report over HTTP to a client in another process: rows per second and this process's peak RSS.
 * Run: npm run bench:promotion-report   (CHARGES=, PROMOTIONS=, N= samples per case)
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import { addBenchManager, startSignedIn } from './support/api-app.ts';
import { seedCharges, type Sizes } from './support/charges-data.ts';
import { fetchInChild, peakRss } from './support/download.ts';
import { onPglite, onPostgresOnly, timeRequests } from './support/engines.ts';

const PROMOTED = { pglite: 100_000, postgres: 1_000_000 };
/** The network and its charges without a promotion (over 2024 and 2025). */
const NETWORK: Record<Database['kind'], Sizes> = {
  pglite: { drivers: 10_000, charges: 10_000, stations: 500 },
  postgres: { drivers: 100_000, charges: 100_000, stations: 500 },
};
const PROMOTIONS = Number(process.env.PROMOTIONS ?? 500);
const N = Number(process.env.N ?? 20);
const WARM_UP = 3;
const YEAR_FROM = '2025-01-01 00:00:00+06';
const YEAR_S = 365 * 86_400;
const CHUNK = 100_000;
const PRICE_TYIYN = 1_200;

async function seedPromotions(database: Database) {
  await database.db.execute(sql`
    insert into promotions (title_ru, title_en, title_ky, image, initiator, discount_basis_points, start_at, end_at, status)
    select 'Акция ' || g, 'Promotion ' || g, 'Акция ' || g, 'promotion-images/bench.png', 'company', 1000,
      ${YEAR_FROM}::timestamptz, ${YEAR_FROM}::timestamptz + interval '1 year', 0
    from generate_series(1, ${PROMOTIONS}::int) g`);
}

/** Discounted charges `from`..`to` of `total` over 2025 in start order, a tenth off, each named by its promotion. */
function insertPromotedCharges(database: Database, total: number, from: number, to: number) {
  return database.db.execute(sql`
    insert into charges (status, result, driver_id, id_tag, id_tag_status, station_id, station_name_ru, station_name_en, station_name_ky,
      merchant_id, station_connector_id, ocpp_connector_id, connector_typo, started_at, finished_at, meter_start_wh, meter_stop_wh,
      last_meter_wh, last_meter_at, consumed_wh, price_tyiyn, price_source, amount_tyiyn, discount_tyiyn, promotion_id, total_tyiyn,
      payment_method, stop_reason, created_at, updated_at)
    select st, case when st = 'not_completed' then 'failed' else 'successful' end, driver, 'BT' || driver, 'Accepted',
      sid, name_ru, name_en, name_ky, merchant_id, cid, ocpp, typo, started, started + make_interval(mins => 10 + g % 110),
      g::bigint * 100000 + 7, g::bigint * 100000 + 7 + wh, g::bigint * 100000 + 7 + wh, started + make_interval(mins => 10 + g % 110),
      wh, ${PRICE_TYIYN}::int, 'custom', amount, amount / 10, promotion,
      case when st = 'not_completed' then 0 else amount - amount / 10 end,
      case when st <> 'not_completed' then 'balance' end, case st when 'finished' then 'Local' when 'stopped' then 'Remote' end,
      started, started
    from (
      select g, s.id as sid, s.name_ru, s.name_en, s.name_ky, s.merchant_id, c.id as cid, c.ocpp_16_id as ocpp, c.typo,
        (select min(id) from drivers) + (g::bigint * 7919) % (select count(*) from drivers) as driver,
        -- Knuth's multiplicative hash: a promotion independent of the station and the status, which follow g.
        (select min(id) from promotions) + ((g::bigint * 2654435761) % 4294967296) % ${PROMOTIONS}::int as promotion,
        ${YEAR_FROM}::timestamptz + make_interval(secs => g * ${YEAR_S / total}::float8) as started,
        1000 + (g::bigint * 37) % 60000 as wh,
        (((1000 + (g::bigint * 37) % 60000) * ${PRICE_TYIYN}::int + 500) / 1000) as amount,
        case when (g::bigint * 31) % 100 < 8 then 'not_completed' when (g::bigint * 31) % 100 < 13 then 'stopped' else 'finished' end as st
      from generate_series(${from}::int, ${to}::int) g
      join stations s on s.id = (select min(id) from stations) + g % 500
      join station_connectors c on c.station_id = s.id and c.ocpp_16_id = 1 + (g / 500) % 2
    ) numbered`);
}

async function measure(engine: string, database: Database, dataDir: string) {
  const promoted = Number(process.env.CHARGES ?? PROMOTED[database.kind]);
  const network = NETWORK[database.kind];
  await database.migrate();
  const managerId = await addBenchManager(database);
  const seeding = performance.now();
  const progress = (step: string) =>
    console.log(`  ${engine}: ${step} after ${((performance.now() - seeding) / 1000).toFixed(0)} s`);
  await seedCharges(database, network, managerId, progress);
  await seedPromotions(database);
  for (let from = 1; from <= promoted; from += CHUNK) {
    await insertPromotedCharges(database, promoted, from, Math.min(promoted, from + CHUNK - 1));
    progress(`${Math.min(promoted, from + CHUNK - 1).toLocaleString('en')} charges with promotions`);
  }
  await database.db.execute(sql`vacuum analyze`);
  const seeded = (performance.now() - seeding) / 1000;
  const { app, headers } = await startSignedIn(database, dataDir);
  try {
    const get = (url: string) => app.inject({ method: 'GET', url, headers });
    const year = 'period__from=2025-01-01&period__to=2025-12-31';
    const cases: [name: string, query: string][] = [
      ['a year', year],
      ['a year, last page', `${year}&page=${Math.ceil(PROMOTIONS / 10)}`],
      ['a month', 'period__from=2025-06-01&period__to=2025-06-30'],
      ['a year, one promotion', `${year}&promotion_id__in=7`],
      ['a year, one station', `${year}&station_id__in=7`],
      ['no filter', ''],
    ];
    console.log(
      `\n${engine}: ${promoted.toLocaleString('en')} charges with ${PROMOTIONS} promotions over 2025 beside ${network.charges.toLocaleString('en')} without, ${network.drivers.toLocaleString('en')} drivers; seeded in ${seeded.toFixed(0)} s; ${N} requests per case, ms`,
    );
    console.log(`  ${'report'.padEnd(30)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'max'.padStart(8)}`);
    for (const [name, query] of cases) {
      const url = `/api/v1/ads/promotions/report/${query && `?${query}`}`;
      const r = await timeRequests(() => get(url), { n: N, warmUp: WARM_UP });
      console.log(
        `  ${name.padEnd(30)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.max.toFixed(1).padStart(8)}`,
      );
    }
    const rows = (await get(`/api/v1/ads/promotions/report/?${year}`)).json<{ total: number }>().total + 1;
    const port = (app.server.address() as AddressInfo).port;
    console.log(
      `  ${`export of a year (${rows} rows)`.padEnd(30)} ${'rows/s'.padStart(8)} ${'seconds'.padStart(8)} ${'RSS peak'.padStart(9)} ${'growth'.padStart(7)}`,
    );
    for (const format of ['csv', 'xlsx']) {
      const started = performance.now();
      const url = `http://127.0.0.1:${port}/api/v1/ads/promotions/report/export/?format=${format}&${year}`;
      const { result, peakMb, growthMb } = await peakRss(() => fetchInChild(url, '', headers.authorization));
      const seconds = (performance.now() - started) / 1000;
      if (result.status !== 200 || !result.complete)
        throw new Error(`${format}: answered ${result.status}, complete: ${result.complete}`);
      console.log(
        `  ${format.padEnd(30)} ${Math.round(rows / seconds)
          .toLocaleString('en')
          .padStart(
            8,
          )} ${seconds.toFixed(2).padStart(8)} ${`${peakMb.toFixed(0)} MB`.padStart(9)} ${`${growthMb.toFixed(0)} MB`.padStart(7)}`,
      );
    }
  } finally {
    await app.close();
  }
}

if (process.env.BENCH_DATABASE_URL) await onPostgresOnly('promotion-report', measure);
else await onPglite('promotion-report', measure);
