/**
 * The OCPP bench's figures and how they are printed: connections held and memory per station,
 * the rate steps of each server side by side with their ratio to the bare server, where the time
 * of the product's calls went (per action, and the CPU of each process), the reconnect storm.
 */
import { percentile } from './engines.ts';

export interface Memory {
  rss: number;
  heapUsed: number;
  /** What V8 has committed for its heap, used or not: kept after a load until memory is short. */
  heapTotal: number;
  external: number;
}

export interface Held {
  stations: number;
  booted: number;
  failures: { count: number; samples: string[] };
  seconds: number;
  latencies: number[];
  memory: Memory;
  sockets: number;
  /** Held again after the load steps (whose leftovers the memory then includes). */
  afterLoad?: boolean;
}

/** What held every call of the server at once during a step: event loop delays and GC pauses, in ms. */
export interface ServerStalls {
  loopP99Ms: number;
  loopMaxMs: number;
  gcMs: number;
  gcLongestMs: number;
}

export interface Step {
  rate: number;
  stalls: ServerStalls;
  seconds: number;
  offered: number;
  notSent: number;
  failures: { count: number; samples: string[] };
  /** Round trips in ms by action. */
  latencies: Record<string, number[]>;
  serverCpuPct: number;
  generatorsCpuPct: number;
  machinePct: number;
  postgresPct: number;
  databasePct: number;
}

export interface Storm {
  stations: number;
  spreadS: number;
  booted: number;
  failures: { count: number; samples: string[] };
  retries: number;
  lastBootedS: number;
  latencies: number[];
  /** Stations the database shows online and booted since the drop. */
  onlineBooted?: number;
}

export interface ServerRun {
  kind: string;
  label: string;
  node: string;
  base: Memory;
  held: Held[];
  steps: Step[];
  storm?: Storm;
  persisted?: string;
  /** Log lines at warn or above, and a few of them. */
  logWarnings?: { count: number; samples: string[] };
}

const KB = 1024;
const n = (value: number) => Math.round(value).toLocaleString('en');
const ms = (value: number | undefined) =>
  value === undefined ? '-' : value < 10 ? value.toFixed(1) : value.toFixed(0);

function stats(values: number[]): { p50?: number; p99?: number; max?: number } {
  if (!values.length) return {};
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] };
}

export function answered(step: Step): number[] {
  return Object.values(step.latencies).flat();
}

export const achieved = (step: Step) => answered(step).length / step.seconds;

/** Held at this rate: p99 under the aim, at least 95% of the offered calls answered, none failed. */
export function sustained(step: Step, p99AimMs: number): boolean {
  const { p99 } = stats(answered(step));
  return p99 !== undefined && p99 < p99AimMs && achieved(step) >= 0.95 * step.rate && step.failures.count === 0;
}

/** The best achieved rate of a step held under the aim (0 when none was). */
export function bestSustained(run: ServerRun, p99AimMs: number): number {
  return Math.max(0, ...run.steps.filter((step) => sustained(step, p99AimMs)).map(achieved));
}

export function memoryPerStation(run: ServerRun, held: Held) {
  return {
    rssKb: (held.memory.rss - run.base.rss) / held.stations / KB,
    heapKb: (held.memory.heapUsed + held.memory.external - run.base.heapUsed - run.base.external) / held.stations / KB,
    committedKb: (held.memory.heapTotal - run.base.heapTotal) / held.stations / KB,
  };
}

function failureText(failures: { count: number; samples: string[] }): string {
  return failures.count ? `; ${failures.count} failed (${failures.samples.join('; ')})` : '';
}

export function printConnections(runs: ServerRun[]): void {
  console.log(
    '\nConnections held: each charge point connects (Basic auth) and boots (BootNotification answered Accepted)',
  );
  console.log(
    `  ${'server'.padEnd(26)} ${'stations'.padStart(8)} ${'booted'.padStart(7)} ${'seconds'.padStart(7)} ${'per s'.padStart(6)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'sockets'.padStart(7)} ${'RSS/station'.padStart(12)} ${'heap+ext/station'.padStart(17)} ${'heap committed'.padStart(15)}`,
  );
  for (const run of runs) {
    for (const held of run.held) {
      const { p50, p99 } = stats(held.latencies);
      const memory = memoryPerStation(run, held);
      const cells = [
        n(held.stations).padStart(8),
        n(held.booted).padStart(7),
        held.seconds.toFixed(1).padStart(7),
        n(held.latencies.length / held.seconds).padStart(6),
        ms(p50).padStart(7),
        ms(p99).padStart(7),
        n(held.sockets).padStart(7),
        `${memory.rssKb.toFixed(1)} KB`.padStart(12),
        `${memory.heapKb.toFixed(1)} KB`.padStart(17),
        `${memory.committedKb.toFixed(1)} KB`.padStart(15),
      ];
      const when = held.afterLoad ? ', again after the load' : '';
      console.log(`  ${run.label.padEnd(26)} ${cells.join(' ')}${failureText(held.failures)}${when}`);
    }
  }
  console.log(
    '  (memory: the server process after two full GCs, minus the same before any connection, divided by the stations;' +
      ' heap committed: what V8 holds for its heap, used or not;' +
      ' the connection phase is included in "seconds"; every count is held before the load steps, and the most again after them)',
  );
}

export function printSteps(runs: ServerRun[], p99AimMs: number): void {
  const bare = runs.find((run) => run.kind === 'bare');
  const rates = [...new Set(runs.flatMap((run) => run.steps.map((step) => step.rate)))].sort((a, b) => a - b);
  const cell = (step: Step | undefined) => {
    if (!step) return ''.padEnd(26);
    const { p50, p99 } = stats(answered(step));
    return `${n(achieved(step)).padStart(7)} ${ms(p50).padStart(5)} ${ms(p99).padStart(6)} ${`${step.serverCpuPct.toFixed(0)}%`.padStart(5)}`.padEnd(
      26,
    );
  };
  console.log(
    `\nCalls per second: offered, achieved (answered/s), p50 and p99 of the round trip in ms, server process CPU (% of one core)`,
  );
  console.log(
    `  ${'offered/s'.padStart(9)}  ${runs.map((run) => run.label.padEnd(26)).join(' ')}${bare ? ' achieved vs bare' : ''}`,
  );
  console.log(
    `  ${''.padStart(9)}  ${runs.map(() => `${'calls/s'.padStart(7)} ${'p50'.padStart(5)} ${'p99'.padStart(6)} ${'CPU'.padStart(5)}`.padEnd(26)).join(' ')}`,
  );
  for (const rate of rates) {
    const steps = runs.map((run) => run.steps.find((step) => step.rate === rate));
    const bareStep = bare?.steps.find((step) => step.rate === rate);
    const ratios = runs
      .filter((run) => run !== bare)
      .map((run) => {
        const step = run.steps.find((one) => one.rate === rate);
        return step && bareStep ? (achieved(step) / achieved(bareStep)).toFixed(2) : '-';
      });
    console.log(`  ${n(rate).padStart(9)}  ${steps.map(cell).join(' ')}${bare ? ` ${ratios.join(' / ')}` : ''}`);
  }
  const best = runs.map((run) => bestSustained(run, p99AimMs));
  console.log(
    `  ${`p99 < ${p99AimMs} ms`.padStart(9)}  ${best.map((rate) => `${n(rate).padStart(7)} calls/s`.padEnd(26)).join(' ')}`,
  );
  const most = (run: ServerRun) => Math.max(0, ...run.steps.map(achieved));
  const ratios = (of: (run: ServerRun) => number) =>
    bare && of(bare)
      ? runs
          .filter((run) => run !== bare)
          .map((run) => `${run.label} / bare = ${(of(run) / of(bare)).toFixed(2)}`)
          .join(', ')
      : '';
  const bareTop = bare?.steps[bare.steps.length - 1];
  const atLeast =
    bareTop && sustained(bareTop, p99AimMs) ? ' (the bare server held every rate offered: at least that)' : '';
  console.log(
    `  held with p99 < ${p99AimMs} ms: ${runs.map((run, i) => `${run.label} ${n(best[i]!)}/s`).join(', ')}; ${ratios((run) => bestSustained(run, p99AimMs))}${atLeast}`,
  );
  console.log(
    `  most answered in a step: ${runs.map((run) => `${run.label} ${n(most(run))}/s`).join(', ')}; ${ratios(most)}`,
  );
  for (const run of runs) {
    for (const step of run.steps.filter((one) => one.failures.count || one.notSent)) {
      console.log(
        `  ${run.label} at ${n(step.rate)}/s: ${n(step.notSent)} calls not sent (every station waiting)${failureText(step.failures)}`,
      );
    }
  }
}

/** Per action, and the CPU of every process, at each step of each run. */
export function printBreakdown(runs: ServerRun[]): void {
  console.log(
    '\nWhere the time went: p50/p99 ms per action; CPU time per answered call of the server and of the PostgreSQL backends of its database; ' +
      'CPU of the server, the generators, PostgreSQL (% of one core) and the machine (% of all its cores)',
  );
  for (const run of runs) {
    console.log(`  ${run.label}`);
    for (const step of run.steps) {
      const actions = Object.entries(step.latencies)
        .map(([action, values]) => {
          const { p50, p99 } = stats(values);
          return `${action} ${ms(p50)}/${ms(p99)}`;
        })
        .join(', ');
      const perCall = (pct: number) => `${((pct * 10) / achieved(step)).toFixed(2)} ms`;
      const cpu =
        `CPU per call: server ${perCall(step.serverCpuPct)}, its database ${perCall(step.databasePct)}; ` +
        `CPU: server ${step.serverCpuPct.toFixed(0)}%, generators ${step.generatorsCpuPct.toFixed(0)}%, ` +
        `PostgreSQL ${step.databasePct.toFixed(0)}% (all databases ${step.postgresPct.toFixed(0)}%), machine ${step.machinePct.toFixed(0)}%`;
      console.log(`    ${n(step.rate).padStart(6)}/s: ${actions}; ${cpu}`);
    }
    if (run.persisted) console.log(`    persisted: ${run.persisted}`);
    if (run.logWarnings?.count)
      console.log(
        `    server log: ${run.logWarnings.count} lines at warn or above, e.g. ${run.logWarnings.samples.join(' | ')}`,
      );
  }
}

export function printStorm(run: ServerRun): void {
  const storm = run.storm;
  if (!storm) return;
  const { p50, p99, max } = stats(storm.latencies);
  const all = storm.booted === storm.stations && storm.failures.count === 0;
  console.log(
    `\nReconnect storm (${run.label}): ${n(storm.stations)} stations dropped at once, each back after a random pause within ${storm.spreadS} s`,
  );
  console.log(
    `  ${all ? 'all' : 'NOT all'} accepted and booted again: ${n(storm.booted)} of ${n(storm.stations)}, the last ${storm.lastBootedS.toFixed(1)} s after the drop; ` +
      `connect + boot p50 ${ms(p50)} ms, p99 ${ms(p99)} ms, max ${ms(max)} ms; ${storm.retries} retries${failureText(storm.failures)}` +
      (storm.onlineBooted === undefined
        ? ''
        : `; the database shows ${n(storm.onlineBooted)} online and booted since the drop`),
  );
}

/** The step offered at `rate`, if the run reached it. */
const stepAt = (run: ServerRun, rate: number) => run.steps.find((step) => step.rate === rate);

/**
 * The figures the aims name, one line per server and the product's ratio to each other server: memory
 * per station at the most stations held before any load, the most calls answered in a step
 * (saturation), p99 and the server's CPU per call at 2,000 calls/s.
 */
export function printSummary(runs: ServerRun[], p99AimMs: number): void {
  const AT = 2_000;
  const figures = runs.map((run) => {
    const held = run.held.filter((one) => !one.afterLoad).at(-1);
    const memory = held && memoryPerStation(run, held);
    const step = stepAt(run, AT);
    const p99 = step && stats(answered(step)).p99;
    return {
      run,
      stations: held?.stations ?? 0,
      rssKb: memory?.rssKb ?? NaN,
      heapKb: memory?.heapKb ?? NaN,
      most: Math.max(0, ...run.steps.map(achieved)),
      held: bestSustained(run, p99AimMs),
      p99: p99 ?? NaN,
      cpuMs: step ? (step.serverCpuPct * 10) / achieved(step) : NaN,
    };
  });
  console.log(
    `\nSide by side: memory per station (the most held, before any load), calls/s at saturation, p99 and server CPU per call at ${n(AT)} calls/s`,
  );
  console.log(
    `  ${'server'.padEnd(26)} ${'stations'.padStart(8)} ${'RSS/station'.padStart(12)} ${'heap+ext/station'.padStart(17)} ${'most calls/s'.padStart(13)} ${`p99<${p99AimMs}ms calls/s`.padStart(18)} ${`p99 @${n(AT)}`.padStart(11)} ${`CPU/call @${n(AT)}`.padStart(15)}`,
  );
  for (const one of figures) {
    const cells = [
      n(one.stations).padStart(8),
      `${one.rssKb.toFixed(1)} KB`.padStart(12),
      `${one.heapKb.toFixed(1)} KB`.padStart(17),
      n(one.most).padStart(13),
      n(one.held).padStart(18),
      `${ms(one.p99)} ms`.padStart(11),
      `${one.cpuMs.toFixed(3)} ms`.padStart(15),
    ];
    console.log(`  ${one.run.label.padEnd(26)} ${cells.join(' ')}`);
  }
  const product = figures.find((one) => one.run.kind === 'product');
  if (!product) return;
  console.log(
    "  each server's figure divided by the product's (memory, p99 and CPU: over 1, the product needs less; calls/s: over 1, the other answers more):",
  );
  for (const other of figures.filter((one) => one !== product)) {
    const ratio = (of: (one: (typeof figures)[number]) => number) => (of(other) / of(product)).toFixed(2);
    console.log(
      `  ${other.run.label.padEnd(26)} RSS/station ${ratio((one) => one.rssKb)}, heap+ext/station ${ratio((one) => one.heapKb)}, ` +
        `calls/s at saturation ${ratio((one) => one.most)}, p99 @${n(AT)} ${ratio((one) => one.p99)}, CPU/call @${n(AT)} ${ratio((one) => one.cpuMs)}`,
    );
  }
}
