/**
 * What promotions cost a charge (issue 31's figure): charges completed over OCPP with no promotion
 * in the network, then with PROMOTIONS active ones (each on about a quarter of the stations, a third
 * with happy hours, a quarter asking earlier charges, some a minimum amount), each variant on a fresh
 * database, REPEAT times, alternating. The app runs in this process on 127.0.0.1 and STATIONS
 * charge points (ocpp-rpc clients) each complete CHARGES charges one after another: StartTransaction,
 * METER_VALUES MeterValues, StopTransaction. Printed: the round trip of StopTransaction (the
 * settlement: price, discount, ledger) and of MeterValues (the running amount), p50 and p99 in ms.
 * Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:promotion-discounts
 * (BENCH_ENGINE=pglite for the embedded engine; PostgreSQL is the figure of docs/performance.md).
 */
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { RPCClient } from 'ocpp-rpc';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { queryRows, type Database } from '../apps/server/src/db/client.ts';
import { onEachEngine, percentile } from './support/engines.ts';
import { seedOcppNetwork } from './support/ocpp-data.ts';
import { benchIdentity, benchIdTag, STATION_PASSWORD } from './support/ocpp-frames.ts';

const STATIONS = Number(process.env.STATIONS ?? 100);
const CHARGES = Number(process.env.CHARGES ?? 10);
const METER_VALUES = Number(process.env.METER_VALUES ?? 3);
const PROMOTIONS = Number(process.env.PROMOTIONS ?? 200);
const REPEAT = Number(process.env.REPEAT ?? 2);
const STATION_KEY_SECRET = 'bench-station-key-bench-station-key-0123456789';

/** PROMOTIONS active promotions written with set-based SQL, varied as a network's would be. */
async function seedPromotions(database: Database): Promise<void> {
  await database.db.execute(sql`
    insert into promotions (title_ru, title_en, title_ky, image, initiator, min_charge_tyiyn, min_charges,
      discount_basis_points, discount_tyiyn, start_at, end_at, happy_hours_start, happy_hours_end, status, created_at)
    select 'Акция ' || g, 'Promotion ' || g, 'Акция ' || g, 'promotion-images/bench.png', 'company',
      case when g % 2 = 1 or g % 5 = 0 then 5000 else 0 end,
      case when g % 4 = 0 then 1 + g % 3 else 0 end,
      case when g % 2 = 0 then 100 + (g * 37) % 2900 end,
      case when g % 2 = 1 then 100 + (g * 53) % 4900 end,
      now() - interval '30 days', now() + interval '30 days',
      case when g % 3 = 0 then (time '00:00' + (g % 24) * interval '1 hour') end,
      case when g % 3 = 0 then (time '00:00' + ((g + 6) % 24) * interval '1 hour') end,
      0, now() - (g || ' minutes')::interval
    from generate_series(1, ${PROMOTIONS}::int) g`);
  // Each promotion on about a quarter of the stations.
  await database.db.execute(sql`
    insert into promotion_stations (promotion_id, station_id)
    select p.id, s.id from promotions p join stations s on (p.id * 7 + s.id * 13) % 4 = 0`);
  await database.db.execute(sql`analyze promotions; analyze promotion_stations`);
}

const energy = (wh: number, at: Date) => [
  { timestamp: at.toISOString(), sampledValue: [{ value: String(wh), measurand: 'Energy.Active.Import.Register' }] },
];

async function timed(into: number[], call: () => Promise<unknown>) {
  const start = performance.now();
  const answer = await call();
  into.push(performance.now() - start);
  return answer;
}

/** One station's charges, one after another; its meter keeps running across them. */
async function chargeOn(client: RPCClient, index: number, stops: number[], readings: number[]) {
  let meter = 0;
  for (let n = 0; n < CHARGES; n += 1) {
    const started = new Date(Date.now() - 3_600_000);
    const { transactionId } = (await timed([], () =>
      client.call('StartTransaction', {
        connectorId: 1,
        idTag: benchIdTag(index),
        meterStart: meter,
        timestamp: started.toISOString(),
      }),
    )) as { transactionId: number };
    for (let m = 1; m <= METER_VALUES; m += 1) {
      const at = new Date(started.getTime() + (m * 3_600_000) / (METER_VALUES + 1));
      await timed(readings, () =>
        client.call('MeterValues', { connectorId: 1, transactionId, meterValue: energy(meter + m * 2_000, at) }),
      );
    }
    meter += (METER_VALUES + 1) * 2_000;
    await timed(stops, () =>
      client.call('StopTransaction', { transactionId, meterStop: meter, timestamp: new Date().toISOString() }),
    );
  }
}

interface Run {
  variant: string;
  stops: number[];
  readings: number[];
  discounted: number;
}

async function measureVariant(variant: string, promotions: number, database: Database, dataDir: string): Promise<Run> {
  await database.migrate();
  await seedOcppNetwork(database, { stations: STATIONS, drivers: STATIONS }, STATION_KEY_SECRET);
  if (promotions) await seedPromotions(database);
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'warn',
    STATION_KEY_SECRET,
  });
  const app = await buildApp({ config, database, jwtSecret: 'bench-secret-bench-secret-bench-secret' });
  const clients: RPCClient[] = [];
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    for (let i = 0; i < STATIONS; i += 1) {
      const client = new RPCClient({
        endpoint: `ws://127.0.0.1:${port}/ocpp`,
        identity: benchIdentity(i),
        password: STATION_PASSWORD,
        protocols: ['ocpp1.6'],
        reconnect: false,
      } as ConstructorParameters<typeof RPCClient>[0]);
      await client.connect();
      clients.push(client);
    }
    const stops: number[] = [];
    const readings: number[] = [];
    await Promise.all(clients.map((client, i) => chargeOn(client, i, stops, readings)));
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from charges where promotion_id is not null`,
    );
    return { variant, stops, readings, discounted: row?.n ?? 0 };
  } finally {
    await Promise.all(clients.map((client) => client.close({ force: true })));
    await app.close();
  }
}

const ms = (values: number[], p: number) =>
  percentile(
    [...values].sort((a, b) => a - b),
    p,
  ).toFixed(1);

async function main() {
  console.log(
    `Charges completed over OCPP, ${STATIONS} stations x ${CHARGES} charges (${METER_VALUES} MeterValues each), none or ${PROMOTIONS} active promotions; ` +
      `${os.cpus().length} CPUs, Node ${process.version}, ${new Date().toISOString()}`,
  );
  const variants: [string, number][] = [
    ['no promotion', 0],
    [`${PROMOTIONS} promotions`, PROMOTIONS],
  ];
  for (let repeat = 1; repeat <= REPEAT; repeat += 1) {
    for (const [variant, promotions] of variants) {
      await onEachEngine('promotion-discounts', async (engine, database, dataDir) => {
        const run = await measureVariant(variant, promotions, database, dataDir);
        console.log(
          `  ${engine.padEnd(28)} run ${repeat} ${variant.padEnd(16)} StopTransaction p50 ${ms(run.stops, 50)} ms, p99 ${ms(run.stops, 99)} ms; ` +
            `MeterValues p50 ${ms(run.readings, 50)} ms, p99 ${ms(run.readings, 99)} ms; ${run.discounted} of ${run.stops.length} charges discounted`,
        );
      });
    }
  }
}

await main();
