import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts but does not wait for (a recovery mail, so that the answer takes as long
 * whether or not the address has an account). A failure is logged; `idle()` waits for what is
 * running, and the app waits for it before it closes.
 */
export interface Background {
  run(name: string, task: () => Promise<unknown>): void;
  idle(): Promise<void>;
}

export function createBackground(log: FastifyBaseLogger): Background {
  const running = new Set<Promise<unknown>>();
  return {
    run(name, task) {
      // On the next turn of the event loop: after the answer that started it has gone out (the
      // embedded database works on this thread, so a task begun at once would delay it).
      const done = new Promise((resolve) => setImmediate(resolve))
        .then(task)
        .catch((error: unknown) => log.error({ err: error, task: name }, 'background task failed'))
        .finally(() => running.delete(done));
      running.add(done);
    },
    async idle() {
      while (running.size) await Promise.all(running);
    },
  };
}
