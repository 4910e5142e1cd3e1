import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { localBus, type Bus } from './bus.ts';
import { LIVE_IDS_MAX } from '@evcms/contracts/live-events';
import { changeGatherer, createLiveEvents, type ChangeBatch } from './live-events.ts';

/* The changes the open screens hear of, across the server processes. */

const log = { error: vi.fn() } as unknown as FastifyBaseLogger;

describe('live changes', () => {
  it('are gathered per resource: the ids together, any record (null) once one said so or past the limit', async () => {
    const sent: ChangeBatch[] = [];
    const gatherer = changeGatherer((batch) => void sent.push(batch), 60_000);
    gatherer.add([{ resource: 'stations', ids: [3] }]);
    gatherer.add([
      { resource: 'charges', ids: [40] },
      { resource: 'stations', ids: [5, 3] },
    ]);
    gatherer.add([{ resource: 'charges', ids: null }]);
    gatherer.add([{ resource: 'charges', ids: [41] }]);
    await gatherer.flush();
    expect(sent).toEqual([
      [
        { resource: 'stations', ids: [3, 5] },
        { resource: 'charges', ids: null },
      ],
    ]);

    gatherer.add([{ resource: 'stations', ids: Array.from({ length: LIVE_IDS_MAX }, (_, index) => index + 1) }]);
    await gatherer.flush();
    expect(sent[1]![0]!.ids).toHaveLength(LIVE_IDS_MAX);
    gatherer.add([{ resource: 'stations', ids: Array.from({ length: LIVE_IDS_MAX + 1 }, (_, index) => index + 1) }]);
    await gatherer.flush();
    expect(sent[2]).toEqual([{ resource: 'stations', ids: null }]);
    // Nothing gathered, nothing sent.
    await gatherer.flush();
    expect(sent).toHaveLength(3);
  });

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
    expect(heard).toEqual([
      [
        { resource: 'stations', ids: null },
        { resource: 'charges', ids: null },
      ],
    ]);
    await events.close();
    expect(watchers.size).toBe(0);
  });
});
