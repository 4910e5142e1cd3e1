/**
 * The server under the OCPP bench, in a process of its own so that its memory and CPU are its
 * own. BENCH_SERVER=product: the real app as main.ts starts it (buildApp on PostgreSQL at
 * DATABASE_URL, settings from the environment, JSON log lines at LOG_LEVEL on stdout).
 * BENCH_SERVER=bare: an OCPP-J server that does no work, ocpp-rpc's RPCServer in strict mode
 * (the official schemas, both ways) accepting every charge point and answering each call with a
 * canned valid confirmation. Answers the bench over IPC: its memory after a full GC, its CPU time,
 * its event loop's delays and garbage collection pauses; a CPU profile of a step on request.
 * Started with --expose-gc by the bench.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { RPCServer } from 'ocpp-rpc';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openPostgres } from '../../apps/server/src/db/client.ts';
import { loadJwtSecret } from '../../apps/server/src/lib/secrets.ts';
import type { RpcServerClient } from '../../apps/server/src/ocpp/rpc.ts';
import { serveRequests } from './ocpp-ipc.ts';

async function startProduct(): Promise<{ server: Server; close: () => Promise<void> }> {
  const config = loadConfig();
  if (!config.databaseUrl) throw new Error('DATABASE_URL is required');
  const database = await openPostgres(config.databaseUrl);
  const app = await buildApp({ config, database, jwtSecret: await loadJwtSecret(config.jwtSecret, config.dataDir), logger: { level: config.logLevel } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    server: app.server,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

const now = () => new Date().toISOString();
let transactions = 0;
const CANNED: Record<string, () => object> = {
  BootNotification: () => ({ status: 'Accepted', currentTime: now(), interval: 300 }),
  Heartbeat: () => ({ currentTime: now() }),
  StatusNotification: () => ({}),
  MeterValues: () => ({}),
  Authorize: () => ({ idTagInfo: { status: 'Accepted' } }),
  StartTransaction: () => ({ transactionId: (transactions += 1), idTagInfo: { status: 'Accepted' } }),
  StopTransaction: () => ({}),
};

async function startBare(): Promise<{ server: Server; close: () => Promise<void> }> {
  const rpc = new RPCServer({ protocols: ['ocpp1.6'], strictMode: true });
  rpc.auth((accept, _reject, handshake) => accept({ identity: handshake.identity }, 'ocpp1.6'));
  rpc.on('client', (client: RpcServerClient) => {
    for (const [action, answer] of Object.entries(CANNED)) client.handle(action, async () => answer());
  });
  const server = (await rpc.listen(0, '127.0.0.1')) as Server;
  return { server, close: () => rpc.close({ code: 1001 }) };
}

const started = await (process.env.BENCH_SERVER === 'bare' ? startBare() : startProduct());

// What holds every call at once: the event loop's delays and the collector's pauses, since the last ask.
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();
const pauses = { totalMs: 0, longestMs: 0 };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    pauses.totalMs += entry.duration;
    pauses.longestMs = Math.max(pauses.longestMs, entry.duration);
  }
}).observe({ entryTypes: ['gc'] });
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
      const sockets = await new Promise<number>((resolve) => started.server.getConnections((_error, count) => resolve(count)));
      return { ...process.memoryUsage(), sockets, gc: gc !== undefined };
    },
    cpu: async () => process.cpuUsage(),
    async stalls() {
      const seen = { loopP99Ms: loopDelay.percentile(99) / 1e6, loopMaxMs: loopDelay.max / 1e6, gcMs: pauses.totalMs, gcLongestMs: pauses.longestMs };
      loopDelay.reset();
      pauses.totalMs = 0;
      pauses.longestMs = 0;
      return seen;
    },
    async profileStart() {
      await inspector.post('Profiler.enable');
      await inspector.post('Profiler.start');
      // What the step allocates, by where, counting what the collector took back (the GC's work).
      await inspector.post('HeapProfiler.enable');
      await inspector.post('HeapProfiler.startSampling', { samplingInterval: 65_536, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
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
