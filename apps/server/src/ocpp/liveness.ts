import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { LiveEvents } from '../lib/live-events.ts';
import { forgetProcess, recordOrphansOffline, recordProcessAlive } from '../modules/stations/station-ocpp.service.ts';

/*
 * Each server process serving OCPP says every `beatMs` that it is alive (ocpp_processes), and
 * marks offline the stations online for a process silent past `deadAfterMs`: a crashed process
 * writes no disconnects, and its stations would otherwise show online until they connect again.
 */

export interface Liveness {
  /** One beat now: alive, then the orphans of the silent; answers the stations marked offline. */
  beat(now?: Date): Promise<number[]>;
  close(): Promise<void>;
}

export async function startLiveness(
  db: Db,
  log: FastifyBaseLogger,
  events: LiveEvents,
  options: { processId: string; beatMs?: number; deadAfterMs?: number },
): Promise<Liveness> {
  const { processId, beatMs = 10_000, deadAfterMs = 45_000 } = options;
  const beat = async (now = new Date()) => {
    await recordProcessAlive(db, processId, now);
    const orphans = await recordOrphansOffline(db, new Date(now.getTime() - deadAfterMs));
    if (orphans.length) log.warn({ stations: orphans.length }, 'OCPP stations of a silent process marked offline');
    if (orphans.length) events.publish({ resource: 'stations', ids: orphans });
    return orphans;
  };
  // Alive before the first station connects, so no other process takes its stations for orphans.
  await recordProcessAlive(db, processId);
  const timer = setInterval(
    () => void beat().catch((error: unknown) => log.error({ err: error }, 'OCPP liveness beat failed')),
    beatMs,
  );
  timer.unref();
  return {
    beat,
    async close() {
      clearInterval(timer);
      await forgetProcess(db, processId).catch((error: unknown) =>
        log.error({ err: error }, 'OCPP process not forgotten'),
      );
    },
  };
}
