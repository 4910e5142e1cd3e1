/**
 * A load generator of the OCPP bench, in a process of its own beside the server's: it holds its
 * share of the charge points (ocpp-station-socket.ts) and, on the bench's requests, connects and
 * boots them, starts their charges, offers calls at a steady rate, drops some, or drops them all
 * and brings them back. BENCH_URL is the server's `ws://127.0.0.1:port/ocpp`.
 */
import { setTimeout as delay } from 'node:timers/promises';
import {
  bootNotification,
  CHARGING_CONNECTOR,
  LOAD_ACTIONS,
  loadCall,
  startTransaction,
  statusNotification,
  type LoadAction,
} from './ocpp-frames.ts';
import { serveRequests } from './ocpp-ipc.ts';
import { StationSocket, type Answer } from './ocpp-station-socket.ts';

const url = process.env.BENCH_URL!;
const stations = new Map<number, StationSocket>();
const station = (index: number) => stations.get(index) ?? stations.set(index, new StationSocket(index)).get(index)!;
const sweep = setInterval(() => {
  const now = performance.now();
  for (const one of stations.values()) one.expire(now);
}, 1_000);
sweep.unref();

/** Failures counted, with the first few distinct messages kept. */
class Failures {
  count = 0;
  readonly samples = new Set<string>();
  add(error: unknown) {
    this.count += 1;
    if (this.samples.size < 5) this.samples.add(error instanceof Error ? error.message : String(error));
  }
  toJSON() {
    return { count: this.count, samples: [...this.samples] };
  }
}

function expectOk(action: string, answer: Answer): Record<string, unknown> {
  if (!answer.ok) throw new Error(`${action}: ${answer.error}`);
  return answer.payload!;
}

/** Connects and boots one charge point; answers the time both took. */
async function connectAndBoot(one: StationSocket): Promise<number> {
  const started = performance.now();
  await one.connect(url);
  const answer = expectOk('BootNotification', await one.call('BootNotification', bootNotification(one)));
  if (answer.status !== 'Accepted') throw new Error(`BootNotification answered ${String(answer.status)}`);
  return performance.now() - started;
}

/** Runs `task` over `items`, `concurrency` at a time. */
async function pool<T>(items: readonly T[], concurrency: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

function round(values: number[]): number[] {
  return values.map((value) => Math.round(value * 100) / 100);
}

serveRequests({
  /** Connects and boots these charge points, `concurrency` at a time. */
  async connect({ indices, concurrency }: { indices: number[]; concurrency: number }) {
    const failures = new Failures();
    const latencies: number[] = [];
    await pool(indices, concurrency, async (index) => {
      try {
        latencies.push(await connectAndBoot(station(index)));
      } catch (error) {
        failures.add(error);
      }
    });
    return { booted: latencies.length, failures, latencies: round(latencies) };
  },

  /** A driver's charge at each: connector Preparing, StartTransaction with the driver's tag, Charging. */
  async startCharges({ indices, concurrency }: { indices: number[]; concurrency: number }) {
    const failures = new Failures();
    let started = 0;
    await pool(indices, concurrency, async (index) => {
      const one = station(index);
      try {
        expectOk(
          'StatusNotification',
          await one.call('StatusNotification', statusNotification(one, CHARGING_CONNECTOR, 'Preparing')),
        );
        const answer = expectOk('StartTransaction', await one.call('StartTransaction', startTransaction(one)));
        const status = (answer.idTagInfo as { status: string }).status;
        if (status !== 'Accepted') throw new Error(`StartTransaction answered ${status}`);
        one.transactionId = answer.transactionId as number;
        expectOk(
          'StatusNotification',
          await one.call('StatusNotification', statusNotification(one, CHARGING_CONNECTOR, 'Charging')),
        );
        started += 1;
      } catch (error) {
        failures.add(error);
      }
    });
    return { started, failures };
  },

  /**
   * Offers `rate` calls a second (this generator's share) for `warmUpS` + `seconds`, spread over
   * the charge points round the ring; a call falls to the next one with none waiting, and is
   * counted as not sent when all are waiting. Only calls offered after the warm-up are measured.
   */
  async load({
    indices,
    rate,
    warmUpS,
    seconds,
  }: {
    indices: number[];
    rate: number;
    warmUpS: number;
    seconds: number;
  }) {
    const ring = indices.map(station).filter((one) => one.socket);
    const latencies = Object.fromEntries(LOAD_ACTIONS.map((action) => [action, [] as number[]])) as Record<
      LoadAction,
      number[]
    >;
    const failures = new Failures();
    let offered = 0;
    let notSent = 0;
    let cursor = 0;
    const idle = () => {
      for (let tried = 0; tried < ring.length; tried += 1) {
        const one = ring[cursor]!;
        cursor = (cursor + 1) % ring.length;
        if (one.idle) return one;
      }
      return undefined;
    };
    const cpu = process.cpuUsage();
    const start = performance.now();
    const from = start + warmUpS * 1000;
    const to = from + seconds * 1000;
    const running: Promise<void>[] = [];
    await new Promise<void>((resolve) => {
      let issued = 0;
      const timer = setInterval(() => {
        const now = performance.now();
        const due = Math.floor((Math.min(now, to) - start) * (rate / 1000));
        const measured = now >= from;
        for (; issued < due; issued += 1) {
          if (measured) offered += 1;
          const one = idle();
          if (!one) {
            if (measured) notSent += 1;
            continue;
          }
          const [action, payload] = loadCall(one);
          const call = one.call(action, payload).then((answer) => {
            if (!measured) return;
            if (answer.ok) latencies[action].push(answer.ms);
            else failures.add(`${action}: ${answer.error}`);
          });
          if (measured) running.push(call);
        }
        if (now >= to) {
          clearInterval(timer);
          resolve();
        }
      }, 1);
    });
    await Promise.all(running);
    const used = process.cpuUsage(cpu);
    return {
      offered,
      notSent,
      failures,
      latencies: Object.fromEntries(Object.entries(latencies).map(([action, values]) => [action, round(values)])),
      cpuMs: (used.user + used.system) / 1000,
    };
  },

  /**
   * Drops every socket at once, then each charge point connects and boots again after a random
   * pause within `spreadS`, retrying every second on a failure until `deadlineS` after the drop.
   */
  async storm({ indices, spreadS, deadlineS }: { indices: number[]; spreadS: number; deadlineS: number }) {
    const all = indices.map(station);
    const dropped = performance.now();
    await Promise.all(all.map((one) => one.drop()));
    const failures = new Failures();
    const latencies: number[] = [];
    let retries = 0;
    let lastBootedS = 0;
    await Promise.all(
      all.map(async (one) => {
        await delay(Math.random() * spreadS * 1000);
        for (;;) {
          try {
            latencies.push(await connectAndBoot(one));
            lastBootedS = Math.max(lastBootedS, (performance.now() - dropped) / 1000);
            return;
          } catch (error) {
            await one.drop();
            if ((performance.now() - dropped) / 1000 > deadlineS) return failures.add(error);
            retries += 1;
            await delay(1_000);
          }
        }
      }),
    );
    return { booted: latencies.length, failures, retries, lastBootedS, latencies: round(latencies) };
  },

  /** Closes these charge points' sockets, waiting for each to close. */
  async drop({ indices }: { indices: number[] }) {
    await Promise.all(indices.map((index) => station(index).drop()));
    return { dropped: indices.length };
  },

  async stop() {
    await Promise.all([...stations.values()].map((one) => one.drop()));
  },
});
