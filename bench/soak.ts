/**
 * The OCPP central system's soak test (issue 28): the product's own simulator (apps/simulator:
 * real OCPP 1.6J charge points on ocpp-rpc's client, drivers charging) against the real server on
 * PostgreSQL for MINUTES, with a kill -9 of the server process and a terminate of every database
 * connection during it; reported, not asserted.
 * The server runs alone in its own process (support/ocpp-server.ts, kept running by
 * support/soak-server.ts on a fixed port of 127.0.0.1: a process that exits, killed or not, is
 * recorded and started again on the same database, as a supervisor would), the stations in WORKERS
 * processes of their own (support/soak-fleet.ts), so killing the server leaves them running to
 * reconnect by themselves. A fresh database is made on BENCH_DATABASE_URL's server and dropped at
 * the end (also on Ctrl+C); the run stops by itself (MINUTES, then at most a few minutes more).
 *  - STATIONS connect and boot (two connectors each), then SESSIONS drivers at a time charge
 *    (SESSION_SECONDS each, give or take a fifth, MeterValues every METER_INTERVAL s).
 *  - Every minute a row: stations connected and online (booted, calls flowing), charges running,
 *    calls/s answered, errors the stations counted, the server process answering, its RSS and JS
 *    heap (as they are), how late its event loop ran (p50/p99/max over the minute, the timer's
 *    5 ms period taken off), and GET /api/v1/health, asked every 250 ms (p99, failures).
 *  - KILL_AT_MINUTE: kill -9 of the server, a new process started at once; TERMINATE_AT_MINUTE:
 *    pg_terminate_backend of every other connection to the bench's database (0 skips either).
 *    For each: the server's exits, how long until every station was connected and booted again
 *    (aim: 60 s), the health endpoint meanwhile, the stations' errors.
 *  - Memory growth of each server process after a full GC, from the end of its WARM_UP_MINUTES to
 *    its end (aim: under 10%).
 *  - The reconciliation (support/soak-reconcile.ts): every start and stop the stations had
 *    answered against the charges, the debits and every driver's balance and ledger; the charges
 *    left open, by why.
 * PASS/FAIL lines for the aims; the exit code is non-zero only when the harness itself failed.
 * Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:soak
 * Quick (about 4 minutes): STATIONS=100 MINUTES=3 KILL_AT_MINUTE=1 TERMINATE_AT_MINUTE=2 WARM_UP_MINUTES=1
 * Also: WORKERS (1), CONNECT_CONCURRENCY (50), SERVER_NODE_FLAGS, LOG_LEVEL (the server's, info).
 */
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/postgres.ts';
import { postgresServerUrl, withFreshPostgres } from './support/engines.ts';
import { seedOcppNetwork } from './support/ocpp-data.ts';
import { benchIdTag } from './support/ocpp-frames.ts';
import { openFilesLimits, startChild, type Child } from './support/ocpp-ipc.ts';
import type { Acknowledged, FleetCounts, Outage } from './support/soak-fleet.ts';
import { pollHealth, summarizeHealth, type HealthSample } from './support/soak-health.ts';
import { readBooks, reconcile, type StartAck, type StopAck } from './support/soak-reconcile.ts';
import {
  exitText,
  printAim,
  printFaults,
  printGrowth,
  printReconciliation,
  printRow,
  printRowHeader,
  type Fault,
  type Growth,
  type Measured,
  type Row,
  type ServerSample,
} from './support/soak-report.ts';
import { logWarnings, ServerSupervisor, type ServerExit } from './support/soak-server.ts';

const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const STATIONS = num('STATIONS', 1000);
const MINUTES = num('MINUTES', 30);
const SESSIONS = num('SESSIONS', Math.round(STATIONS * 0.8));
const SESSION_SECONDS = num('SESSION_SECONDS', 120);
const METER_INTERVAL = num('METER_INTERVAL', 10);
const KILL_AT_MINUTE = num('KILL_AT_MINUTE', Math.round(MINUTES / 3));
const TERMINATE_AT_MINUTE = num('TERMINATE_AT_MINUTE', Math.round((2 * MINUTES) / 3));
const WARM_UP_MINUTES = num('WARM_UP_MINUTES', 3);
const WORKERS = num('WORKERS', 1);
const CONNECT_CONCURRENCY = num('CONNECT_CONCURRENCY', 50);
/** More id tags than sessions, so a driver who just left is not the only one free. */
const DRIVERS = Math.max(1, Math.ceil(SESSIONS * 1.25));
const BACK_WITHIN_S = 60;
const GROWTH_LIMIT = 0.1;
/** A fault is watched until every station that dropped is back, at most this long... */
const FAULT_WINDOW_S = 120;
/** ...or this long when none dropped. */
const QUIET_S = 15;
const HEALTH_EVERY_MS = 250;
const STATION_KEY_SECRET = 'bench-station-key-bench-station-key-0123456789';
const here = path.dirname(fileURLToPath(import.meta.url));

// Ctrl+C (or the time limit) ends the run early: children stopped, the database dropped, no report.
const halt = new AbortController();
let interrupted: string | undefined;
function interrupt(why: string) {
  if (interrupted) {
    console.error('soak: stopping at once (the bench database may be left behind)');
    process.exit(130);
  }
  interrupted = why;
  console.error(`\nsoak: ${why}: stopping the stations and the server, dropping the database...`);
  halt.abort();
}
process.on('SIGINT', () => interrupt('Ctrl+C'));
process.on('SIGTERM', () => interrupt('SIGTERM'));
setTimeout(() => interrupt('over its time limit'), (MINUTES + 20) * 60_000).unref();

const pause = (ms: number) => delay(ms, undefined, { signal: halt.signal }).catch(() => undefined);
const minuteFault = (minute: number) => (minute >= 1 && minute < MINUTES ? minute : undefined);
const KILL_MINUTE = minuteFault(KILL_AT_MINUTE);
const TERMINATE_MINUTE = minuteFault(TERMINATE_AT_MINUTE);

function printHeader() {
  const limit = openFilesLimits();
  console.log(
    `OCPP soak on Node ${process.version}, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    `  the real server alone in one process on PostgreSQL; ${STATIONS} stations of the product's simulator (ocpp-rpc clients) in ${WORKERS} process(es) beside it on 127.0.0.1`,
  );
  console.log(
    `  ${SESSIONS} charging at a time, ${SESSION_SECONDS} s each (give or take a fifth), MeterValues every ${METER_INTERVAL} s; ${DRIVERS} drivers`,
  );
  const faults = [
    KILL_MINUTE && `kill -9 of the server at minute ${KILL_MINUTE}`,
    TERMINATE_MINUTE && `every database connection terminated at minute ${TERMINATE_MINUTE}`,
  ].filter(Boolean);
  console.log(
    `  ${MINUTES} minutes; ${faults.join(', ') || 'no faults'}; memory growth after a ${WARM_UP_MINUTES}-minute warm-up`,
  );
  if (STATIONS + 1_000 > limit.hard)
    console.log(`  open files: hard limit ${limit.hard}, NOT ENOUGH for ${STATIONS} stations`);
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A query on a connection of its own, closed after: the bench keeps none open for the terminate to cut. */
async function query<T extends object>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A request to a station process, given up after `timeoutMs` or on Ctrl+C. */
async function ask<T>(child: Child, command: string, args?: unknown, timeoutMs = 15_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let interrupt: () => void = () => undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${command}: no answer in ${timeoutMs / 1000} s`)), timeoutMs);
    interrupt = () => reject(new Error(`${command}: interrupted`));
    halt.signal.addEventListener('abort', interrupt, { once: true });
  });
  try {
    return await Promise.race([child.request<T>(command, args), late]);
  } finally {
    clearTimeout(timer);
    halt.signal.removeEventListener('abort', interrupt);
  }
}

class Soak {
  readonly rows: Row[] = [];
  readonly faults: Promise<Fault>[] = [];
  readonly exits: ServerExit[] = [];
  readonly baselines = new Map<number, Measured>();
  readonly ends = new Map<number, Measured>();
  /** Notes for the next row: faults done, processes exited. */
  readonly notes: string[] = [];
  fleets: Child[] = [];
  health: HealthSample[] = [];
  startedAt = 0;
  private last = { at: 0, answered: 0, errors: 0 };

  /** The server under test, made once the bench knows where its exits go (here). */
  server!: ServerSupervisor;

  constructor(readonly url: string) {}

  minuteOf(at: number): number {
    return Math.round(((at - this.startedAt) / 60_000) * 10) / 10;
  }

  async counts(): Promise<FleetCounts> {
    const parts = await Promise.all(this.fleets.map((fleet) => ask<FleetCounts>(fleet, 'counts')));
    const sum = (key: keyof FleetCounts) => parts.reduce((total, part) => total + part[key], 0);
    return {
      connected: sum('connected'),
      online: sum('online'),
      charging: sum('charging'),
      calls: sum('calls'),
      answered: sum('answered'),
      errors: sum('errors'),
      sessions: sum('sessions'),
    };
  }

  async outage(since: number): Promise<Outage> {
    const parts = await Promise.all(this.fleets.map((fleet) => ask<Outage>(fleet, 'outage', { since })));
    const dropped = parts.reduce((sum, part) => sum + part.dropped, 0);
    const down = parts.reduce((sum, part) => sum + part.down, 0);
    const backs = parts.flatMap((part) => (part.backAt === undefined ? [] : [part.backAt]));
    return { dropped, down, ...(dropped && !down && { backAt: Math.max(...backs) }) };
  }

  async connect(): Promise<void> {
    const shares = (count: number) =>
      Array.from({ length: WORKERS }, (_, w) =>
        Array.from({ length: count }, (_, i) => i).filter((i) => i % WORKERS === w),
      );
    const stations = shares(STATIONS);
    const tags = shares(DRIVERS);
    const started = Date.now();
    await Promise.all(
      this.fleets.map((fleet, w) =>
        ask(
          fleet,
          'start',
          {
            indices: stations[w],
            idTags: tags[w]!.map(benchIdTag),
            sessions: Math.round(SESSIONS / WORKERS),
            sessionSeconds: SESSION_SECONDS,
            meterIntervalSeconds: METER_INTERVAL,
            connectConcurrency: CONNECT_CONCURRENCY,
          },
          10 * 60_000,
        ),
      ),
    );
    const counts = await this.counts();
    console.log(
      `  ${counts.online} of ${STATIONS} stations connected and booted in ${((Date.now() - started) / 1000).toFixed(1)} s (${counts.errors} errors); minute 0 starts now`,
    );
    this.startedAt = Date.now();
    this.last = { at: this.startedAt, answered: counts.answered, errors: counts.errors };
  }

  async row(minute: number): Promise<Row> {
    const [counts, server] = await Promise.all([
      this.counts(),
      this.server.request<ServerSample>('sample').catch(() => undefined),
    ]);
    const now = Date.now();
    const row: Row = {
      minute,
      connected: counts.connected,
      online: counts.online,
      charging: counts.charging,
      callsPerS: (counts.answered - this.last.answered) / ((now - this.last.at) / 1000),
      errors: counts.errors - this.last.errors,
      generation: server && this.server.generations.at(-1)?.number,
      server,
      health: summarizeHealth(this.health.filter((sample) => sample.at >= this.last.at && sample.at < now)),
      notes: this.notes.splice(0),
    };
    this.last = { at: now, answered: counts.answered, errors: counts.errors };
    return row;
  }

  /** The server's memory after a full GC: at the end of each process's warm-up, and at its end. */
  async measure(into: Map<number, Measured>, minute: number): Promise<void> {
    const generation = this.server.generations.at(-1);
    if (!this.server.current || !generation || into.has(generation.number)) return;
    const memory = await this.server.request<NodeJS.MemoryUsage>('memory').catch(() => undefined);
    if (memory) into.set(generation.number, { minute, rss: memory.rss, heapUsed: memory.heapUsed });
  }

  /** After a row: the warm-up's measure when the process serving has warmed up. */
  async afterRow(minute: number): Promise<void> {
    const generation = this.server.generations.at(-1);
    if (!generation?.readyAt || this.baselines.has(generation.number) || minute >= MINUTES) return;
    const warmedAt = Math.max(generation.readyAt, this.startedAt) + WARM_UP_MINUTES * 60_000 - 30_000;
    if (Date.now() < warmedAt) return;
    await this.measure(this.baselines, minute);
    this.notes.push('full GC forced (growth baseline)');
  }

  async kill(minute: number): Promise<Fault> {
    const before = (await this.counts()).errors;
    await this.measure(this.ends, minute);
    const generation = this.server.generations.at(-1)!.number;
    const at = Date.now();
    const pid = this.server.kill();
    this.notes.push(`kill -9 of server ${generation}`);
    return this.watch(
      'kill -9',
      minute,
      at,
      before,
      `kill -9 of server ${generation} (pid ${pid}); a new process started at once on the same database and port`,
    );
  }

  async terminate(minute: number): Promise<Fault> {
    const before = (await this.counts()).errors;
    const at = Date.now();
    const [row] = await query<{ n: number }>(
      this.url,
      'SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    this.notes.push(`${row?.n} database connections terminated`);
    return this.watch(
      'terminate',
      minute,
      at,
      before,
      `pg_terminate_backend of every other connection to the bench's database: ${row?.n} terminated`,
    );
  }

  /** Until every station that dropped is back (or none dropped for a while, or the window ends). */
  private async watch(
    kind: Fault['kind'],
    minute: number,
    at: number,
    errorsBefore: number,
    what: string,
  ): Promise<Fault> {
    let outage: Outage = { dropped: 0, down: 0 };
    for (;;) {
      await pause(1_000);
      outage = await this.outage(at).catch(() => outage);
      const elapsed = (Date.now() - at) / 1000;
      if (outage.dropped && !outage.down) break;
      if (!outage.dropped && elapsed >= QUIET_S && this.server.current) break;
      if (elapsed >= FAULT_WINDOW_S || halt.signal.aborted) break;
    }
    const end = Date.now();
    const health = this.health.filter((sample) => sample.at >= at && sample.at <= end);
    const firstFailure = health.findIndex((sample) => !sample.ok);
    const healthBack = firstFailure < 0 ? undefined : health.slice(firstFailure).find((sample) => sample.ok);
    const restarted = this.server.generations.find((generation) => generation.startedAt >= at && generation.readyAt);
    const [online] = await query<{ n: number }>(
      this.url,
      'SELECT count(*)::int AS n FROM station_ocpp_state WHERE online AND connected_at >= to_timestamp($1 / 1000.0)',
      [at],
    ).catch(() => []);
    return {
      kind,
      minute,
      at,
      what,
      exits: this.exits.filter((exit) => exit.at >= at && exit.at <= end),
      ...(restarted && { serverBackS: (restarted.readyAt! - at) / 1000 }),
      outage,
      ...(outage.backAt !== undefined && { backS: (outage.backAt - at) / 1000 }),
      windowS: (end - at) / 1000,
      health: summarizeHealth(health),
      ...(healthBack && { healthBackS: (healthBack.at - at) / 1000 }),
      errors: ((await this.counts().catch(() => undefined))?.errors ?? NaN) - errorsBefore,
      onlineSinceInDatabase: online?.n,
    };
  }

  /** Minute by minute to the end, the faults at their minutes. */
  async run(): Promise<void> {
    printRowHeader();
    for (let minute = 1; minute <= MINUTES && !halt.signal.aborted; minute += 1) {
      await pause(this.startedAt + minute * 60_000 - Date.now());
      if (halt.signal.aborted) break;
      const row = await this.row(minute);
      this.rows.push(row);
      printRow(row);
      if (this.server.failure) throw new Error(`the server could not be started again: ${this.server.failure.message}`);
      await this.afterRow(minute);
      if (minute === KILL_MINUTE) this.fault(this.kill(minute));
      if (minute === TERMINATE_MINUTE) this.fault(this.terminate(minute));
    }
  }

  /** A fault watched while the minutes go on; its failure fails the run when the faults are gathered. */
  private fault(watched: Promise<Fault>): void {
    watched.catch(() => undefined);
    this.faults.push(watched);
  }

  growths(): Growth[] {
    return this.server.generations.map((generation) => {
      const from = generation.readyAt ? Math.max(0, Math.floor(this.minuteOf(generation.readyAt))) : NaN;
      const to = generation.exit ? Math.min(MINUTES, this.minuteOf(generation.exit.at)) : MINUTES;
      const endedBy = generation.exit ? exitText(generation.exit).replace(/^server \d+ /, '') : 'ran to the end';
      return {
        generation: generation.number,
        from,
        to,
        baseline: this.baselines.get(generation.number),
        end: this.ends.get(generation.number),
        endedBy,
      };
    });
  }
}

async function soak(url: string, dataDir: string) {
  const seeding = performance.now();
  const database = await openPostgres(url);
  try {
    await database.migrate();
    await seedOcppNetwork(database, { stations: STATIONS, drivers: DRIVERS }, STATION_KEY_SECRET);
  } finally {
    await database.close();
  }
  console.log(
    `  PostgreSQL ${new URL(url).host}: ${STATIONS} stations and ${DRIVERS} drivers seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );

  const port = await freePort();
  const soak = new Soak(url);
  const server = new ServerSupervisor({
    port,
    dataDir,
    env: {
      BENCH_SERVER: 'product',
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      STATION_KEY_SECRET,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    },
    nodeFlags: (process.env.SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean),
    openFiles: STATIONS + 1_000,
    halt: halt.signal,
    onExit: (exit) => {
      soak.exits.push(exit);
      if (exit.cause !== 'own' || halt.signal.aborted) return;
      soak.notes.push(exitText(exit));
      console.log(`  (minute ${soak.minuteOf(exit.at)}: ${exitText(exit)}; starting it again)`);
    },
  });
  soak.server = server;
  const healthStop = new AbortController();
  try {
    await server.start();
    const health = pollHealth(`http://127.0.0.1:${port}/api/v1/health`, HEALTH_EVERY_MS, healthStop.signal);
    soak.health = health.samples;
    soak.fleets = await Promise.all(
      Array.from({ length: WORKERS }, () =>
        startChild(path.join(here, 'support/soak-fleet.ts'), {
          env: { BENCH_URL: `ws://127.0.0.1:${port}/ocpp` },
          openFiles: Math.ceil(STATIONS / WORKERS) + 1_000,
        }),
      ),
    );
    await soak.connect();
    await soak.run();
    const faults = await Promise.all(soak.faults);
    if (interrupted) return;

    await soak.measure(soak.ends, MINUTES);
    const totals = await soak.counts();
    const stopping = Date.now();
    await Promise.all(soak.fleets.map((fleet) => ask(fleet, 'stop', undefined, 120_000)));
    console.log(
      `\nStations stopped (sessions ended with StopTransaction) in ${((Date.now() - stopping) / 1000).toFixed(1)} s`,
    );
    const acks = await Promise.all(
      soak.fleets.map((fleet) =>
        ask<{ starts: Acknowledged<StartAck>[]; stops: Acknowledged<StopAck>[] }>(
          fleet,
          'acknowledged',
          undefined,
          60_000,
        ),
      ),
    );
    const errorKinds = await Promise.all(soak.fleets.map((fleet) => ask<[string, number][]>(fleet, 'errors')));
    healthStop.abort();
    await health.done;
    const books = await (async () => {
      const reading = await openPostgres(url);
      try {
        return await readBooks(reading);
      } finally {
        await reading.close();
      }
    })();
    const reconciliation = reconcile(
      { starts: acks.flatMap((part) => part.starts), stops: acks.flatMap((part) => part.stops) },
      books,
    );
    await server.stop();
    report(soak, faults, totals, errorKinds.flat(), reconciliation);
  } finally {
    healthStop.abort();
    await server.stop();
    for (const fleet of soak.fleets) if (fleet.process.connected) fleet.process.disconnect();
    await Promise.all(
      soak.fleets.map((fleet) =>
        Promise.race([
          fleet.exited,
          delay(30_000, undefined, { ref: false }).then(() => fleet.process.kill('SIGKILL')),
        ]),
      ),
    );
  }
}

function report(
  soak: Soak,
  faults: Fault[],
  totals: FleetCounts,
  errorKinds: [string, number][],
  reconciliation: ReturnType<typeof reconcile>,
) {
  console.log(
    `\n${MINUTES} minutes: ${totals.sessions} sessions done, ${totals.answered} calls answered of ${totals.calls} sent, ${totals.errors} errors counted by the stations`,
  );
  const kinds = new Map<string, number>();
  for (const [kind, count] of errorKinds) kinds.set(kind, (kinds.get(kind) ?? 0) + count);
  for (const [kind, count] of [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`  ${count} x ${kind}`);
  const loops = soak.rows.flatMap((row) => (row.server ? [row.server] : []));
  if (loops.length) {
    const worst = (key: 'loopP99Ms' | 'loopMaxMs') => Math.max(...loops.map((sample) => sample[key])).toFixed(0);
    console.log(
      `  the server's event loop over the run: the worst minute's p99 ${worst('loopP99Ms')} ms, max ${worst('loopMaxMs')} ms`,
    );
  }
  console.log('\nServer processes');
  for (const generation of soak.server.generations) {
    const warned = logWarnings(generation.logFile);
    const ready = generation.readyAt
      ? `ready ${((generation.readyAt - generation.startedAt) / 1000).toFixed(1)} s after its start`
      : 'never ready';
    const ended = generation.exit ? exitText(generation.exit).replace(/^server \d+ /, '') : 'still running';
    console.log(
      `  ${generation.number} (pid ${generation.pid ?? '-'}): ${ready}; ${ended}; ${warned.count} warnings or errors logged${warned.kinds.length ? ` (${warned.kinds.join('; ')})` : ''}`,
    );
  }
  const grew = printGrowth(soak.growths(), WARM_UP_MINUTES, GROWTH_LIMIT);
  printFaults(faults, BACK_WITHIN_S);
  const clean = printReconciliation(reconciliation);

  console.log('');
  printAim(
    'no growth after warm-up',
    grew,
    grew === undefined
      ? 'no server process ran past its warm-up to a measured end'
      : `each server process's RSS and heap after a full GC within ${GROWTH_LIMIT * 100}%`,
  );
  for (const fault of faults) {
    const back = fault.outage.dropped === 0 || (fault.backS !== undefined && fault.backS <= BACK_WITHIN_S);
    const detail =
      fault.outage.dropped === 0
        ? 'none dropped'
        : fault.backS !== undefined
          ? `all back in ${fault.backS.toFixed(1)} s`
          : `${fault.outage.down} not back after ${fault.windowS.toFixed(0)} s`;
    printAim(`stations back within ${BACK_WITHIN_S} s of the ${fault.kind} (minute ${fault.minute})`, back, detail);
    if (fault.kind === 'terminate') {
      const exited = fault.exits.filter((exit) => exit.cause === 'own');
      printAim(
        'the server process lives through losing its database connections',
        !exited.length,
        exited.length ? `server process exited at the terminate: ${exited.map(exitText).join('; ')}` : 'it stayed up',
      );
    }
  }
  const unexpected = soak.exits.filter(
    (exit) => exit.cause === 'own' && !faults.some((fault) => fault.exits.includes(exit)),
  );
  if (unexpected.length)
    printAim(
      "no server exit but the bench's kill",
      false,
      unexpected.map((exit) => `minute ${soak.minuteOf(exit.at)}: ${exitText(exit)}`).join('; '),
    );
  printAim(
    'reconciliation clean',
    clean,
    clean ? 'acknowledged starts and stops present, no double billing, balances equal ledgers' : 'see above',
  );
}

printHeader();
await withFreshPostgres('soak', postgresServerUrl(), soak);
if (interrupted) process.exitCode = 130;
