/**
 * The drivers' app's feed against the health check, in one run: requests per second of
 * `GET /api/v1/health` (a database ping, the cheapest call) and of `GET /api/v1/app/feed/` with 20
 * banners, 20 fullscreens and 20 promotions at 5 active stations each, by the same client on
 * 127.0.0.1: CONCURRENCY loops of keep-alive requests (node:http), a phone's headers
 * (`Accept-Language: ru`, `Accept-Encoding: gzip`). Then the feed asked with its ETag (304), as an
 * app that has it already asks. Rounds alternate health and feed, so a neighbour's load falls on
 * both alike; the machine's busy share is printed beside each. Aim: feed at least 0.5 of health.
 * The feed's per-address limit is raised for the run (APP_FEED_REQUESTS_PER_MINUTE), as every
 * request comes from 127.0.0.1.
 * Run: npm run bench:app-feed   (BENCH_ENGINE=pglite|postgres, BENCH_DATABASE_URL for PostgreSQL,
 * SECONDS= per round, ROUNDS=, CONCURRENCY=)
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { STATUS_ACTIVE } from '@evcms/contracts/status';
import { FULLSCREEN_CATEGORY_KEYS } from '@evcms/contracts/banners';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { aBanner } from '../apps/server/src/test/builders/banners.ts';
import { aStoredMerchant } from '../apps/server/src/test/builders/merchants.ts';
import { aPromotion } from '../apps/server/src/test/builders/promotions.ts';
import { aStation } from '../apps/server/src/test/builders/stations.ts';
import { addBenchManager } from './support/api-app.ts';
import { onEachEngine } from './support/engines.ts';
import { cpuBetween, cpuSnapshot } from './support/machine-cpu.ts';

const ITEMS = 20;
const STATIONS = 50;
const STATIONS_PER_PROMOTION = 5;
const SECONDS = Number(process.env.SECONDS ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 32);
const PHONE = { 'accept-language': 'ru', 'accept-encoding': 'gzip' };

async function seed(database: Database) {
  await addBenchManager(database);
  const merchant = await aStoredMerchant(database);
  const stations: number[] = [];
  for (let i = 0; i < STATIONS; i += 1)
    stations.push((await aStation(database, merchant, { name: `Bench station ${i}`, status: STATUS_ACTIVE })).id);
  const some = (i: number) =>
    Array.from({ length: STATIONS_PER_PROMOTION }, (_, k) => stations[(i * 7 + k) % STATIONS]!);
  for (let i = 0; i < ITEMS; i += 1) {
    await aBanner(database, { name: `Banner ${i}`, stations: i % 2 ? some(i) : [] });
    const category = FULLSCREEN_CATEGORY_KEYS[i % FULLSCREEN_CATEGORY_KEYS.length]!;
    await aBanner(database, { type: 'fullscreen', name: `Fullscreen ${i}`, category });
    await aPromotion(database, { title_ru: `Акция ${i}`, stations: some(i) });
  }
}

interface Load {
  rps: number;
  meanMs: number;
  bytes: number;
  machinePct: number;
}

/** CONCURRENCY loops of GETs for SECONDS over kept-alive connections; any other status than `expected` stops the bench. */
async function load(url: string, headers: Record<string, string>, expected: number): Promise<Load> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let requests = 0;
  let bytes = 0;
  let busyMs = 0;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      http
        .get(url, { agent, headers }, (response) => {
          if (response.statusCode !== expected) reject(new Error(`${url}: ${response.statusCode}, not ${expected}`));
          response.on('data', (chunk: Buffer) => (bytes += chunk.length));
          response.on('end', () => {
            busyMs += performance.now() - started;
            requests += 1;
            resolve();
          });
        })
        .on('error', reject);
    });
  const cpu = cpuSnapshot();
  const started = performance.now();
  const ends = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < ends) await one();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const { machinePct } = cpuBetween(cpu, cpuSnapshot());
  agent.destroy();
  return { rps: requests / seconds, meanMs: busyMs / requests, bytes: bytes / requests, machinePct };
}

const line = (name: string, run: Load) =>
  `  ${name.padEnd(34)} ${run.rps.toFixed(0).padStart(7)} req/s ${run.meanMs.toFixed(2).padStart(7)} ms mean ${run.bytes.toFixed(0).padStart(6)} B  machine ${run.machinePct.toFixed(0)}% busy`;

async function measure(engine: string, database: Database, dataDir: string) {
  await database.migrate();
  await seed(database);
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'warn',
    // Every request of the bench comes from one address: the limit must not be what is measured.
    APP_FEED_REQUESTS_PER_MINUTE: String(1_000_000_000),
  });
  const app = await buildApp({ config, database, jwtSecret: 'bench-secret-bench-secret-bench-secret' });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`;
    const first = await fetch(`${base}/app/feed/`, { headers: PHONE });
    const json = await first.text();
    const feed = JSON.parse(json) as { banners: unknown[]; promotions: unknown[] };
    const etag = first.headers.get('etag')!;
    console.log(
      `\n${engine}: feed of ${feed.banners.length} banners, ${ITEMS} fullscreens, ${feed.promotions.length} promotions ` +
        `(${STATIONS_PER_PROMOTION} stations each), ${Buffer.byteLength(json)} B of JSON; ` +
        `${CONCURRENCY} concurrent keep-alive clients, ${ROUNDS} rounds of ${SECONDS} s each`,
    );
    // Warm both paths (JIT, the pool's connections) before anything is counted.
    for (const target of [`${base}/health`, `${base}/app/feed/`]) await load(target, PHONE, 200);
    const runs: Record<'health' | 'feed' | 'feed304', Load[]> = { health: [], feed: [], feed304: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      runs.health.push(await load(`${base}/health`, PHONE, 200));
      runs.feed.push(await load(`${base}/app/feed/`, PHONE, 200));
      runs.feed304.push(await load(`${base}/app/feed/`, { ...PHONE, 'if-none-match': etag }, 304));
    }
    for (let round = 0; round < ROUNDS; round += 1) {
      console.log(`  round ${round + 1}`);
      console.log(line('GET /api/v1/health', runs.health[round]!));
      console.log(line('GET /api/v1/app/feed/ (gzip)', runs.feed[round]!));
      console.log(line('GET /api/v1/app/feed/ (304)', runs.feed304[round]!));
    }
    const total = (loads: Load[]) => loads.reduce((sum, run) => sum + run.rps, 0);
    const ratio = total(runs.feed) / total(runs.health);
    const ratio304 = total(runs.feed304) / total(runs.health);
    console.log(
      `  feed / health: ${ratio.toFixed(2)} (304: ${ratio304.toFixed(2)}); aim at least 0.5: ${ratio >= 0.5 ? 'PASS' : 'FAIL'}`,
    );
  } finally {
    await app.close();
  }
}

console.log(
  `Driver-app feed bench on Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), ` +
    `load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}, ${new Date().toISOString()}`,
);
await onEachEngine('app-feed', measure);
