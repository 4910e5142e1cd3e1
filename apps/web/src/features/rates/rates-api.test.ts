import { describe, expect, it } from 'vitest';
import { mergeRates, statusChanges } from './rates-api.ts';
import { aRate } from './rate-test-data.ts';

describe('rates api', () => {
  it('sends a bulk status change as one entry per rate', () => {
    expect(statusChanges({ ids: [3, 1], status: 0 })).toEqual([
      { id: 3, status: 0 },
      { id: 1, status: 0 },
    ]);
  });

  it('merges the rates a bulk change answers into a page by id, keeping order and the other rows', () => {
    const page = { items: [aRate(3, 'C'), aRate(2, 'B'), aRate(1, 'A')], page: 1, pages: 1, size: 10, total: 3 };
    const changed = [aRate(1, 'A', { status: 0 }), aRate(3, 'C', { status: 0 }), aRate(9, 'elsewhere', { status: 0 })];
    const merged = mergeRates(page, changed);
    expect(merged.items.map((rate) => [rate.id, rate.active])).toEqual([
      [3, true],
      [2, false],
      [1, true],
    ]);
    expect(merged.items[1]).toBe(page.items[1]);
    expect(merged.total).toBe(3);
    // A page holding none of them is left as it was (no re-render of another list).
    expect(mergeRates(page, [aRate(9, 'elsewhere')])).toBe(page);
  });
});
