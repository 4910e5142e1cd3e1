/**
 * What the soak bench prints: a row a minute as the run goes, then the memory of each server
 * process after its warm-up, each fault, the reconciliation, and a PASS or FAIL line per aim.
 */
import type { Outage } from './soak-fleet.ts';
import type { HealthSummary } from './soak-health.ts';
import type { Reconciliation } from './soak-reconcile.ts';
import type { ServerExit } from './soak-server.ts';

export interface ServerSample {
  rss: number;
  heapUsed: number;
  loopP50Ms: number;
  loopP99Ms: number;
  loopMaxMs: number;
  gcMs: number;
}

export interface Row {
  minute: number;
  connected: number;
  online: number;
  charging: number;
  callsPerS: number;
  errors: number;
  /** The server process that answered the sample, and what it said; none when it could not. */
  generation?: number;
  server?: ServerSample;
  health: HealthSummary;
  notes: string[];
}

/** Memory after a full GC. */
export interface Measured {
  minute: number;
  rss: number;
  heapUsed: number;
}

export interface Growth {
  generation: number;
  from: number;
  to: number;
  /** At the end of its warm-up, and at its end (when it was not killed before). */
  baseline?: Measured;
  end?: Measured;
  endedBy: string;
}

export interface Fault {
  kind: 'kill -9' | 'terminate';
  minute: number;
  /** When it was done, epoch ms. */
  at: number;
  what: string;
  /** Server processes that exited in the fault's window. */
  exits: ServerExit[];
  /** A new server process answering, s after the fault. */
  serverBackS?: number;
  outage: Outage;
  /** All stations connected and booted again, s after the fault; none when none dropped. */
  backS?: number;
  windowS: number;
  health: HealthSummary;
  /** First ok health answer after the first failure, s after the fault. */
  healthBackS?: number;
  errors: number;
  /** Stations the database shows online on a connection opened since the fault. */
  onlineSinceInDatabase?: number;
}

const MB = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(value < 10 ? 1 : 0) : '-');
const pad = (values: (string | number)[], widths: number[]) =>
  values.map((value, i) => String(value).padStart(widths[i]!)).join(' ');

const ROW_WIDTHS = [4, 6, 6, 8, 8, 7, 4, 6, 6, 6, 6, 7, 8, 7];
export function printRowHeader(): void {
  console.log(
    `\n${pad(['min', 'conn', 'online', 'charging', 'calls/s', 'errors', 'srv', 'RSS', 'heap', 'loop', 'p99', 'max', 'health', 'fails'], ROW_WIDTHS)}  notes` +
      `\n${pad(['', '', '', '', 'answered', '', '', 'MB', 'MB', 'p50 ms', 'ms', 'ms', 'p99 ms', ''], ROW_WIDTHS)}`,
  );
}

export function printRow(row: Row): void {
  const server = row.server;
  const failed = Object.values(row.health.failed).reduce((sum, count) => sum + count, 0);
  console.log(
    pad(
      [
        row.minute,
        row.connected,
        row.online,
        row.charging,
        row.callsPerS.toFixed(1),
        row.errors,
        row.generation ?? '-',
        server ? MB(server.rss) : '-',
        server ? MB(server.heapUsed) : '-',
        server ? ms(server.loopP50Ms) : '-',
        server ? ms(server.loopP99Ms) : '-',
        server ? ms(server.loopMaxMs) : '-',
        ms(row.health.p99Ms),
        failed,
      ],
      ROW_WIDTHS,
    ) + (row.notes.length ? `  ${row.notes.join('; ')}` : ''),
  );
}

const CAUSES = { kill: 'killed (kill -9)', stop: 'stopped at the end' };
export const exitText = (exit: ServerExit) =>
  `server ${exit.generation} ${exit.cause === 'own' ? `exited: ${exit.signal ? `signal ${exit.signal}` : `code ${exit.code}`}${exit.error ? ` (${exit.error})` : ''}` : CAUSES[exit.cause]}`;

/** The growth of each server process's memory after a full GC, from the end of its warm-up to its end. */
export function printGrowth(growths: Growth[], warmUpMinutes: number, limit: number): boolean | undefined {
  console.log(
    `\nServer memory after a full GC, from the end of each process's ${warmUpMinutes}-minute warm-up to its end (aim: under ${(limit * 100).toFixed(0)}% growth)`,
  );
  let verdict: boolean | undefined;
  for (const growth of growths) {
    const span = `server ${growth.generation} (minutes ${growth.from}-${growth.to}, ${growth.endedBy})`;
    if (!growth.baseline || !growth.end || growth.end.minute <= growth.baseline.minute) {
      console.log(
        `  ${span}: not measured (${growth.baseline ? 'no measured end a minute or more after its warm-up' : 'ended within its warm-up'})`,
      );
      continue;
    }
    const { baseline, end } = growth;
    const rss = end.rss / baseline.rss - 1;
    const heap = end.heapUsed / baseline.heapUsed - 1;
    const perMinute = (end.heapUsed - baseline.heapUsed) / Math.max(1, end.minute - baseline.minute);
    console.log(
      `  ${span}: RSS ${MB(baseline.rss)} -> ${MB(end.rss)} MB (${signed(rss)}), heap ${MB(baseline.heapUsed)} -> ${MB(end.heapUsed)} MB (${signed(heap)}, ${(perMinute / 1024).toFixed(0)} KB/min) over minutes ${baseline.minute}-${end.minute}`,
    );
    verdict = (verdict ?? true) && rss <= limit && heap <= limit;
  }
  return verdict;
}

const signed = (ratio: number) => `${ratio >= 0 ? '+' : ''}${(ratio * 100).toFixed(1)}%`;

export function printFaults(faults: Fault[], backWithinS: number): void {
  for (const fault of faults) {
    console.log(`\nFault at minute ${fault.minute}: ${fault.what}`);
    for (const exit of fault.exits)
      console.log(`  ${exitText(exit)}, ${((exit.at - fault.at) / 1000).toFixed(1)} s after it`);
    if (!fault.exits.length) console.log('  the server process stayed up');
    if (fault.serverBackS !== undefined)
      console.log(`  a new server process answering ${fault.serverBackS.toFixed(1)} s after it`);
    const { dropped, down } = fault.outage;
    if (!dropped) console.log(`  no station dropped its connection (watched ${fault.windowS.toFixed(0)} s)`);
    else if (down)
      console.log(`  ${dropped} stations dropped; ${down} NOT back ${fault.windowS.toFixed(0)} s after it`);
    else
      console.log(
        `  ${dropped} stations dropped; all connected and booted again ${fault.backS!.toFixed(1)} s after it (aim: ${backWithinS} s)`,
      );
    if (fault.onlineSinceInDatabase !== undefined && dropped)
      console.log(`  the database shows ${fault.onlineSinceInDatabase} stations online on a connection opened since`);
    const health = fault.health;
    const failed = Object.entries(health.failed).map(([answer, count]) => `${answer}: ${count}`);
    console.log(
      `  /api/v1/health meanwhile: ${health.requests} requests, ${health.ok} ok${failed.length ? ` (others ${failed.join(', ')})` : ''}, p50 ${ms(health.p50Ms)} ms, p99 ${ms(health.p99Ms)} ms, max ${ms(health.maxMs)} ms` +
        (fault.healthBackS !== undefined ? `; ok again ${fault.healthBackS.toFixed(1)} s after it` : ''),
    );
    console.log(`  errors the stations counted meanwhile: ${fault.errors}`);
  }
}

export function printReconciliation(reconciliation: Reconciliation): boolean {
  const { starts, stops, charges, drivers, problems, open } = reconciliation;
  console.log(
    `\nReconciliation: ${starts} starts and ${stops} stops the stations had answered, against ${charges} charges and ${drivers} drivers' balances`,
  );
  const kinds = Object.entries(problems);
  if (!kinds.length)
    console.log(
      '  every acknowledged start and stop is in the books as sent; no charge debited twice; every balance is its ledger',
    );
  for (const [kind, finding] of kinds) console.log(`  ${kind}: ${finding.count} (${finding.samples.join('; ')})`);
  const left = Object.entries(open);
  console.log(
    `  charges left open at the end: ${left.length ? left.map(([why, finding]) => `${why}: ${finding.count}`).join('; ') : 'none'}`,
  );
  for (const [why, finding] of left) console.log(`    ${why}, e.g. ${finding.samples.slice(0, 3).join('; ')}`);
  return !kinds.length;
}

export function printAim(name: string, verdict: boolean | undefined, detail: string): void {
  console.log(`${verdict === undefined ? 'N/A ' : verdict ? 'PASS' : 'FAIL'}  ${name}: ${detail}`);
}
