import { useEffect } from 'react';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import type { LiveChange } from '@evcms/contracts/live-events';
import { chargesApi } from '../../features/charges/charges-api.ts';
import { driversApi } from '../../features/drivers/drivers-api.ts';
import { stationsApi } from '../../features/stations/stations-api.ts';
import { openTextStream } from '../../lib/http.ts';
import { queryClient } from '../../lib/query-client.ts';
import { throttledInvalidation } from '../../lib/throttled-invalidation.ts';

/*
 * Keeps the signed-in screens live: the server's events stream (GET /events/) says which stations
 * and whether charges changed, and the queries showing them are refetched (only those on screen
 * refetch at once; the rest when next shown); charges' screens at most every 5 s. A lost stream is reopened, sooner first, then every
 * half minute at most; on reopening everything it covers is refetched, as changes may have passed.
 */

const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;
/** Charges progress with every meter reading of every station: an open list refetches at most this often. */
export const CHARGES_REFRESH_MS = 5_000;

const chargesRefresh = throttledInvalidation(queryClient, CHARGES_REFRESH_MS);

export function applyLiveChange(change: LiveChange): void {
  const stations = stationsApi.keys;
  if (change.all_stations) void queryClient.invalidateQueries({ queryKey: stations.all });
  else if (change.stations.length) {
    void queryClient.invalidateQueries({ queryKey: stations.lists });
    for (const id of change.stations) void queryClient.invalidateQueries({ queryKey: stations.detail(id) });
  }
  if (change.charges) {
    // At once when the charges were quiet, else once at the end of the interval for all that came.
    chargesRefresh(chargesApi.keys.all);
    // A charge that ends debits its driver's balance.
    chargesRefresh(driversApi.keys.all);
  }
}

const EVERYTHING: LiveChange = { stations: [], all_stations: true, charges: true };

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

async function follow(signal: AbortSignal): Promise<void> {
  let retry = RETRY_FIRST_MS;
  for (let opened = 0; !signal.aborted; opened += 1) {
    try {
      const events = (await openTextStream('/events/', signal)).pipeThrough(new EventSourceParserStream()).getReader();
      if (opened > 0) applyLiveChange(EVERYTHING);
      retry = RETRY_FIRST_MS;
      for (let next = await events.read(); !next.done; next = await events.read()) {
        if (next.value.event === 'change') applyLiveChange(JSON.parse(next.value.data) as LiveChange);
      }
    } catch {
      // Refused, cut off or unreadable: tried again below; a session that ended unmounts this first.
    }
    await pause(retry, signal);
    retry = Math.min(retry * 2, RETRY_MAX_MS);
  }
}

/** Follows the server's changes while the signed-in frame is shown. */
export function useLiveUpdates(): void {
  useEffect(() => {
    const abort = new AbortController();
    void follow(abort.signal);
    return () => abort.abort();
  }, []);
}
