import { useEffect } from 'react';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import type { LiveChange } from '@evcms/contracts/live-events';
import { openTextStream } from '../../lib/http.ts';
import { applyEveryLiveChange, applyLiveChange } from '../../lib/live-refresh.ts';

/*
 * Keeps the signed-in screens live: the server's events stream (GET /events/) says what changed,
 * `{ resource, ids }`, and the queries the features registered for it are refetched (lib/live-refresh.ts;
 * only those on screen at once, the rest when next shown). A lost stream is reopened, sooner first,
 * then every half minute at most; on reopening everything registered is refetched, as changes may have passed.
 */

const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;

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
      if (opened > 0) applyEveryLiveChange();
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
