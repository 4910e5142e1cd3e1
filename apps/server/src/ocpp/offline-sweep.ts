import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { markNotCompleted, stationsWithOpenCharges } from '../modules/charges/charge-lifecycle.service.ts';
import { findSilentStations } from '../modules/stations/station-ocpp.service.ts';

/*
 * PRODUCT.md 'Charge lifecycle': a station offline past the limit without a StopTransaction leaves
 * its open charges not completed. A periodic sweep finds them: the stations with an open charge
 * (few, from an index), of those the ones offline and silent for longer than the limit. A late
 * StopTransaction still completes and bills such a charge.
 */

export interface OfflineSweep {
  /** Marks what is due now; answers the number of charges changed. */
  sweep(): Promise<number>;
  /** Stops sweeping and waits for a sweep under way. */
  close(): Promise<void>;
}

/** Sweeps about this often, or as often as the limit when it is shorter. */
const SWEEP_MS = 60_000;

export function createOfflineSweep(db: Db, log: FastifyBaseLogger, options: { limitSeconds: number }): OfflineSweep {
  const limitMs = options.limitSeconds * 1000;
  // Silence counts from this process's start at the latest: after the server itself was down, the
  // stations get the whole limit to reconnect before their charges are given up.
  const watchingSince = Date.now();
  let sweeping: Promise<number> = Promise.resolve(0);

  const sweepOnce = async () => {
    const now = new Date();
    const silentBefore = new Date(now.getTime() - limitMs);
    if (silentBefore.getTime() < watchingSince) return 0;
    const silent = await findSilentStations(db, await stationsWithOpenCharges(db), silentBefore);
    let changed = 0;
    for (const stationId of silent) {
      const charges = await markNotCompleted(db, { stationId, before: now });
      if (charges.length) log.info({ stationId, charges: charges.map((charge) => charge.id) }, 'OCPP station offline past the limit: open charges not completed');
      changed += charges.length;
    }
    return changed;
  };
  // One sweep after another, never two at once.
  const sweep = () => {
    sweeping = sweeping.then(sweepOnce, sweepOnce);
    return sweeping;
  };
  const timer = setInterval(() => {
    sweep().catch((error: unknown) => log.error({ err: error }, 'OCPP offline sweep failed'));
  }, Math.min(SWEEP_MS, limitMs));
  timer.unref();

  return {
    sweep,
    async close() {
      clearInterval(timer);
      await sweeping.catch(() => undefined);
    },
  };
}
