/**
 * The server under the OCPP bench, in a process of its own so that its memory and CPU are its
 * own. BENCH_SERVER=product: the real app as main.ts starts it (buildApp on PostgreSQL at
 * DATABASE_URL, settings from the environment, JSON log lines at LOG_LEVEL on stdout).
 * BENCH_SERVER=bare or wsonly: a server that does no work (ocpp-bare-servers.ts); product-ocpp-rpc:
 * the real app with ocpp-rpc's server in place of its own OCPP-J layer (ocpp-rpc-product.ts). Answers the
 * bench over IPC: its memory after a full GC, its CPU time, its event loop's delays and garbage
 * collection pauses; a CPU profile of a step on request. BENCH_PORT: the port to listen on (any
 * free one unless set: the soak bench starts a server again where the one it killed was).
 * Started with --expose-gc by the bench.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { startBare, startWsOnly, type StartedServer } from './ocpp-bare-servers.ts';
import { serveRequests } from './ocpp-ipc.ts';
import { buildProductApp, listenForBench } from './ocpp-product-app.ts';
import { startProductOcppRpc } from './ocpp-rpc-product.ts';

async function startProduct(): Promise<StartedServer> {
  const { database, app } = await buildProductApp();
  await listenForBench(app);
  return {
    server: app.server,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

const OTHERS: Record<string, () => Promise<StartedServer>> = {
  bare: startBare,
  wsonly: startWsOnly,
  'product-ocpp-rpc': startProductOcppRpc,
};
const started = await (OTHERS[process.env.BENCH_SERVER ?? '']?.() ?? startProduct());

// What holds every call at once: the event loop's delays and the collector's pauses, since the last ask.
const LOOP_RESOLUTION_MS = 5;
const loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
loopDelay.enable();
const pauses = { totalMs: 0, longestMs: 0 };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    pauses.totalMs += entry.duration;
    pauses.longestMs = Math.max(pauses.longestMs, entry.duration);
  }
}).observe({ entryTypes: ['gc'] });
/** What `read` takes of the delays and pauses since the last ask; they are counted again from now. */
function sinceLastAsk<T>(read: () => T): T {
  const seen = read();
  loopDelay.reset();
  pauses.totalMs = 0;
  pauses.longestMs = 0;
  return seen;
}
const gc = (globalThis as { gc?: () => void }).gc;
// A CPU profile of one load step (PROFILE=1), not of the connections and charge starts before it.
const inspector = new Session();
inspector.connect();

serveRequests(
  {
    /** After the batched writes of the last calls (message log: every second) and two full collections. */
    async memory() {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      gc?.();
      await new Promise((resolve) => setImmediate(resolve));
      gc?.();
      const sockets = await new Promise<number>((resolve) =>
        started.server.getConnections((_error, count) => resolve(count)),
      );
      return { ...process.memoryUsage(), sockets, gc: gc !== undefined };
    },
    cpu: async () => process.cpuUsage(),
    /**
     * Memory as it is (no collection forced) and how late the event loop's timer ran since the last
     * sample (the histogram holds the timer's whole period: its resolution is taken off).
     */
    async sample() {
      const late = (ns: number) => Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS);
      return sinceLastAsk(() => ({
        ...process.memoryUsage(),
        loopP50Ms: late(loopDelay.percentile(50)),
        loopP99Ms: late(loopDelay.percentile(99)),
        loopMaxMs: late(loopDelay.max),
        gcMs: pauses.totalMs,
      }));
    },
    async stalls() {
      return sinceLastAsk(() => ({
        loopP99Ms: loopDelay.percentile(99) / 1e6,
        loopMaxMs: loopDelay.max / 1e6,
        gcMs: pauses.totalMs,
        gcLongestMs: pauses.longestMs,
      }));
    },
    async profileStart() {
      await inspector.post('Profiler.enable');
      await inspector.post('Profiler.start');
      // What the step allocates, by where, counting what the collector took back (the GC's work).
      await inspector.post('HeapProfiler.enable');
      await inspector.post('HeapProfiler.startSampling', {
        samplingInterval: 65_536,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
    },
    async profileStop(file: unknown) {
      const { profile } = await inspector.post('Profiler.stop');
      writeFileSync(`${String(file)}.cpuprofile`, JSON.stringify(profile));
      const { profile: heap } = await inspector.post('HeapProfiler.stopSampling');
      writeFileSync(`${String(file)}.heapprofile`, JSON.stringify(heap));
    },
    stop: () => started.close(),
  },
  { port: (started.server.address() as AddressInfo).port, node: process.version },
);
