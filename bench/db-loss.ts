/**
 * PostgreSQL ending every connection of the server while stations charge: the real server
 * (main.ts) in a process of its own on a fresh database, STATIONS charge points charging one
 * charge after another (src/test/charging-stations.ts), the health endpoint asked every 100 ms.
 * After WARMUP_SECONDS, every backend of the database is terminated every 250 ms for
 * ATTACK_SECONDS (idle and busy, as a restart, a failover or a DBA would), then the run watches
 * for RECOVERY_SECONDS at most. Prints whether the process lived, the health answers and their
 * latency during the attack, how soon it answered 200 again, the stations still connected and
 * charging, and what the database lost of what the stations were told.
 * Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:db-loss
 * (SERVER_ROOT: the tree whose server to start, e.g. an older checkout with this one's node_modules.)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { RPCClient } from 'ocpp-rpc';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/postgres.ts';
import { randomToken } from '../apps/server/src/lib/secrets.ts';
import { hashStationPassword } from '../apps/server/src/modules/stations/station-passwords.ts';
import { updateStation } from '../apps/server/src/modules/stations/stations.repository.ts';
import { aDriver } from '../apps/server/src/test/builders/drivers.ts';
import { aStoredMerchant } from '../apps/server/src/test/builders/merchants.ts';
import { aRate } from '../apps/server/src/test/builders/rates.ts';
import { aStation } from '../apps/server/src/test/builders/stations.ts';
import { charging, lostAcknowledgements, type ChargingStation } from '../apps/server/src/test/charging-stations.ts';
import { freePort, startServerProcess } from '../apps/server/src/test/server-process.ts';

const STATIONS = Number(process.env.STATIONS ?? 50);
const WARMUP_SECONDS = Number(process.env.WARMUP_SECONDS ?? 5);
const ATTACK_SECONDS = Number(process.env.ATTACK_SECONDS ?? 10);
const RECOVERY_SECONDS = Number(process.env.RECOVERY_SECONDS ?? 30);
const STATION_KEY_SECRET = 'bench-db-loss-station-key-0123456789abcdef';
const PASSWORD = 'BenchDbLoss2026';
const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('BENCH_DATABASE_URL must name a PostgreSQL server');

const dbName = `evcms_bench_${randomToken(6)
  .toLowerCase()
  .replace(/[^a-z0-9]/g, '')}`;
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'evcms-bench-db-loss-'));

async function seed() {
  const database = await openPostgres(databaseUrl);
  try {
    await database.migrate();
    await aRate(database, { typo: 'type2', priceTyiyn: 1250, status: 0 });
    const merchant = await aStoredMerchant(database);
    const made: { id: number; identity: string; idTag: string }[] = [];
    for (let n = 0; n < STATIONS; n += 1) {
      const station = await aStation(database, merchant, { connectors: [{ evseId: 1, position: 1 }] });
      await updateStation(database.db, station.id, { passwordHash: hashStationPassword(STATION_KEY_SECRET, PASSWORD) });
      const idTag = `DBLOSS-${n}`;
      await aDriver(database, { balanceTyiyn: 100_000_000, idTags: [idTag] });
      made.push({ id: station.id, identity: station.identity, idTag });
    }
    return made;
  } finally {
    await database.close();
  }
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? NaN;

const made = await seed();
const port = await freePort();
const server = await startServerProcess(
  {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PORT: String(port),
    STATION_KEY_SECRET,
    WEB_DIST: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'error',
  },
  process.env.SERVER_ROOT ? path.resolve(process.env.SERVER_ROOT) : undefined,
);
const base = `http://127.0.0.1:${port}`;
const stations: ChargingStation[] = [];
try {
  for (const { id, identity, idTag } of made) {
    const client = new RPCClient({
      endpoint: `ws://127.0.0.1:${port}/ocpp`,
      identity,
      password: PASSWORD,
      protocols: ['ocpp1.6'],
      strictMode: true,
      reconnect: false,
    } as ConstructorParameters<typeof RPCClient>[0]);
    await client.connect();
    await client.call('BootNotification', { chargePointVendor: 'Bench', chargePointModel: 'db-loss' });
    stations.push({ id, identity, idTag, client, starts: [], stops: [] });
  }
  const halt = new AbortController();
  const loops = stations.map((station) =>
    charging(station, halt.signal).then(
      () => 'done',
      (error: Error) => error.message,
    ),
  );

  // Health every 100 ms: when it was asked, what came back, how long it took.
  const probes: { at: number; status: number | 'none'; ms: number }[] = [];
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const at = performance.now();
      const status = await fetch(`${base}/api/v1/health`, { signal: AbortSignal.timeout(5_000) }).then(
        async (response) => (await response.arrayBuffer(), response.status),
        () => 'none' as const,
      );
      probes.push({ at, status, ms: performance.now() - at });
      await delay(100);
    }
  })();

  await delay(WARMUP_SECONDS * 1000);
  const attackFrom = performance.now();
  const killed: Record<string, number> = {};
  let exitedAt: number | undefined;
  server.child.once('exit', () => (exitedAt = performance.now()));
  while (performance.now() - attackFrom < ATTACK_SECONDS * 1000) {
    const { rows } = await admin.query<{ state: string | null }>(
      `SELECT state, pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      [dbName],
    );
    for (const { state } of rows) killed[state ?? 'starting'] = (killed[state ?? 'starting'] ?? 0) + 1;
    await delay(250);
  }
  const attackTo = performance.now();
  const stopsAtAttackEnd = stations.map((station) => station.stops.length);
  // Recovered: health answers 200 and every station has finished a charge since (or the process is gone).
  const recovered = () =>
    probes.some((p) => p.at > attackTo && p.status === 200) &&
    stations.every((station, i) => station.stops.length > stopsAtAttackEnd[i]!);
  while (!recovered() && exitedAt === undefined && performance.now() - attackTo < RECOVERY_SECONDS * 1000)
    await delay(100);
  halt.abort();
  probing = false;
  await probe;
  const ended = await Promise.race([Promise.all(loops), delay(20_000).then(() => undefined)]);

  const during = probes.filter((p) => p.at >= attackFrom && p.at < attackTo);
  const answered = during.filter((p) => p.status !== 'none').map((p) => p.ms);
  const firstOk = probes.find((p) => p.at >= attackTo && p.status === 200);
  const starts = stations.reduce((sum, station) => sum + station.starts.length, 0);
  const stops = stations.reduce((sum, station) => sum + station.stops.length, 0);
  // Read once the attack is over, on a connection of its own.
  const inspector = new pg.Client({ connectionString: databaseUrl });
  await inspector.connect();
  const lost = await lostAcknowledgements(inspector, stations);
  const { rows: open } = await inspector.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM charges WHERE status IN ('initiated', 'in_progress', 'pause')",
  );
  await inspector.end();

  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `server process: ${exitedAt === undefined ? 'alive' : `exited (code ${server.child.exitCode}) ${s(exitedAt - attackFrom)} into the attack`}`,
  );
  if (exitedAt !== undefined)
    console.log(
      `  its last words: ${server
        .output()
        .trim()
        .split('\n')
        .filter((line) => /Error|error/.test(line))
        .slice(0, 2)
        .join(' | ')
        .slice(0, 300)}`,
    );
  console.log(`attack: ${ATTACK_SECONDS} s, backends terminated: ${JSON.stringify(killed)}`);
  console.log(
    `health during the attack: ${during.length} asked, ${during.filter((p) => p.status === 200).length} ok, ` +
      `${during.filter((p) => p.status === 503).length} 503, ${during.filter((p) => p.status === 'none').length} unanswered; ` +
      `latency of the answered p50 ${percentile(answered, 0.5).toFixed(0)} ms, p99 ${percentile(answered, 0.99).toFixed(0)} ms, max ${percentile(answered, 1).toFixed(0)} ms`,
  );
  console.log(
    `health after the attack: ${firstOk ? `200 again ${s(firstOk.at - attackTo)} after it ended` : `no 200 within ${RECOVERY_SECONDS} s`}`,
  );
  console.log(
    `stations: ${stations.filter((station) => station.client.state === 1).length}/${STATIONS} still connected, ` +
      `${stations.filter((station, i) => station.stops.length > stopsAtAttackEnd[i]!).length}/${STATIONS} finished a charge after the attack` +
      `${ended ? '' : ' (some charging loops still stuck 20 s after the halt)'}`,
  );
  console.log(
    `acknowledged: ${starts} starts, ${stops} stops; charges left open in the database: ${open[0]?.n}; acknowledged but lost or wrong in the database: ${lost.length}`,
  );
  for (const problem of lost.slice(0, 5)) console.log(`  ${problem}`);
} finally {
  await Promise.all(stations.map((station) => station.client.close({ force: true }).catch(() => undefined)));
  await server.stop();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  await rm(dataDir, { recursive: true, force: true });
}
