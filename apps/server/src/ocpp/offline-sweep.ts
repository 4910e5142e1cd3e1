import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { LiveEvents } from '../lib/live-events.ts';
import { periodic } from '../lib/periodic.ts';
import {
  cancelStaleInitiated,
  markNotCompleted,
  stationsWithOpenCharges,
} from '../modules/charges/charge-lifecycle.service.ts';
import { findSilentStations } from '../modules/stations/station-ocpp.service.ts';

/*
 * PRODUCT.md 'Charge lifecycle': a station offline past the limit without a StopTransaction leaves
 * its open charges not completed, and an initiated charge that never starts is canceled. A
 * periodic sweep finds both: the stations with an open charge (few, from an index), of those the
 * ones offline and silent for longer than the offline limit; and the charges initiated longer ago
 * than the start time-out. A late StopTransaction still completes and bills a not-completed
 * charge; a late StartTransaction starts a charge of its own.
 */

export interface OfflineSweep {
  /** Marks what is due now; answers the number of charges changed. */
  sweep(): Promise<number>;
  /** Stops sweeping and waits for a sweep under way. */
  close(): Promise<void>;
}

export interface OfflineSweepOptions {
  /** Seconds a station may stay offline before its open charges are not completed. */
  limitSeconds: number;
  /** Seconds an initiated charge may wait for its StartTransaction before it is canceled. */
  startTimeoutSeconds: number;
  /** Where the changed charges are told to the open screens. */
  events?: Pick<LiveEvents, 'publish'> | undefined;
}

/** Sweeps about this often, or as often as the shorter limit when it is shorter. */
const SWEEP_MS = 60_000;

export function createOfflineSweep(db: Db, log: FastifyBaseLogger, options: OfflineSweepOptions): OfflineSweep {
  const limitMs = options.limitSeconds * 1000;
  const startTimeoutMs = options.startTimeoutSeconds * 1000;
  // Silence counts from this process's start at the latest: after the server itself was down, the
  // stations get the whole limit to reconnect before their charges are given up.
  const watchingSince = Date.now();
  const told = (charges: readonly { id: number; stationId: number | null }[]) => {
    if (!charges.length) return;
    const stations = [...new Set(charges.map((charge) => charge.stationId))].filter((stationId) => stationId !== null);
    if (stations.length) options.events?.publish({ resource: 'stations', ids: stations });
    options.events?.publish({ resource: 'charges', ids: charges.map((charge) => charge.id) });
  };

  const sweepOffline = async (now: Date) => {
    const silentBefore = new Date(now.getTime() - limitMs);
    if (silentBefore.getTime() < watchingSince) return 0;
    const silent = await findSilentStations(db, await stationsWithOpenCharges(db), silentBefore);
    let changed = 0;
    for (const stationId of silent) {
      const charges = await markNotCompleted(db, { stationId, before: now });
      if (charges.length)
        log.info(
          { stationId, charges: charges.map((charge) => charge.id) },
          'OCPP station offline past the limit: open charges not completed',
        );
      changed += charges.length;
      told(charges);
    }
    return changed;
  };
  const sweepInitiated = async (now: Date) => {
    const canceled = await cancelStaleInitiated(db, new Date(now.getTime() - startTimeoutMs));
    if (canceled.length)
      log.info({ charges: canceled.map((charge) => charge.id) }, 'OCPP initiated charges never started: canceled');
    told(canceled);
    return canceled.length;
  };
  const sweepOnce = async () => {
    const now = new Date();
    return (await sweepOffline(now)) + (await sweepInitiated(now));
  };
  const periodicSweep = periodic(sweepOnce, {
    everyMs: Math.min(SWEEP_MS, limitMs, startTimeoutMs),
    log,
    failure: 'OCPP charge sweep failed',
  });
  return { sweep: periodicSweep.run, close: periodicSweep.close };
}
