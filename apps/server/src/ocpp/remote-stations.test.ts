import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { localBus } from '../lib/bus.ts';
import { openedAfter, remoteStations, type HeldStations } from './remote-stations.ts';

const log = { error: vi.fn() } as unknown as FastifyBaseLogger;

/** Two processes on one bus (in-process, but shared as PostgreSQL's is), each with its stations. */
function twoProcesses() {
  const bus = { ...localBus(), shared: true };
  const held = () => ({ call: vi.fn(() => undefined), replaced: vi.fn() }) satisfies HeldStations;
  const [one, two] = [held(), held()];
  return { one, two, remoteOne: remoteStations(bus, one, log, 'process-1'), remoteTwo: remoteStations(bus, two, log, 'process-2') };
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
