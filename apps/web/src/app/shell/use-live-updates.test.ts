import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client.ts';
import { stubFetch } from '../../lib/test-fetch.ts';
import { tokenStore } from '../../lib/token-store.ts';
import { applyLiveChange, CHARGES_REFRESH_MS, useLiveUpdates } from './use-live-updates.ts';

/** An events stream that sends `events` and then stays open, as the server's does. */
function eventStream(...events: object[]): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(`retry: 2000\n: connected\n\n`));
      for (const event of events) controller.enqueue(new TextEncoder().encode(`event: change\ndata: ${JSON.stringify(event)}\n\n`));
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('live updates', () => {
  it('refetches the stations and charges the server says changed, with the session token', async () => {
    tokenStore.setTokens({ access: 'access-1', refresh: 'refresh-1' });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { calls } = stubFetch({ 'GET /events/': () => eventStream({ stations: [7], all_stations: false, charges: true }) });
    const { unmount } = renderHook(() => useLiveUpdates());

    await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['stations', 'detail', 7] }));
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual([['stations', 'list'], ['stations', 'detail', 7], ['charges'], ['drivers']]);
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

  it('refreshes charges’ screens at once, then at most every 5 s however many changes come, the last one always', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    // Far from any change the other tests applied.
    vi.setSystemTime(Date.now() + 3_600_000);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    const charges = () => invalidate.mock.calls.filter(([filters]) => filters?.queryKey?.[0] === 'charges').length;
    const change = { stations: [], all_stations: false, charges: true };
    try {
      applyLiveChange(change);
      expect(charges()).toBe(1);
      // A busy network: a change every 700 ms for 4 s.
      for (let step = 0; step < 6; step += 1) {
        vi.advanceTimersByTime(700);
        applyLiveChange(change);
      }
      expect(charges()).toBe(1);
      vi.advanceTimersByTime(CHARGES_REFRESH_MS - 6 * 700);
      expect(charges()).toBe(2);
      vi.advanceTimersByTime(30_000);
      expect(charges()).toBe(2);
      // Quiet for long enough: the next change is refreshed at once again.
      applyLiveChange(change);
      expect(charges()).toBe(3);
      expect(invalidate.mock.calls.filter(([filters]) => filters?.queryKey?.[0] === 'drivers')).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
