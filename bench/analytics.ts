/**
 * The dashboard (issue 33, "Fast at scale"): GET /analytics/, /analytics/graph/ and
 * /analytics/timeline/, the heat map (/stations/heat-map/) and the merchant report with its export, through the whole app over a network of 10,000 stations of 500 merchants and
 * two years of charges ending now (support/charges-data.ts, without the ledger, which the dashboard
 * never reads), about 15% of them discounted under 500 promotions; a news item per merchant,
 * station, promotion and driver. First the read model is recounted from the charges, as the
 * migration does on an existing network (`rebuildAnalytics`), and timed; then each call, p50/p95/max.
 * On PostgreSQL when BENCH_DATABASE_URL is set (10,000,000 charges, 200,000 drivers), in a database
 * of its own, dropped at the end; PGlite otherwise (1,000,000 charges, 50,000 drivers). Prints what
 * it used. The aim: every call under 100 ms p95 at 10,000,000 charges on PostgreSQL.
 * QUIET_LOAD=1.5 waits (up to an hour) before timing until the 1-minute load average is under it,
 * so a long seeding can share the machine and the timing need not.
 * BENCH_KEEP_DATABASE=name seeds a database of that name on the server once and keeps it: later
 * runs time it as it is (while a query is tuned; the seeding of 10M takes half an hour).
 * Run: npm run bench:analytics   (CHARGES=, DRIVERS=, N= samples per case, QUIET_LOAD=, BENCH_KEEP_DATABASE=)
 */
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../apps/server/src/db/client.ts';
import { rebuildAnalytics } from '../apps/server/src/modules/analytics/analytics-recount.repository.ts';
import { addBenchManager, startSignedIn } from './support/api-app.ts';
import { seedCharges, type Sizes } from './support/charges-data.ts';
import { onKeptPostgres, onPglite, onPostgresOnly, timeRequests } from './support/engines.ts';

const NETWORK: Record<Database['kind'], Sizes> = {
  pglite: { drivers: 50_000, charges: 1_000_000, stations: 10_000, merchants: 500 },
  postgres: { drivers: 200_000, charges: 10_000_000, stations: 10_000, merchants: 500 },
};
const PROMOTIONS = 500;
/** Of the completed charges (92% of all): about 15% of all charges. */
const DISCOUNTED_PERCENT = 16;
const N = Number(process.env.N ?? 20);
const WARM_UP = 3;
const AIM_MS = 100;
const TWO_YEARS_MS = 2 * 365 * 86_400_000;
/** The newest charge starts this long before now, so every one has finished by now. */
const LAST_START_MS = 2 * 3_600_000;

/** A news item for each merchant, station, promotion and driver made, as the services record them. */
async function seedNews(database: Database) {
  await database.db.execute(sql`
    insert into news_events (kind, subject_id, title_ru, title_en, title_ky, created_at)
    select 'merchant_created', id, name_ru, name_en, name_ky, created_at from merchants
    union all select 'station_created', id, name_ru, name_en, name_ky, created_at from stations
    union all select 'promotion_created', id, title_ru, title_en, title_ky, created_at from promotions
    union all select 'user_created', id, surname, surname, surname, registered_at from drivers`);
}

/** Waits until the machine's 1-minute load average is under QUIET_LOAD, at most an hour; says how long. */
async function untilQuiet() {
  const quiet = Number(process.env.QUIET_LOAD ?? 0);
  if (!quiet) return;
  const waiting = performance.now();
  while (loadavg()[0]! >= quiet && performance.now() - waiting < 3_600_000) await sleep(10_000);
  console.log(
    `  waited ${((performance.now() - waiting) / 1000).toFixed(0)} s for a load average under ${quiet}: ${loadavg()
      .map((load) => load.toFixed(2))
      .join(', ')}`,
  );
}

const bishkekDay = (ms: number) => new Date(ms + 6 * 3_600_000).toISOString().slice(0, 10);

async function measure(engine: string, database: Database, dataDir: string, existed = false) {
  if (existed) {
    const migrating = performance.now();
    await database.migrate();
    console.log(
      `\n${engine}: seeded before, timed as it is after its migrations (${((performance.now() - migrating) / 1000).toFixed(1)} s)`,
    );
    return time(database, dataDir, await seededBefore(database));
  }
  const network: Sizes = {
    ...NETWORK[database.kind],
    charges: Number(process.env.CHARGES ?? NETWORK[database.kind].charges),
    drivers: Number(process.env.DRIVERS ?? NETWORK[database.kind].drivers),
  };
  const now = Date.now();
  const chargesFrom = new Date(now - LAST_START_MS - TWO_YEARS_MS);
  await database.migrate();
  const managerId = await addBenchManager(database);
  const seeding = performance.now();
  const progress = (step: string) =>
    console.log(`  ${engine}: ${step} after ${((performance.now() - seeding) / 1000).toFixed(0)} s`);
  await seedCharges(database, network, managerId, progress, {
    from: chargesFrom.toISOString(),
    // Drivers register over the four years to now: half before the charges, half during them.
    registeredFrom: new Date(now - 2 * TWO_YEARS_MS).toISOString(),
    discountedPercent: DISCOUNTED_PERCENT,
    promotions: PROMOTIONS,
    ledger: false,
    chunk: 500_000,
  });
  await seedNews(database);
  await database.db.execute(sql`vacuum analyze news_events`);
  const seeded = (performance.now() - seeding) / 1000;
  const [counted] = await queryRows<{ discounted: number; news: number }>(
    database.db,
    sql`select count(*) filter (where promotion_id is not null and discount_tyiyn > 0)::int as discounted,
      (select count(*)::int from news_events) as news from charges`,
  );

  const rebuilding = performance.now();
  const rebuilt = await rebuildAnalytics(database.db);
  const rebuildS = (performance.now() - rebuilding) / 1000;
  await database.db.execute(
    sql`vacuum analyze analytics_hours, analytics_promotion_user_days, analytics_promotion_user_gaps, analytics_merchant_days,
      analytics_station_days, analytics_station_months, analytics_station_years`,
  );

  console.log(
    `\n${engine}: ${network.charges.toLocaleString('en')} charges over 2 years to ${new Date(now).toISOString()} (${(counted?.discounted ?? 0).toLocaleString('en')} discounted, ${PROMOTIONS} promotions), ${network.drivers.toLocaleString('en')} drivers, ${network.stations.toLocaleString('en')} stations, ${network.merchants?.toLocaleString('en')} merchants, ${(counted?.news ?? 0).toLocaleString('en')} news items; seeded in ${seeded.toFixed(0)} s`,
  );
  console.log(
    `  rebuild from ${network.charges.toLocaleString('en')} charges: ${rebuildS.toFixed(1)} s (${rebuilt.hours.toLocaleString('en')} hours, ${rebuilt.promotionUsers.toLocaleString('en')} promotion user days)`,
  );

  await time(database, dataDir, { chargesFrom, now });
}

/** A kept database's span as seeded: from the first charge's start to its "now" (read from the starts' index). */
async function seededBefore(database: Database): Promise<{ chargesFrom: Date; now: number }> {
  const [span] = await queryRows<{ first: string; last: string }>(
    database.db,
    sql`select min(started_at)::text as first, max(started_at)::text as last from charges`,
  );
  return { chargesFrom: new Date(span!.first), now: new Date(span!.last).getTime() + LAST_START_MS };
}

async function time(database: Database, dataDir: string, { chargesFrom, now }: { chargesFrom: Date; now: number }) {
  await untilQuiet();
  const { app, headers } = await startSignedIn(database, dataDir);
  try {
    const range = `period__from=${bishkekDay(chargesFrom.getTime())}&period__to=${bishkekDay(now)}`;
    const year = `period__from=${bishkekDay(now).slice(0, 4)}-01-01&period__to=${bishkekDay(now)}`;
    const cases: [name: string, url: string][] = [
      ['figures, day', '/api/v1/analytics/?period=day'],
      ['figures, week', '/api/v1/analytics/?period=week'],
      ['figures, month', '/api/v1/analytics/?period=month'],
      ['figures, year', '/api/v1/analytics/?period=year'],
      ['figures, 2 years (custom)', `/api/v1/analytics/?${range}`],
      ['graph, year', '/api/v1/analytics/graph/?period=year'],
      ['graph, 2 years (custom)', `/api/v1/analytics/graph/?${range}`],
      ['timeline, 20', '/api/v1/analytics/timeline/?size=20'],
      ['heat map, year', '/api/v1/stations/heat-map/?period=year'],
      ['heat map, year, 18-22 h', '/api/v1/stations/heat-map/?period=year&hours__from=18&hours__to=22'],
      ['heat map, 2 years (custom)', `/api/v1/stations/heat-map/?${range}`],
      ['merchant report, year', `/api/v1/analytics/merchant-report/?${year}`],
      ['merchant report export, year', `/api/v1/analytics/merchant-report/export/?${year}&format=xlsx`],
    ];
    console.log(`  ${N} requests per case after ${WARM_UP} warm-ups (app.inject), ms; aim: p95 < ${AIM_MS}`);
    console.log(`  ${'call'.padEnd(28)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'max'.padStart(8)}`);
    for (const [name, url] of cases) {
      const r = await timeRequests(() => app.inject({ method: 'GET', url, headers }), { n: N, warmUp: WARM_UP });
      console.log(
        `  ${name.padEnd(28)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.max.toFixed(1).padStart(8)}${r.p95 < AIM_MS ? '' : '  MISSES the aim'}`,
      );
    }
  } finally {
    await app.close();
  }
}

if (process.env.BENCH_KEEP_DATABASE) await onKeptPostgres(process.env.BENCH_KEEP_DATABASE, measure);
else if (process.env.BENCH_DATABASE_URL) await onPostgresOnly('analytics', measure);
else await onPglite('analytics', measure);
