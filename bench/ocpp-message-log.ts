/**
 * The OCPP message log alone (apps/server/src/ocpp/message-log.ts): the frames of 1,000 charge
 * points, each call a MeterValues as the OCPP bench's stations send it and its answer, handed to
 * the log as fast as it takes them and flushed every 10,000 calls (a second at 10,000 calls/s)
 * to a database that answers at once, so what is measured is the server's own work: writing each
 * frame's entry from the head the RPC layer read, and building the flush's statement. Each call also leaves a
 * parsed copy of its frame behind for the collector, as the RPC layer does. Prints the CPU time and
 * the garbage collection time per call, and the wall time per 10,000 calls, for each of RUNS runs,
 * and the same of the harness alone (the frames made and parsed, no log): the log's own is the difference.
 * Run: npm run bench:ocpp-log   (SECONDS=, RUNS= to change the sizes)
 */
import { PerformanceObserver } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../apps/server/src/db/client.ts';
import { createMessageLog } from '../apps/server/src/ocpp/message-log.ts';
import { meterValues, type StationState } from './support/ocpp-frames.ts';

const SECONDS = Number(process.env.SECONDS ?? 20);
const RUNS = Number(process.env.RUNS ?? 3);
const STATIONS = 1_000;
const CALLS_PER_FLUSH = 10_000;

let gcMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcMs += entry.duration;
}).observe({ entryTypes: ['gc'] });

// The statements are built and sent to a database that answers at once (the sweep's too).
let statements = 0;
const db = {
  execute: async () => {
    statements += 1;
    return { rows: [] };
  },
} as unknown as Db;
const failures: unknown[] = [];
const log = { error: (error: unknown) => failures.push(error), info: () => undefined } as unknown as FastifyBaseLogger;

// Each station as the OCPP bench's charge points send its MeterValues (ocpp-frames.ts).
const states: StationState[] = Array.from({ length: STATIONS }, (_, index) => ({
  index,
  transactionId: 1_000 + index,
  meterWh: 12_345,
  lastAt: 0,
  calls: 0,
}));
let n = 0;
function call(station: number): [string, string] {
  n += 1;
  const id = `${station}-${n}`;
  const state = states[station]!;
  state.calls += 1;
  return [JSON.stringify([2, id, 'MeterValues', meterValues(state)]), `[3,"${id}",{}]`];
}

const messageLog = createMessageLog(db, log, { keepDays: 7, flushMs: 3_600_000, sweepMs: 3_600_000 });
const stations = Array.from({ length: STATIONS }, (_, i) => messageLog.connection(i + 1));
let parsed: unknown;

async function feed(seconds: number, logged: boolean) {
  for (let second = 0; second < seconds; second += 1) {
    for (let i = 0; i < CALLS_PER_FLUSH; i += 1) {
      const station = i % STATIONS;
      const [request, answer] = call(station);
      // The RPC layer reads each frame (rpc/frames.ts) and hands the log what it read.
      parsed = JSON.parse(request);
      const [, id] = parsed as [number, string];
      if (logged) stations[station]!.frame(request, false, { type: 2, id, action: 'MeterValues' });
      if (logged) stations[station]!.frame(answer, true, { type: 3, id, action: 'MeterValues' });
    }
    if (logged) await messageLog.flush();
    // The collector's entries arrive on the event loop.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

console.log(
  `OCPP message log alone on Node ${process.version}: ${STATIONS} stations, a MeterValues call and its answer per call, a flush every ${CALLS_PER_FLUSH} calls`,
);
await feed(3, true);
for (let run = 1; run <= RUNS; run += 1) {
  for (const logged of [true, false]) {
    gcMs = 0;
    const cpu = process.cpuUsage();
    const started = performance.now();
    await feed(SECONDS, logged);
    const used = process.cpuUsage(cpu);
    const calls = SECONDS * CALLS_PER_FLUSH;
    console.log(
      `  run ${run}, ${logged ? 'logged      ' : 'harness only'}: CPU ${((used.user + used.system) / calls).toFixed(2)} us per call, GC ${((gcMs * 1000) / calls).toFixed(2)} us per call, ` +
        `${((performance.now() - started) / SECONDS).toFixed(0)} ms per ${CALLS_PER_FLUSH.toLocaleString('en')} calls`,
    );
  }
}
await messageLog.close();
if (failures.length || !parsed) throw new Error(`the log failed: ${String(failures[0])}`);
console.log(`  ${statements} statements built`);
