import type { FastifyBaseLogger } from 'fastify';

/*
 * Work the server does on a clock (the OCPP offline sweep, the promotions' end): one run after
 * another, never two at once; a failed run is logged, not thrown, and the next one tries again.
 */

export interface Periodic<T> {
  /** Runs the task now, after any run under way; answers what it answered. */
  run(): Promise<T>;
  /** Stops the clock and waits for a run under way. */
  close(): Promise<void>;
}

export function periodic<T>(
  task: () => Promise<T>,
  options: { everyMs: number; log: FastifyBaseLogger; failure: string },
): Periodic<T> {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    const next = running.then(task, task);
    running = next;
    return next;
  };
  const timer = setInterval(() => {
    run().catch((error: unknown) => options.log.error({ err: error }, options.failure));
  }, options.everyMs);
  // The clock alone keeps no process alive.
  timer.unref();
  return {
    run,
    async close() {
      clearInterval(timer);
      await running.catch(() => undefined);
    },
  };
}
