import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { localBus, type Bus } from '../lib/bus.ts';
import type { Delivery } from './commands.ts';
import { openedAfter, remoteStations, type HeldStations } from './remote-stations.ts';

const log = { error: vi.fn() } as unknown as FastifyBaseLogger;

/**
 * Two processes on one bus (in-process, but shared as PostgreSQL's is), each with its stations.
 * `listening` stands for the first process's listening connection: set false, it is lost.
 */
function twoProcesses() {
  const watchers = new Set<(listening: boolean) => void>();
  let listening = true;
  const bus: Bus = {
    ...localBus(),
    shared: true,
    listening: async () => listening,
    onListening(watcher) {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
  };
  const held = () =>
    ({ call: vi.fn((): Promise<Delivery> | undefined => undefined), replaced: vi.fn() }) satisfies HeldStations;
  const [one, two] = [held(), held()];
  const setListening = (now: boolean) => {
    listening = now;
    for (const watcher of watchers) watcher(now);
  };
  return {
    one,
    two,
    setListening,
    remoteOne: remoteStations(bus, one, log, 'process-1'),
    remoteTwo: remoteStations(
      { ...bus, listening: async () => true, onListening: () => () => undefined },
      two,
      log,
      'process-2',
    ),
  };
}

const delivered = () => new Promise((resolve) => setImmediate(resolve));

describe('a station connecting to one of several processes', () => {
  it("is announced to the other processes, never to its own, which has replaced its socket already (the announcement may come after a newer one's)", async () => {
    const { one, two, remoteOne } = twoProcesses();
    remoteOne.connected(7, { connectionId: 'a', connectedAt: 1_000 });
    await delivered();
    expect(one.replaced).not.toHaveBeenCalled();
    expect(two.replaced).toHaveBeenCalledWith(7, { connectionId: 'a', connectedAt: 1_000 });
  });

  it('keeps the connection opened last, and of two in the same millisecond the same one in every process', () => {
    const older = { connectionId: 'b', connectedAt: 1_000 };
    const newer = { connectionId: 'a', connectedAt: 1_001 };
    expect(openedAfter(newer, older)).toBe(true);
    expect(openedAfter(older, newer)).toBe(false);
    const [x, y] = [
      { connectionId: 'x', connectedAt: 2_000 },
      { connectionId: 'y', connectedAt: 2_000 },
    ];
    expect([openedAfter(x, y), openedAfter(y, x)].filter(Boolean)).toHaveLength(1);
    expect(openedAfter(x, x)).toBe(false);
  });
});

describe('a command for a station another process holds', () => {
  it('is answered by the process holding it', async () => {
    const { two, remoteOne } = twoProcesses();
    two.call.mockImplementation(async () => ({ kind: 'answered', response: { status: 'Accepted' } }));
    expect(await remoteOne.deliver(7, 'Reset', { type: 'Soft' }, 1_000)).toEqual({
      kind: 'answered',
      response: { status: 'Accepted' },
    });
  });

  it('is not sent while this process does not listen on the bus, since no answer could reach it', async () => {
    const { two, remoteOne, setListening } = twoProcesses();
    setListening(false);
    await expect(remoteOne.deliver(7, 'Reset', { type: 'Soft' }, 50)).rejects.toThrow(/does not listen/);
    await delivered();
    expect(two.call).not.toHaveBeenCalled();
  });

  it('times out, rather than finding the station offline, when this process stopped listening while it waited', async () => {
    const { remoteOne, setListening } = twoProcesses();
    const unanswered = remoteOne.deliver(7, 'Reset', { type: 'Soft' }, 10);
    await delivered();
    setListening(false);
    setListening(true);
    expect(await unanswered).toEqual({ kind: 'timeout' });
    // Heard in full, no process answering means none holds it.
    expect(await remoteOne.deliver(7, 'Reset', { type: 'Soft' }, 10)).toEqual({ kind: 'offline', disconnected: false });
  });
});
