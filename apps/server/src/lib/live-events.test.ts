import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { localBus, type Bus } from './bus.ts';
import { createLiveEvents, type ChangeBatch } from './live-events.ts';

/* The changes the open screens hear of, across the server processes. */

const log = { error: vi.fn() } as unknown as FastifyBaseLogger;

describe('live changes', () => {
  it('tell every screen to refetch everything once this process listens again: what others published meanwhile never came', async () => {
    const watchers = new Set<(listening: boolean) => void>();
    const bus: Bus = {
      ...localBus(),
      onListening(watcher) {
        watchers.add(watcher);
        return () => watchers.delete(watcher);
      },
    };
    const events = createLiveEvents(bus, log, { gatherMs: 1 });
    const heard: ChangeBatch[] = [];
    events.subscribe((batch) => heard.push(batch));

    for (const watcher of watchers) watcher(false);
    expect(heard).toEqual([]);
    for (const watcher of watchers) watcher(true);
    expect(heard).toEqual([{ stations: [], allStations: true, charges: true }]);
    await events.close();
    expect(watchers.size).toBe(0);
  });
});
