import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client.ts';
import { stubFetch } from '../../lib/test-fetch.ts';
import { tokenStore } from '../../lib/token-store.ts';
import { useLiveUpdates } from './use-live-updates.ts';

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
});
