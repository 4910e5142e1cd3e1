import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { recordSeen } from '../modules/stations/station-ocpp.service.ts';

/*
 * Last-seen of connected stations. Every message and every answered ping is a sign of life; with
 * thousands of stations pinged every 30 s, one UPDATE per sign would be hundreds of writes a
 * second, so they are kept here and written together, one statement per flush.
 */

export interface Presence {
  seen(stationId: number, at?: Date): void;
  /**
   * A sign of life to be written now (a Heartbeat): settles once a write holding it is done. Those
   * arriving while a write is under way share the next one, so a busy network's heartbeats cost a
   * statement per write's round trip, not one each.
   */
  seenNow(stationId: number, at?: Date): Promise<void>;
  /** Writes what is pending; the last flush happens at close. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export function createPresence(db: Db, log: FastifyBaseLogger, flushMs: number): Presence {
  const pending = new Map<number, Date>();
  let writing: Promise<void> = Promise.resolve();
  /** The write that will take what is pending, once the one under way is done. */
  let next: Promise<void> | undefined;

  const flush = () => {
    if (!pending.size) return writing;
    const batch = [...pending].map(([stationId, at]) => ({ stationId, at }));
    pending.clear();
    // One flush after another, so a slow one is never overtaken by the next.
    writing = writing
      .then(() => recordSeen(db, batch))
      .catch((error: unknown) => log.error({ err: error }, 'OCPP last-seen flush failed'));
    return writing;
  };
  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    seen(stationId, at = new Date()) {
      pending.set(stationId, at);
    },
    seenNow(stationId, at = new Date()) {
      pending.set(stationId, at);
      next ??= writing.then(() => {
        next = undefined;
        return flush();
      });
      return next;
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
