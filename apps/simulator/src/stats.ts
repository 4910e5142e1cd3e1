/*
 * What a fleet of simulated charge points is doing, counted as it happens: gauges (connected,
 * booted, charging) go up and down, the rest only grow. Every charge point of a fleet shares one.
 */

export interface Stats {
  connected: number;
  booted: number;
  charging: number;
  /** Calls the charge points sent (every action). */
  calls: number;
  /** Calls the central system answered with a result. */
  answered: number;
  /** Commands of the central system the charge points answered. */
  commands: number;
  /** Sessions that ended with a StopTransaction the central system confirmed. */
  sessions: number;
  errors: number;
}

export function newStats(): Stats {
  return { connected: 0, booted: 0, charging: 0, calls: 0, answered: 0, commands: 0, sessions: 0, errors: 0 };
}

/** One line: `12/12 connected · 12 booted · 3 charging · 1,204 calls sent · 2 commands · 5 sessions · 0 errors`. */
export function summary(stats: Stats, stations: number): string {
  const n = (value: number) => value.toLocaleString('en-US');
  return [
    `${n(stats.connected)}/${n(stations)} connected`,
    `${n(stats.booted)} booted`,
    `${n(stats.charging)} charging`,
    `${n(stats.calls)} calls sent`,
    `${n(stats.commands)} commands`,
    `${n(stats.sessions)} sessions done`,
    `${n(stats.errors)} errors`,
  ].join(' · ');
}

/** What a run did in all, once its charge points are closed. */
export function totals(stats: Stats): string {
  const n = (value: number) => value.toLocaleString('en-US');
  return `${n(stats.calls)} calls sent, ${n(stats.commands)} commands answered, ${n(stats.sessions)} sessions done, ${n(stats.errors)} errors`;
}
