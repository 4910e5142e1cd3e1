/**
 * Stations through the whole app (routing, validation, SQL, serialisation) with 500 merchants,
 * 5,000 stations and 20,000 connectors: p50/p95/max of one merchant's station list (plain and
 * searched) and of the station card call, then the time and memory of real uploads over HTTP on
 * 127.0.0.1: a station created with 10 photos of 1.9 MB, and one with a 100 MB video.
 * Memory is this process's (server and the streaming client together), sampled every 10 ms.
 * Bulk status changes (`PATCH /stations/statuses/`): p50/p95/max of one change of 1, 33 and 100
 * stations, and of 100 changes of 33 overlapping stations sent at once (their wall time too).
 * PGlite, and PostgreSQL when BENCH_DATABASE_URL is set. `PARTS=reads,bulk,uploads` (the default:
 * all) picks what runs.  Run: npm run bench:stations
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { STATUS_ACTIVE, STATUS_INACTIVE } from '@evcms/contracts/status';
import type { Database } from '../apps/server/src/db/client.ts';
import { stationConnectors, stations } from '../apps/server/src/db/schema/stations.ts';
import { BISHKEK, KYRGYZSTAN } from '../apps/server/src/test/builders/catalog.ts';
import { aStoredMerchant } from '../apps/server/src/test/builders/merchants.ts';
import { aStationForm, TINY_JPEG, TINY_MP4 } from '../apps/server/src/test/builders/stations.ts';
import { multipartStream } from '../apps/server/src/test/multipart.ts';
import { addBenchManager, startSignedIn, type BenchApp } from './support/api-app.ts';
import { onEachEngine, percentile, timeRequests } from './support/engines.ts';

const MERCHANTS = 500;
const STATIONS_PER_MERCHANT = 10;
const CONNECTORS_PER_STATION = 4;
const N = Number(process.env.N ?? 200);
const WARM_UP = 30;
const MB = 1024 * 1024;
const PARTS = new Set((process.env.PARTS ?? 'reads,bulk,uploads').split(','));
const PARALLEL = 100;

async function seed(database: Database): Promise<number> {
  await addBenchManager(database);
  // The merchants as the tests make them (through their service): only their stations are measured.
  const merchantIds: number[] = [];
  while (merchantIds.length < MERCHANTS) merchantIds.push(await aStoredMerchant(database));
  for (const [m, merchantId] of merchantIds.entries()) {
    const stationRows = Array.from({ length: STATIONS_PER_MERCHANT }, (_, k): typeof stations.$inferInsert => {
      const i = m * STATIONS_PER_MERCHANT + k;
      return {
        nameRu: `Станция ${i}`,
        nameEn: `Station ${i} ${k % 3 === 0 ? 'Volt' : 'Spark'}`,
        nameKy: `Станция ${i} ky`,
        addressRu: `Чуй ${i}`,
        addressEn: `Chui ${i}`,
        addressKy: `Чүй ${i}`,
        identity: `CP-${i}`,
        passwordHash: 'hmac-sha256$none$none',
        pic: 'Aibek',
        latitude: '42.870000',
        longitude: '74.590000',
        merchantId,
        countryId: KYRGYZSTAN,
        cityId: BISHKEK,
        schedule: [{ day: 0, start_time: '00:00:00', end_time: '00:00:00', is_break: false }],
        status: k % 4 === 0 ? STATUS_INACTIVE : STATUS_ACTIVE,
      };
    });
    const stationIds = (await database.db.insert(stations).values(stationRows).returning({ id: stations.id })).map(
      (row) => row.id,
    );
    const connectorRows = stationIds.flatMap((stationId) =>
      Array.from({ length: CONNECTORS_PER_STATION }, (_, c): typeof stationConnectors.$inferInsert => ({
        stationId,
        evseId: (c >> 1) + 1,
        connectorId: (c % 2) + 1,
        ocpp16Id: c + 1,
        typo: c % 2 ? 'ccs2' : 'type2',
        position: c + 1,
        powerW: 22_000,
      })),
    );
    await database.db.insert(stationConnectors).values(connectorRows);
  }
  return merchantIds[Math.floor(MERCHANTS / 2)]!;
}

/** Sends a multipart body to the listening app; answers the status and the time taken. */
type Entry = Parameters<typeof multipartStream>[0][number];

function upload(port: number, access: string, entries: readonly Entry[]): Promise<{ status: number; ms: number }> {
  const { body, headers } = multipartStream(entries);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/stations/',
        headers: { ...headers, authorization: `Bearer ${access}` },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on('error', reject);
    body.pipe(req);
  });
}

/** Peak growth of RSS and of heap + buffers while `work` runs. */
async function peakMemory<T>(work: () => Promise<T>): Promise<{ result: T; rssMb: number; heapMb: number }> {
  const base = process.memoryUsage();
  let rss = 0;
  let heap = 0;
  const sample = () => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss - base.rss);
    heap = Math.max(heap, now.heapUsed + now.arrayBuffers - base.heapUsed - base.arrayBuffers);
  };
  const timer = setInterval(sample, 10);
  try {
    const result = await work();
    sample();
    return { result, rssMb: rss / MB, heapMb: heap / MB };
  } finally {
    clearInterval(timer);
  }
}

type Print = (name: string, r: { p50: number; p95: number; max: number }) => void;

/**
 * Bulk status changes of stations spread over the table (every 37th id), activating and deactivating
 * in turn; then 100 changes of 33 overlapping stations (of 100) at once.
 */
async function measureBulk(app: BenchApp, headers: Record<string, string>, print: Print) {
  const spread = (count: number, offset: number) =>
    Array.from({ length: count }, (_, k) => 1 + ((offset + k * 37) % (MERCHANTS * STATIONS_PER_MERCHANT)));
  const change = (ids: number[], status: number) =>
    app.inject({ method: 'PATCH', url: '/api/v1/stations/statuses/', headers, payload: { ids, status } });
  for (const count of [1, 33, 100]) {
    const sets = [spread(count, 0), spread(count, 1)];
    const timing = await timeRequests((i) => change(sets[Math.floor(i / 2) % 2]!, i % 2), { n: N, warmUp: WARM_UP });
    print(`PATCH /stations/statuses/, ${count} ids`, timing);
  }
  const pool = spread(100, 2);
  const times: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: PARALLEL }, async (_, n) => {
      const ids = Array.from({ length: 33 }, (_, k) => pool[(n * 7 + k * 3) % pool.length]!);
      const begun = performance.now();
      const response = await change(ids, n % 2);
      times.push(performance.now() - begun);
      if (response.statusCode !== 200) throw new Error(`parallel change ${n}: ${response.statusCode} ${response.body}`);
    }),
  );
  const wall = performance.now() - started;
  times.sort((a, b) => a - b);
  print(`${PARALLEL} at once, 33 of 100 ids each`, {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times.at(-1)!,
  });
  console.log(`  (${PARALLEL} at once: ${(wall / 1000).toFixed(2)} s in all)`);
}

async function measure(engine: string, database: Database, dataDir: string) {
  await database.migrate();
  const seeding = performance.now();
  const merchantId = await seed(database);
  await database.db.execute(sql`ANALYZE`);
  const seeded = performance.now() - seeding;
  const { app, access, headers } = await startSignedIn(database, dataDir);
  try {
    const first = await app.inject({ method: 'GET', url: `/api/v1/stations/?merchant=${merchantId}`, headers });
    const ids = first.json<{ items: { id: number }[] }>().items.map((item) => item.id);
    console.log(
      `\n${engine}: ${MERCHANTS} merchants, ${MERCHANTS * STATIONS_PER_MERCHANT} stations, ${MERCHANTS * STATIONS_PER_MERCHANT * CONNECTORS_PER_STATION} connectors seeded in ${(seeded / 1000).toFixed(1)} s; ${N} requests per kind, ms`,
    );
    console.log(`  ${'request'.padEnd(40)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'max'.padStart(7)}`);
    const print = (name: string, r: { p50: number; p95: number; max: number }) =>
      console.log(
        `  ${name.padEnd(40)} ${r.p50.toFixed(1).padStart(7)} ${r.p95.toFixed(1).padStart(7)} ${r.max.toFixed(1).padStart(7)}`,
      );
    if (PARTS.has('reads')) {
      const get = (url: (i: number) => string) =>
        timeRequests((i) => app.inject({ method: 'GET', url: url(i), headers }), { n: N, warmUp: WARM_UP });
      print("one merchant's stations, page 1", await get(() => `/api/v1/stations/?merchant=${merchantId}`));
      print(
        "one merchant's stations ?search=volt",
        await get(() => `/api/v1/stations/?merchant=${merchantId}&search=volt`),
      );
      print('station card GET /stations/{id}/', await get((i) => `/api/v1/stations/${ids[i % ids.length]}/`));
      print(
        'for-update GET /stations/update/{id}/',
        await get((i) => `/api/v1/stations/update/${ids[i % ids.length]}/`),
      );
    }
    if (PARTS.has('bulk')) await measureBulk(app, headers, print);
    if (!PARTS.has('uploads')) return;
    const port = (app.server.address() as AddressInfo).port;
    const form = (): Entry[] => Object.entries(aStationForm(merchantId)).filter(([name]) => name !== 'media_files[0]');
    const photo = (i: number) => ({
      filename: `photo-${i}.jpg`,
      type: 'image/jpeg',
      head: TINY_JPEG,
      size: Math.round(1.9 * MB),
    });
    const photos = await peakMemory(() =>
      upload(port, access, [
        ...form(),
        ...Array.from({ length: 10 }, (_, i): Entry => [`media_files[${i}]`, photo(i)]),
      ]),
    );
    const video = await peakMemory(() =>
      upload(port, access, [
        ...form(),
        ['media_files[0]', photo(0)],
        ['media_files[1]', { filename: 'tour.mp4', type: 'video/mp4', head: TINY_MP4, size: 100 * MB }],
      ]),
    );
    for (const [name, r] of [
      ['10 photos of 1.9 MB (19 MB)', photos],
      ['a 100 MB video (and a photo)', video],
    ] as const) {
      if (r.result.status !== 201) throw new Error(`${name}: answered ${r.result.status}`);
      console.log(
        `  upload, ${name.padEnd(30)} ${(r.result.ms / 1000).toFixed(2)} s, peak growth: RSS ${r.rssMb.toFixed(1)} MB, heap+buffers ${r.heapMb.toFixed(1)} MB`,
      );
    }
  } finally {
    await app.close();
  }
}

await onEachEngine('stations', measure);
