/**
 * How busy the machine was while a bench step ran (Linux /proc): every core together, the local
 * PostgreSQL server's processes (which also serve anyone else's databases) and the backends of the
 * bench's own database, so a figure taken on a shared machine says what else was running.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Linux's USER_HZ: /proc counts CPU time in these ticks. */
const TICKS_PER_SECOND = 100;

export interface CpuSnapshot {
  at: number;
  busyTicks: number;
  totalTicks: number;
  postgresTicks: number;
  /** Of each backend serving the bench's database (`databasePids`), by pid. */
  databaseTicks: Map<number, number>;
}

/** utime + stime of a process, or undefined when it is not running `command`. */
function ticksOf(pid: string | number, command?: string): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    if (command && !stat.includes(`(${command})`)) return undefined;
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    // The process ended meanwhile.
    return undefined;
  }
}

function postgresTicks(): number {
  return readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .reduce((sum, pid) => sum + (ticksOf(pid, 'postgres') ?? 0), 0);
}

export function cpuSnapshot(databasePids: readonly number[] = []): CpuSnapshot {
  const [, ...times] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const ticks = times.map(Number);
  const idle = ticks[3]! + ticks[4]!;
  const total = ticks.slice(0, 8).reduce((sum, value) => sum + value, 0);
  const databaseTicks = new Map(databasePids.map((pid) => [pid, ticksOf(pid) ?? 0]));
  return {
    at: performance.now(),
    busyTicks: total - idle,
    totalTicks: total,
    postgresTicks: postgresTicks(),
    databaseTicks,
  };
}

export interface CpuShares {
  /** Busy share of all the machine's cores. */
  machinePct: number;
  /** Every PostgreSQL process (anyone's databases, its WAL writer...), as a share of one core. */
  postgresPct: number;
  /** The bench database's backends, as a share of one core. */
  databasePct: number;
}

// A process that ended meanwhile takes its ticks with it: a share is never below 0.
const share = (ticks: number, seconds: number) => Math.max(0, (100 * ticks) / TICKS_PER_SECOND / seconds);

export function cpuBetween(from: CpuSnapshot, to: CpuSnapshot): CpuShares {
  const seconds = (to.at - from.at) / 1000;
  // A backend opened meanwhile spent all its time in between.
  const databaseTicks = [...to.databaseTicks].reduce(
    (sum, [pid, ticks]) => sum + ticks - (from.databaseTicks.get(pid) ?? 0),
    0,
  );
  return {
    machinePct: (100 * (to.busyTicks - from.busyTicks)) / Math.max(1, to.totalTicks - from.totalTicks),
    postgresPct: share(to.postgresTicks - from.postgresTicks, seconds),
    databasePct: share(databaseTicks, seconds),
  };
}
