/*
 * STARTUP_TRACE=1: each phase of a process's start on stderr, in ms since the process began and
 * the CPU it has used so far (user + system, all threads), so a slow start says where its time went
 * even on a busy machine (issue 34):  `startup   812 ms  cpu   905 ms  migrations applied`.
 * scripts/start.mjs prints the first lines the same way. Off, a mark costs one comparison.
 */

import { isMainThread, workerData } from 'node:worker_threads';

const tracing = process.env.STARTUP_TRACE === '1';
/** When the process began: a worker thread's own clock starts later, so it is told (db/pglite-threaded.ts). */
const origin: number = isMainThread
  ? performance.timeOrigin
  : ((workerData as { startupOrigin?: number } | undefined)?.startupOrigin ?? performance.timeOrigin);

export function startupMark(phase: string): void {
  if (!tracing) return;
  const { user, system } = process.cpuUsage();
  const ms = (value: number) => value.toFixed(0).padStart(5);
  process.stderr.write(
    `startup ${ms(performance.timeOrigin + performance.now() - origin)} ms  cpu ${ms((user + system) / 1000)} ms  ${phase}\n`,
  );
}
