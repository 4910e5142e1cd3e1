import type { FastifyBaseLogger } from 'fastify';

/** Runs a station's state writes one after another; settles once this one is done. */
export type StateWrites = (stationId: number, task: () => Promise<void>) => Promise<void>;

/**
 * The state's writes of each station in the order of the events, across its connections: a quick
 * close never lands before its connect, and a replaced connection's connect never lands after its
 * successor's (it would then be taken offline by its own close).
 */
export function createStateWrites(log: FastifyBaseLogger): StateWrites {
  const last = new Map<number, Promise<void>>();
  return (stationId, task) => {
    const done = (last.get(stationId) ?? Promise.resolve())
      .then(task)
      .catch((error: unknown) => log.error({ err: error, stationId }, 'OCPP station state not written'));
    last.set(stationId, done);
    void done.then(() => {
      if (last.get(stationId) === done) last.delete(stationId);
    });
    return done;
  };
}
