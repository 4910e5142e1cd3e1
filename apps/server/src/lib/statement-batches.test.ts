import { describe, expect, it } from 'vitest';
import { batchedStatement } from './statement-batches.ts';

/** A batcher whose statements are recorded: each batch's items, and a way to hold one open. */
function recorded(options: { failWhen?: (batch: readonly number[]) => boolean } = {}) {
  const batches: number[][] = [];
  let release: (() => void) | undefined;
  let held: Promise<void> | undefined;
  const apply = batchedStatement<number, string>({
    key: (item) => item % 100,
    async together(batch) {
      batches.push([...batch]);
      if (held) await held;
      if (options.failWhen?.(batch)) throw new Error('refused');
      return batch.map((item) => `done ${item}`);
    },
  });
  return {
    apply,
    batches,
    hold() {
      held = new Promise((resolve) => (release = resolve));
    },
    release() {
      held = undefined;
      release?.();
    },
  };
}

describe('statements shared by the calls waiting together', () => {
  it('gives the calls of one moment one statement, each its own result', async () => {
    const { apply, batches } = recorded();
    expect(await Promise.all([apply(1), apply(2), apply(3)])).toEqual(['done 1', 'done 2', 'done 3']);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('puts the calls made while a statement is under way into the next one', async () => {
    const stage = recorded();
    stage.hold();
    const first = stage.apply(1);
    await expect.poll(() => stage.batches.length).toBe(1);
    const later = [stage.apply(2), stage.apply(3)];
    stage.release();
    expect(await Promise.all([first, ...later])).toEqual(['done 1', 'done 2', 'done 3']);
    expect(stage.batches).toEqual([[1], [2, 3]]);
  });

  it('never puts two calls of one key in a statement: the later waits, in order', async () => {
    const { apply, batches } = recorded();
    await Promise.all([apply(1), apply(101), apply(2)]);
    expect(batches).toEqual([[1, 2], [101]]);
  });

  it('fails only the call whose values the database refuses', async () => {
    const { apply, batches } = recorded({ failWhen: (batch) => batch.includes(2) });
    const results = await Promise.allSettled([apply(1), apply(2), apply(3)]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(batches).toEqual([[1, 2, 3], [1], [2], [3]]);
  });
});
