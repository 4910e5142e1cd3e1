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
   * statement per write's round trip, not one each; the other stations' signs wait for the timed flush.
   */
  seenNow(stationId: number, at?: Date): Promise<void>;
  /** Writes what is pending; the last flush happens at close. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export function createPresence(db: Db, log: FastifyBaseLogger, flushMs: number): Presence {
  /** Every sign of life since the last timed flush. */
  const pending = new Map<number, Date>();
  /** The heartbeats waiting for a write: only these are written before their answer. */
  const heartbeats = new Map<number, Date>();
  let writing: Promise<void> = Promise.resolve();
  /** The write that will take the waiting heartbeats, once the one under way is done. */
  let next: Promise<void> | undefined;

  // One write after another, so a slow one is never overtaken by the next.
  const write = (from: Map<number, Date>) => {
    if (!from.size) return writing;
    const batch = [...from].map(([stationId, at]) => ({ stationId, at }));
    from.clear();
    writing = writing
      .then(() => recordSeen(db, batch))
      .catch((error: unknown) => log.error({ err: error }, 'OCPP last-seen flush failed'));
    return writing;
  };
  const flush = () => {
    // The timed flush takes every station: a heartbeat's is written again, which changes nothing.
    heartbeats.clear();
    return write(pending);
  };
  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    seen(stationId, at = new Date()) {
      pending.set(stationId, at);
    },
    seenNow(stationId, at = new Date()) {
      pending.set(stationId, at);
      heartbeats.set(stationId, at);
      next ??= writing.then(() => {
        next = undefined;
        return write(heartbeats);
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
