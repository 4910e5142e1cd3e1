/*
 * What an operator's Prometheus scrapes at GET /metrics (lib/metrics-route.ts): the OCPP service
 * (stations, calls and their outcomes and times, commands), the HTTP API (requests per route and
 * status, with times), the database's pools, and the process (event-loop delay, heap, RSS:
 * prom-client's defaults). Off unless METRICS_TOKEN is set: then nothing is counted either, and the
 * hot paths call the no-op recorder below, so a server without metrics pays nothing for them, not
 * even prom-client's loading (about 0.1 s of a start, issue 34).
 */

import type { Metric } from 'prom-client';
import { CallTally } from './call-tally.ts';

/** What the OCPP service reports as it goes. */
export interface OcppRecorder {
  /** A station's call was answered: `outcome` is `result` or the CALLERROR code. */
  callAnswered(action: string, outcome: string, seconds: number): void;
  /** A command of ours ended: `result`, the station's CALLERROR code, `timeout` or `closed`. */
  commandEnded(action: string, outcome: string): void;
}

export interface HttpRecorder {
  /** `route` is the route's pattern (`/api/v1/merchants/:id/`), never the URL: the labels stay few. */
  answered(method: string, route: string, status: number, seconds: number): void;
}

/** A value read when Prometheus scrapes, e.g. stations connected now. */
export type Reading = () => number | Promise<number>;
/** Values by label read when scraped, e.g. a pool's connections by state. */
export type LabelledReading = () => { labels: Record<string, string>; value: number }[];

export interface Metrics {
  enabled: boolean;
  ocpp: OcppRecorder;
  http: HttpRecorder;
  /** Adds a gauge read at each scrape (nothing when off). */
  reading(name: string, help: string, read: Reading): void;
  readings(name: string, help: string, labelNames: string[], read: LabelledReading): void;
  /** The text format Prometheus reads, and its content type. */
  scrape(): Promise<{ contentType: string; text: string }>;
}

const NO_OP: Omit<Metrics, 'scrape'> = {
  enabled: false,
  ocpp: { callAnswered() {}, commandEnded() {} },
  http: { answered() {} },
  reading() {},
  readings() {},
};

/** Seconds: OCPP calls are answered in milliseconds, a slow database makes them seconds. */
const CALL_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export async function createMetrics(enabled: boolean): Promise<Metrics> {
  if (!enabled) return { ...NO_OP, scrape: async () => ({ contentType: 'text/plain', text: '' }) };
  const { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } = await import('prom-client');
  // A registry of its own: several apps in one process (the tests) do not share their counts.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Tallied in plain numbers per call and handed over when scraped (lib/call-tally.ts).
  const tally = new CallTally(CALL_BUCKETS);
  new Counter({
    name: 'ocpp_calls_received_total',
    help: 'Calls from charge points, by action and outcome (result or the CALLERROR code)',
    labelNames: ['action', 'outcome'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [action, outcomes] of tally.counts)
        for (const [outcome, calls] of outcomes) this.inc({ action, outcome }, calls);
    },
  });
  const callSeconds = {
    name: 'ocpp_call_duration_seconds',
    help: 'Time from a charge point call read to its answer sent, by action',
    type: 'histogram',
    aggregator: 'sum',
  } as const;
  // A metric of our own is one whose get() answers its samples (what prom-client's own classes do).
  registry.registerMetric({
    ...callSeconds,
    get: async () => ({ ...callSeconds, values: tally.histogramValues(callSeconds.name) }),
    reset() {},
  } as unknown as Metric);
  const commands = new Counter({
    name: 'ocpp_commands_sent_total',
    help: 'Commands sent to charge points, by action and outcome (result, the CALLERROR code, timeout, closed)',
    labelNames: ['action', 'outcome'],
    registers: [registry],
  });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const requestSeconds = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: CALL_BUCKETS,
    registers: [registry],
  });
  return {
    enabled: true,
    ocpp: {
      callAnswered: (action, outcome, seconds) => tally.add(action, outcome, seconds),
      commandEnded: (action, outcome) => commands.inc({ action, outcome }),
    },
    http: {
      answered(method, route, status, seconds) {
        requests.inc({ method, route, status: String(status) });
        requestSeconds.observe({ method, route }, seconds);
      },
    },
    reading(name, help, read) {
      new Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          this.set(await read());
        },
      });
    },
    readings(name, help, labelNames, read) {
      new Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        collect() {
          this.reset();
          for (const { labels, value } of read()) this.set(labels, value);
        },
      });
    },
    scrape: async () => ({ contentType: registry.contentType, text: await registry.metrics() }),
  };
}
