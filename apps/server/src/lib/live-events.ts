import type { FastifyBaseLogger } from 'fastify';
import { LIVE_IDS_MAX, LIVE_RESOURCES, type LiveChange, type LiveResource } from '@evcms/contracts/live-events';
import type { Bus } from './bus.ts';

/*
 * Changes the back office's open screens should see at once (a station going online, a connector's
 * status, a charge's progress), published where they are written as `{ resource, ids }` (contracts
 * live-events.ts) and heard by the events stream (modules/live-events) of every signed-in browser,
 * whichever process it is connected to. They travel the bus (bus.ts) gathered for a moment, so a
 * busy network sends a few messages a second, not one per charge point's call.
 */

/** A change as its writer tells it: ids left out when any record of the resource may have changed. */
export interface PublishedChange {
  resource: LiveResource;
  ids?: readonly number[];
}

/** Changes gathered, one per resource in the order they first came: past LIVE_IDS_MAX ids, `ids: null`. */
export type ChangeBatch = LiveChange[];

export type BatchListener = (batch: ChangeBatch) => void;

export interface LiveEvents {
  /** After the change is written: a listener that reads it back must find it. */
  publish(change: PublishedChange): void;
  /** The function returned stops the listening. */
  subscribe(listener: BatchListener): () => void;
  /** Sends what is gathered. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Every resource, any record: what a screen refetches when changes may have been missed. */
export const EVERY_CHANGE: ChangeBatch = LIVE_RESOURCES.map((resource) => ({ resource, ids: null }));

const CHANNEL = 'evcms_live_changes';

/** Gathers changes and hands them on as one batch at most every `gatherMs`. */
export function changeGatherer(send: (batch: ChangeBatch) => void | Promise<void>, gatherMs: number) {
  // Per resource, the ids changed; null once any may have.
  const gathered = new Map<LiveResource, Set<number> | null>();
  let timer: NodeJS.Timeout | undefined;
  const flush = async () => {
    clearTimeout(timer);
    timer = undefined;
    if (!gathered.size) return;
    const batch = [...gathered].map(([resource, ids]) => ({ resource, ids: ids && [...ids] }));
    gathered.clear();
    await send(batch);
  };
  return {
    add(batch: ChangeBatch) {
      for (const { resource, ids } of batch) {
        const known = gathered.has(resource) ? gathered.get(resource)! : new Set<number>();
        if (known && ids) for (const id of ids) known.add(id);
        gathered.set(resource, ids && known && known.size <= LIVE_IDS_MAX ? known : null);
      }
      timer ??= setTimeout(() => void flush(), gatherMs);
    },
    flush,
    stop: () => clearTimeout(timer),
  };
}

export function createLiveEvents(bus: Bus, log: FastifyBaseLogger, options: { gatherMs?: number } = {}): LiveEvents {
  const listeners = new Set<BatchListener>();
  const outgoing = changeGatherer(
    (batch) =>
      bus.publish(CHANNEL, batch).catch((error: unknown) => log.error({ err: error }, 'live changes not published')),
    options.gatherMs ?? 250,
  );
  const unsubscribe = bus.subscribe(CHANNEL, (message) => {
    for (const listener of listeners) listener(message as ChangeBatch);
  });
  // Others' changes published while this process did not listen never came: every screen refetches.
  const notWatching = bus.onListening((listening) => {
    if (!listening) return;
    for (const listener of listeners) listener(EVERY_CHANGE);
  });
  return {
    publish: ({ resource, ids }) => outgoing.add([{ resource, ids: ids ? [...ids] : null }]),
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
