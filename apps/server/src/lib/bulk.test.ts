import { describe, expect, it } from 'vitest';
import { inRequestedOrder, missingIds, uniqueIds } from './bulk.ts';

describe('bulk changes are all or none', () => {
  it('names the ids that were not found, once each, ascending', () => {
    expect(missingIds([5, 3, 9, 3], [3])).toEqual([5, 9]);
    expect(missingIds([1, 2], [2, 1])).toEqual([]);
  });

  it('keeps the order asked for, without repeats', () => {
    expect(uniqueIds([3, 1, 3, 2, 1])).toEqual([3, 1, 2]);
    expect(inRequestedOrder([{ id: 1 }, { id: 2 }, { id: 3 }], [3, 1])).toEqual([{ id: 3 }, { id: 1 }]);
  });
});
