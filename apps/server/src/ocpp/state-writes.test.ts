import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createStateWrites } from './state-writes.ts';

const log = (errors: unknown[] = []) =>
  ({ error: (...args: unknown[]) => void errors.push(args) }) as unknown as FastifyBaseLogger;

/** A task that runs only once released, recording when it started. */
function held(name: string, started: string[]) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const task = async () => {
    started.push(name);
    await gate;
  };
  return { task, release };
}

describe('a station state writes', () => {
  it("runs a station's writes one after another across its connections, and other stations' meanwhile", async () => {
    const writes = createStateWrites(log());
    const started: string[] = [];
    // The first connection's connect is slow; its successor connects and the first closes meanwhile.
    const firstConnect = held('first connect', started);
    const done = [
      writes(1, firstConnect.task),
      writes(1, async () => void started.push('second connect')),
      writes(1, async () => void started.push('first disconnect')),
    ];
    await writes(2, async () => void started.push('other station'));
    expect(started).toEqual(['first connect', 'other station']);

    firstConnect.release();
    await Promise.all(done);
    expect(started).toEqual(['first connect', 'other station', 'second connect', 'first disconnect']);
  });

  it('logs a write that failed and goes on', async () => {
    const errors: unknown[] = [];
    const writes = createStateWrites(log(errors));
    await expect(writes(1, () => Promise.reject(new Error('database gone')))).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
    let ran = false;
    await writes(1, async () => void (ran = true));
    expect(ran).toBe(true);
  });
});
