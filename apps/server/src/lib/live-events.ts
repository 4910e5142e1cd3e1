import type { FastifyBaseLogger } from 'fastify';
import { LIVE_STATIONS_MAX } from '@evcms/contracts/live-events';
import type { Bus } from './bus.ts';

/*
 * Changes the back office's open screens should see at once (a station going online, a connector's
 * status, a charge's progress), published where they are written and heard by the events stream
 * (modules/live-events) of every signed-in browser, whichever process it is connected to. They
 * travel the bus (bus.ts) gathered for a moment, so a busy network sends a few messages a second,
 * not one per charge point's call.
 */

export interface StationChange {
  stationId: number;
  /** A charge of the station started, progressed or ended. */
  charges?: boolean;
}

/** Changes gathered: past LIVE_STATIONS_MAX stations, `allStations` instead of the list. */
export interface ChangeBatch {
  stations: number[];
  allStations: boolean;
  charges: boolean;
}

export type BatchListener = (batch: ChangeBatch) => void;

export interface LiveEvents {
  /** After the change is written: a listener that reads it back must find it. */
  publish(change: StationChange): void;
  /** The function returned stops the listening. */
  subscribe(listener: BatchListener): () => void;
  /** Sends what is gathered. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = 'evcms_live_changes';

/** Gathers changes and hands them on as one batch at most every `gatherMs`. */
export function changeGatherer(send: (batch: ChangeBatch) => void | Promise<void>, gatherMs: number) {
  const stations = new Set<number>();
  let allStations = false;
  let charges = false;
  let timer: NodeJS.Timeout | undefined;
  const flush = async () => {
    clearTimeout(timer);
    timer = undefined;
    if (!allStations && !stations.size && !charges) return;
    const batch = { stations: allStations ? [] : [...stations], allStations, charges };
    stations.clear();
    allStations = charges = false;
    await send(batch);
  };
  return {
    add(batch: ChangeBatch) {
      if (!allStations) for (const id of batch.stations) stations.add(id);
      allStations ||= batch.allStations || stations.size > LIVE_STATIONS_MAX;
      if (allStations) stations.clear();
      charges ||= batch.charges;
      timer ??= setTimeout(() => void flush(), gatherMs);
    },
    flush,
    stop: () => clearTimeout(timer),
  };
}

export function createLiveEvents(bus: Bus, log: FastifyBaseLogger, options: { gatherMs?: number } = {}): LiveEvents {
  const listeners = new Set<BatchListener>();
  const outgoing = changeGatherer(
    (batch) => bus.publish(CHANNEL, batch).catch((error: unknown) => log.error({ err: error }, 'live changes not published')),
    options.gatherMs ?? 250,
  );
  const unsubscribe = bus.subscribe(CHANNEL, (message) => {
    for (const listener of listeners) listener(message as ChangeBatch);
  });
  // Others' changes published while this process did not listen never came: every screen refetches.
  const notWatching = bus.onListening((listening) => {
    if (!listening) return;
    for (const listener of listeners) listener({ stations: [], allStations: true, charges: true });
  });
  return {
    publish: (change) => outgoing.add({ stations: [change.stationId], allStations: false, charges: change.charges === true }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    flush: outgoing.flush,
    async close() {
      await outgoing.flush();
      unsubscribe();
      notWatching();
    },
  };
}
