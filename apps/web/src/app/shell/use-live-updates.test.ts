import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveChange } from '@evcms/contracts/live-events';
import { applyLiveChange, LIVE_REFRESH_MS } from '../../lib/live-refresh.ts';
import { queryClient } from '../../lib/query-client.ts';
import { stubFetch } from '../../lib/test-fetch.ts';
import { tokenStore } from '../../lib/token-store.ts';
import { useLiveUpdates } from './use-live-updates.ts';
// The features register what a change refreshes as their code loads (lib/live-refresh.ts).
import '../../features/charges/charges-api.ts';
import '../../features/drivers/drivers-api.ts';
import '../../features/stations/stations-api.ts';

/** An events stream that sends `events` and then stays open, as the server's does. */
function eventStream(...events: object[]): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(`retry: 2000\n: connected\n\n`));
      for (const event of events)
        controller.enqueue(new TextEncoder().encode(`event: change\ndata: ${JSON.stringify(event)}\n\n`));
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A busy network: `change` at once, then every 700 ms for 4 s; the refreshes of the `counted` queries so far, at each step. */
function busyNetwork(change: LiveChange, counted: (queryKey: readonly unknown[]) => boolean) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  // Far from any change the other tests applied.
  vi.setSystemTime(Date.now() + 3_600_000);
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  const refreshes = () =>
    invalidate.mock.calls.filter(([filters]) => filters?.queryKey && counted(filters.queryKey)).length;
  applyLiveChange(change);
  const seen = [refreshes()];
  for (let step = 0; step < 6; step += 1) {
    vi.advanceTimersByTime(700);
    applyLiveChange(change);
  }
  seen.push(refreshes());
  vi.advanceTimersByTime(LIVE_REFRESH_MS - 6 * 700);
  seen.push(refreshes());
  vi.advanceTimersByTime(30_000);
  seen.push(refreshes());
  // Quiet for long enough: the next change is refreshed at once again.
  applyLiveChange(change);
  seen.push(refreshes());
  return { seen, invalidate };
}

describe('live updates', () => {
  it('refetches the stations and charges the server says changed, with the session token', async () => {
    tokenStore.setTokens({ access: 'access-1', refresh: 'refresh-1' });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { calls } = stubFetch({
      'GET /events/': () => eventStream({ resource: 'stations', ids: [7] }, { resource: 'charges', ids: null }),
    });
    const { unmount } = renderHook(() => useLiveUpdates());

    const keys = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    // The charges' registrations, in the order their features loaded. Test files share modules
    // (isolate: false), so features other files loaded (referrals, reports) may have registered too.
    await vi.waitFor(() => expect(keys()).toEqual(expect.arrayContaining([['charges'], ['drivers']])));
    expect(keys().slice(0, 2)).toEqual([
      ['stations', 'list'],
      ['stations', 'detail', 7],
    ]);
    expect(
      keys()
        .slice(2)
        .filter((key) => key?.[0] === 'stations'),
    ).toEqual([]);
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer access-1');
    unmount();
  });

  it('reopens a stream the server ended and then refetches everything it covers', async () => {
    tokenStore.setTokens({ access: 'access-1', refresh: 'refresh-1' });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    let opened = 0;
    stubFetch({
      'GET /events/': () => {
        opened += 1;
        return opened === 1 ? new Response('', { headers: { 'content-type': 'text/event-stream' } }) : eventStream();
      },
    });
    const { unmount } = renderHook(() => useLiveUpdates());
    await vi.waitFor(() => expect(opened).toBe(2), { timeout: 5_000 });
    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['stations'] }));
    unmount();
  });

  it('refreshes charges’ screens and the drivers’ at once, then at most every 5 s however many changes come, the last one always', () => {
    try {
      const charges = busyNetwork({ resource: 'charges', ids: null }, (key) => key[0] === 'charges');
      expect(charges.seen).toEqual([1, 1, 2, 2, 3]);
      expect(charges.invalidate.mock.calls.filter(([filters]) => filters?.queryKey?.[0] === 'drivers')).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refreshes a station’s lists and card at once, then at most every 5 s each', () => {
    try {
      const { seen, invalidate } = busyNetwork(
        { resource: 'stations', ids: [7] },
        (key) => key[0] === 'stations' && key[1] === 'list',
      );
      expect(seen).toEqual([1, 1, 2, 2, 3]);
      const card = invalidate.mock.calls.filter(
        ([filters]) => JSON.stringify(filters?.queryKey) === '["stations","detail",7]',
      );
      expect(card).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
