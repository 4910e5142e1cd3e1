/**
 * The OCPP 1.6J central system under simulated charge points on 127.0.0.1 (issue 12's figures).
 * The server runs alone in its own process (support/ocpp-server.ts: the real app on PostgreSQL,
 * or a server that does no work), the charge points in WORKERS generator processes
 * (support/ocpp-load.ts, plain `ws` with hand-built OCPP-J frames). For each server:
 *  1. connections held at each count of STATIONS, all connected and booted, and the server's memory
 *     per station (RSS, JS heap + external, and the heap V8 holds committed, after a full GC, over
 *     the idle server's), before any load;
 *  2. over the first STATIONS count alone (the others dropped): a driver's charge started at each
 *     (StartTransaction for a seeded driver's tag, priced by a default rate), then calls offered at each of RATES for
 *     STEP_SECONDS (after WARM_UP_SECONDS): achieved calls/s, the p50/p99 round trip of a call to
 *     its CALLRESULT measured at the client, and the CPU per call of the server and of PostgreSQL;
 *  3. the most stations connected and booted again, and the memory per station now that the load
 *     steps have run (what they left in the heap and the allocator counts too);
 *  4. product only: a reconnect storm, every station dropped at once and back within STORM_SECONDS
 *     (-1 skips it).
 * Servers (SERVERS): product (message log on, OCPP_MESSAGE_LOG_DAYS as set or 7), nolog (the same
 * with the log off; load only), metrics (optional: product with METRICS_TOKEN set, so /metrics counts
 * every call; against product in the same run: what the metrics cost), product-ocpp-rpc (optional: the same app and handlers behind
 * ocpp-rpc's RPCServer in strict mode instead of the own OCPP-J layer ocpp/rpc/, support/ocpp-rpc-product.ts;
 * the own layer against the library it replaced), bare (ocpp-rpc in strict mode, canned answers: the ratio's reference),
 * wsonly (optional: the same canned answers over plain `ws` with the same official schemas checked
 * both ways, no RPC library: what the RPC layer itself costs). PROFILE=1 writes the product (and metrics)
 * server's CPU and allocation profiles of each step. SERVER_NODE_FLAGS: Node flags for the server
 * process alone (e.g. --max-semi-space-size=32), the generators unchanged.
 * Sockets count against the open-file limit: Node raises its soft limit to the hard one
 * (`ulimit -Hn`); a child needing more is started through `ulimit -n`, which only a process allowed
 * to raise the hard limit gets (CAP_SYS_RESOURCE); the header says when the limit is too low.
 * Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:ocpp
 * (on Node 24: PATH=/path/to/node24/bin:$PATH npm run bench:ocpp; every process runs that Node.)
 * REPEAT=3 runs each rate step three times and reports the run of the median achieved rate.
 * Quick: STATIONS=200,1000 RATES=100,250 STEP_SECONDS=3 STORM_SECONDS=5
 * Metrics on against off (issue 34): SERVERS=product,metrics,product,metrics STATIONS=1000 RATES=2000,4000 STORM_SECONDS=-1
 * The own layer against ocpp-rpc (issue 30): SERVERS=product,product-ocpp-rpc,bare STORM_SECONDS=-1
 * RATES=2000,4000,6000,8000,10000,12000,14000,16000,20000,24000 (about 12 minutes).
 */
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../apps/server/src/db/client.ts';
import { onPostgresOnly } from './support/engines.ts';
import { cpuBetween, cpuSnapshot } from './support/machine-cpu.ts';
import { seedOcppNetwork } from './support/ocpp-data.ts';
import { MIX_TEXT } from './support/ocpp-frames.ts';
import { openFilesLimits, startChild, type Child } from './support/ocpp-ipc.ts';
import {
  achieved,
  answered,
  printBreakdown,
  printConnections,
  printSteps,
  printSummary,
  printStorm,
  type Held,
  type Memory,
  type ServerRun,
  type ServerStalls,
  type Step,
  type Storm,
} from './support/ocpp-report.ts';

const list = (value: string | undefined, fallback: string) => (value ?? fallback).split(',').map(Number);
const HELD = list(process.env.STATIONS, '1000,10000');
const LOAD_STATIONS = HELD[0]!;
const RATES = list(process.env.RATES, '100,250,500,1000,2000,3000,4000,6000,8000,10000');
const STEP_SECONDS = Number(process.env.STEP_SECONDS ?? 10);
/** Runs of each rate step; the one of the median achieved rate is reported (1: each step once). */
const REPEAT = Number(process.env.REPEAT ?? 1);
const WARM_UP_SECONDS = Number(process.env.WARM_UP_SECONDS ?? 2);
const STORM_SECONDS = Number(process.env.STORM_SECONDS ?? 60);
const WORKERS = Number(process.env.WORKERS ?? 2);
const CONNECT_CONCURRENCY = Number(process.env.CONNECT_CONCURRENCY ?? 100);
const SERVERS = (process.env.SERVERS ?? 'product,nolog,bare').split(',');
const PROFILE = process.env.PROFILE === '1';
const P99_AIM_MS = 50;
/** A step whose p99 passes this (or that answers under 90% of the offered calls) is the server's last. */
const SATURATED_P99_MS = 1_000;
const STATION_KEY_SECRET = 'bench-station-key-bench-station-key-0123456789';
const here = path.dirname(fileURLToPath(import.meta.url));
const LABELS: Record<string, string> = {
  product: 'product',
  nolog: 'product, message log off',
  metrics: 'product, metrics on (METRICS_TOKEN)',
  'product-ocpp-rpc': 'product on ocpp-rpc',
  bare: 'bare ocpp-rpc',
  wsonly: 'bare ws + schemas',
};
/** Servers that do no work: no database written, no log of their own. */
const DOES_NO_WORK = new Set(['bare', 'wsonly']);

function printHeader() {
  const limit = openFilesLimits();
  const total = HELD[HELD.length - 1]!;
  console.log(
    `OCPP 1.6J bench on Node ${process.version}, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    `  the server alone in one process, ${WORKERS} load generator processes beside it on 127.0.0.1 (plain ws, hand-built OCPP-J frames)`,
  );
  console.log(`  servers: ${SERVERS.map((kind) => LABELS[kind] ?? kind).join('; ')}`);
  console.log(
    `  held: ${HELD.map((count) => count.toLocaleString('en')).join(' then ')} stations connected and booted (${CONNECT_CONCURRENCY} connections in flight per generator)`,
  );
  console.log(
    `  calls over ${LOAD_STATIONS.toLocaleString('en')} stations, each charging a driver: ${MIX_TEXT}; one call at a time per station`,
  );
  const repeated = REPEAT > 1 ? `, each run ${REPEAT} times and reported by the run of the median achieved rate` : '';
  console.log(
    `  rates ${RATES.join(', ')} calls/s, ${STEP_SECONDS} s each after ${WARM_UP_SECONDS} s warm-up${repeated}; a server's steps end once one answers under 90% or has p99 over ${SATURATED_P99_MS / 1000} s`,
  );
  if (SERVERS.includes('product') && STORM_SECONDS >= 0)
    console.log(`  reconnect storm: all ${total.toLocaleString('en')} dropped at once, back within ${STORM_SECONDS} s`);
  const need = total + 1000;
  const raised =
    need > limit.soft
      ? need > limit.hard
        ? `; NOT ENOUGH for ${need}: raise the hard limit first`
        : `; raised to ${need} for the children`
      : '';
  console.log(`  open files (sockets): limit ${limit.soft}, hard ${limit.hard}${raised}`);
}

interface Context {
  database: Database;
  dataDir: string;
  workers: Child[];
  server: Child;
  /** PROFILE=1: where each step's CPU profile of the server goes. */
  profileDir?: string;
}

/** Indices split round the generators, so each holds a share of the first stations too. */
function shares(from: number, to: number): number[][] {
  const split = Array.from({ length: WORKERS }, () => [] as number[]);
  for (let index = from; index < to; index += 1) split[index % WORKERS]!.push(index);
  return split;
}

const each = <T>(ctx: Context, command: string, args: (share: number[]) => object, from: number, to: number) =>
  Promise.all(shares(from, to).map((share, w) => ctx.workers[w]!.request<T>(command, args(share))));

async function memory(ctx: Context): Promise<Memory & { sockets: number }> {
  return ctx.server.request('memory');
}

async function hold(ctx: Context, from: number, to: number): Promise<Held> {
  const started = performance.now();
  const parts = await each<{ booted: number; failures: Held['failures']; latencies: number[] }>(
    ctx,
    'connect',
    (indices) => ({ indices, concurrency: CONNECT_CONCURRENCY }),
    from,
    to,
  );
  const seconds = (performance.now() - started) / 1000;
  const mem = await memory(ctx);
  return {
    stations: to,
    booted: parts.reduce((sum, part) => sum + part.booted, 0) + from,
    failures: {
      count: parts.reduce((sum, part) => sum + part.failures.count, 0),
      samples: parts.flatMap((part) => part.failures.samples),
    },
    seconds,
    latencies: parts.flatMap((part) => part.latencies),
    memory: mem,
    sockets: mem.sockets,
  };
}

/** The backends of the bench's database (the server's pools, the bus, this process's own pool). */
async function databasePids(database: Database): Promise<number[]> {
  const rows = await queryRows<{ pid: number }>(
    database.db,
    sql`select pid from pg_stat_activity where datname = current_database()`,
  );
  return rows.map((row) => row.pid);
}

async function step(ctx: Context, rate: number): Promise<Step> {
  if (ctx.profileDir) await ctx.server.request('profileStart');
  const cpu0 = cpuSnapshot(await databasePids(ctx.database));
  const server0 = await ctx.server.request<NodeJS.CpuUsage>('cpu');
  await ctx.server.request<ServerStalls>('stalls');
  type Part = {
    offered: number;
    notSent: number;
    failures: Step['failures'];
    latencies: Record<string, number[]>;
    cpuMs: number;
  };
  const parts = await each<Part>(
    ctx,
    'load',
    (indices) => ({ indices, rate: rate / WORKERS, warmUpS: WARM_UP_SECONDS, seconds: STEP_SECONDS }),
    0,
    LOAD_STATIONS,
  );
  const server1 = await ctx.server.request<NodeJS.CpuUsage>('cpu');
  if (ctx.profileDir) await ctx.server.request('profileStop', path.join(ctx.profileDir, String(rate)));
  const stalls = await ctx.server.request<ServerStalls>('stalls');
  const wall = cpuBetween(cpu0, cpuSnapshot(await databasePids(ctx.database)));
  const seconds = (performance.now() - cpu0.at) / 1000;
  const latencies: Record<string, number[]> = {};
  // concat, not push(...values): a fast step's hundreds of thousands of values overflow a call's arguments.
  for (const part of parts)
    for (const [action, values] of Object.entries(part.latencies))
      latencies[action] = (latencies[action] ?? []).concat(values);
  return {
    rate,
    seconds: STEP_SECONDS,
    offered: parts.reduce((sum, part) => sum + part.offered, 0),
    notSent: parts.reduce((sum, part) => sum + part.notSent, 0),
    failures: {
      count: parts.reduce((sum, part) => sum + part.failures.count, 0),
      samples: parts.flatMap((part) => part.failures.samples),
    },
    latencies,
    serverCpuPct: (server1.user + server1.system - server0.user - server0.system) / 10_000 / seconds,
    generatorsCpuPct: parts.reduce((sum, part) => sum + part.cpuMs, 0) / 10 / seconds,
    stalls,
    ...wall,
  };
}

const p99Of = (result: Step) =>
  answered(result).sort((a, b) => a - b)[Math.ceil(0.99 * answered(result).length) - 1] ?? NaN;

async function steps(ctx: Context, label: string): Promise<Step[]> {
  const done: Step[] = [];
  for (const rate of RATES) {
    const tries: Step[] = [];
    for (let attempt = 0; attempt < REPEAT; attempt += 1) {
      const result = await step(ctx, rate);
      tries.push(result);
      const { loopP99Ms, loopMaxMs, gcMs, gcLongestMs } = result.stalls;
      console.log(
        `  ${label}: ${rate}/s offered, ${achieved(result).toFixed(0)}/s answered, p99 ${p99Of(result).toFixed(1)} ms, server CPU ${result.serverCpuPct.toFixed(0)}%;` +
          ` event loop delay p99 ${loopP99Ms.toFixed(0)} ms, max ${loopMaxMs.toFixed(0)} ms; GC ${gcMs.toFixed(0)} ms, longest ${gcLongestMs.toFixed(0)} ms`,
      );
    }
    // The step of the median achieved rate stands for the rate: one run's luck on a shared machine does not.
    const result = tries.sort((a, b) => achieved(a) - achieved(b))[Math.floor(tries.length / 2)]!;
    done.push(result);
    if (REPEAT > 1)
      console.log(`  ${label}: ${rate}/s offered, median of ${REPEAT}: ${achieved(result).toFixed(0)}/s answered`);
    // Past saturation a higher rate says nothing more.
    if (achieved(result) < 0.9 * rate || p99Of(result) > SATURATED_P99_MS) break;
  }
  return done;
}

/** A driver's charge started at each of the first stations, then the rate steps over them. */
async function chargeAndLoad(ctx: Context, label: string): Promise<Step[]> {
  type Started = { started: number; failures: { count: number; samples: string[] } };
  const startedAt = performance.now();
  const started = await each<Started>(
    ctx,
    'startCharges',
    (indices) => ({ indices, concurrency: 50 }),
    0,
    LOAD_STATIONS,
  );
  const failed = started.flatMap((part) => part.failures.samples);
  const startSeconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  console.log(
    `  ${label}: ${started.reduce((sum, part) => sum + part.started, 0)} charges started in ${startSeconds} s`,
  );
  if (failed.length) console.log(`  ${label}: charges not started: ${failed.join('; ')}`);
  return steps(ctx, label);
}

async function storm(ctx: Context, stations: number): Promise<Storm> {
  const dropped = new Date();
  type Part = Omit<Storm, 'stations' | 'spreadS' | 'onlineBooted'>;
  const parts = await each<Part>(
    ctx,
    'storm',
    (indices) => ({ indices, spreadS: STORM_SECONDS, deadlineS: STORM_SECONDS + 120 }),
    0,
    stations,
  );
  // The online state is written just after the connection opens; the boot before it is answered.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const [row] = await queryRows<{ n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n from station_ocpp_state where online and booted_at >= ${dropped.toISOString()}::timestamptz`,
  );
  return {
    stations,
    spreadS: STORM_SECONDS,
    booted: parts.reduce((sum, part) => sum + part.booted, 0),
    failures: {
      count: parts.reduce((sum, part) => sum + part.failures.count, 0),
      samples: parts.flatMap((part) => part.failures.samples),
    },
    retries: parts.reduce((sum, part) => sum + part.retries, 0),
    lastBootedS: Math.max(...parts.map((part) => part.lastBootedS)),
    latencies: parts.flatMap((part) => part.latencies),
    onlineBooted: row?.n,
  };
}

interface Written {
  charging: number;
  consumedWh: number;
  /** Charges whose readings or times the server did not believe (charge-plausibility.rules.ts): none, for an honest load. */
  reviewed: number;
  history: number;
  messages: number;
}

/** What the product has written: charges priced by their meter values, status history, message log. */
async function written(database: Database): Promise<Written> {
  const [row] = await queryRows<Written>(
    database.db,
    sql`select (select count(*)::int from charges where status = 'in_progress' and consumed_wh > 0 and amount_tyiyn > 0) as charging,
      (select coalesce(sum(consumed_wh), 0)::float8 from charges where status = 'in_progress') as "consumedWh",
      (select count(*)::int from charges where review_reason is not null) as reviewed,
      (select count(*)::int from connector_status_history) as history,
      (select coalesce(sum(count), 0)::int from ocpp_message_batches) as messages`,
  );
  return row!;
}

function writtenText(before: Written, after: Written): string {
  return (
    `${after.charging} charges in progress priced by their meter values (${(after.consumedWh / 1000).toFixed(0)} kWh, ${after.reviewed} marked for review), ` +
    `${after.history - before.history} status history rows and ${after.messages - before.messages} message log rows written by this run`
  );
}

function logWarnings(file: string): ServerRun['logWarnings'] {
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const warned = lines
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((line) => line.level >= 40);
  return { count: warned.length, samples: [...new Set(warned.map((line) => line.msg))].slice(0, 3) };
}

async function runServer(kind: string, database: Database, dataDir: string): Promise<ServerRun> {
  const label = LABELS[kind] ?? kind;
  const total = kind === 'nolog' ? LOAD_STATIONS : HELD[HELD.length - 1]!;
  const logFile = path.join(dataDir, `server-${kind}.log`);
  const out = openSync(logFile, 'w');
  const profileDir =
    PROFILE && (kind === 'product' || kind === 'metrics')
      ? mkdtempSync(path.join(os.tmpdir(), 'evcms-ocpp-profile-'))
      : undefined;
  const server = await startChild(path.join(here, 'support/ocpp-server.ts'), {
    nodeFlags: ['--expose-gc', ...(process.env.SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean)],
    openFiles: total + 1_000,
    stdout: out,
    env: {
      BENCH_SERVER: DOES_NO_WORK.has(kind) || kind === 'product-ocpp-rpc' ? kind : 'product',
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      STATION_KEY_SECRET,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      ...(kind === 'nolog' && { OCPP_MESSAGE_LOG_DAYS: '0' }),
      ...(kind === 'metrics' && { METRICS_TOKEN: 'bench-metrics-token-0123456789' }),
    },
  });
  const url = `ws://127.0.0.1:${String(server.ready.port)}/ocpp`;
  const workers = await Promise.all(
    Array.from({ length: WORKERS }, () =>
      startChild(path.join(here, 'support/ocpp-load.ts'), {
        env: { BENCH_URL: url },
        openFiles: Math.ceil(total / WORKERS) + 1_000,
      }),
    ),
  );
  const ctx: Context = { database, dataDir, workers, server, profileDir };
  try {
    const run: ServerRun = {
      kind,
      label,
      node: String(server.ready.node),
      base: await memory(ctx),
      held: [],
      steps: [],
    };
    const before = await written(database);
    const counts = HELD.filter((count) => count <= total);
    let connected = 0;
    // Every count is held before any load, so its memory is the connections' alone, not what a
    // load step left in the heap and the allocator.
    for (const count of counts) {
      run.held.push(await hold(ctx, connected, count));
      connected = count;
      console.log(`  ${label}: ${count} stations held`);
    }
    // The calls go over the first count alone, as the reference figures were measured.
    if (connected > LOAD_STATIONS) await each(ctx, 'drop', (indices) => ({ indices }), LOAD_STATIONS, connected);
    run.steps = await chargeAndLoad(ctx, label);
    // The message log is written every second.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    if (!DOES_NO_WORK.has(kind)) run.persisted = writtenText(before, await written(database));
    if (connected > LOAD_STATIONS) {
      // Back to the most stations: their memory now counts what the load left behind.
      run.held.push({ ...(await hold(ctx, LOAD_STATIONS, connected)), afterLoad: true });
      console.log(`  ${label}: ${connected} stations held again after the load`);
    }
    if (kind === 'product' && STORM_SECONDS >= 0) run.storm = await storm(ctx, connected);
    return run;
  } finally {
    await Promise.all(workers.map((worker) => worker.request('stop').catch(() => undefined)));
    await server.request('stop').catch((error: unknown) => console.error(`server stop: ${String(error)}`));
    // A child exits when its IPC channel closes (ocpp-ipc.ts).
    for (const child of [...workers, server]) if (child.process.connected) child.process.disconnect();
    await Promise.all([...workers, server].map((child) => child.exited));
    closeSync(out);
    if (profileDir)
      console.log(
        `  CPU profiles of the product server, one per step ({rate}.cpuprofile, and what it allocated: {rate}.heapprofile): ${profileDir}`,
      );
  }
}

async function measure(engine: string, database: Database, dataDir: string) {
  await database.migrate();
  const total = Math.max(...HELD);
  const seeding = performance.now();
  await seedOcppNetwork(database, { stations: total, drivers: LOAD_STATIONS }, STATION_KEY_SECRET);
  console.log(
    `\n${engine}: ${total.toLocaleString('en')} stations and ${LOAD_STATIONS.toLocaleString('en')} drivers seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );
  const runs: ServerRun[] = [];
  for (const kind of SERVERS) {
    const run = await runServer(kind, database, dataDir);
    if (!DOES_NO_WORK.has(kind)) run.logWarnings = logWarnings(path.join(dataDir, `server-${kind}.log`));
    runs.push(run);
  }
  console.log(
    `\n${engine}, Node ${runs[0]?.node}, load average now ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  printConnections(runs);
  printSteps(runs, P99_AIM_MS);
  printBreakdown(runs);
  printSummary(runs, P99_AIM_MS);
  const product = runs.find((run) => run.kind === 'product');
  if (product) printStorm(product);
}

printHeader();
await onPostgresOnly('ocpp', measure);
