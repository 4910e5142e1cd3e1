import { describe, expect, it } from 'vitest';
import { keepPickOrder, readStatusFilter, selectedRows } from './list-screen-state.ts';

describe('list screen state', () => {
  it('reads the status filter from the URL and ignores a malformed one', () => {
    expect(readStatusFilter('true')).toBe('true');
    expect(readStatusFilter('false')).toBe('false');
    for (const raw of [undefined, '', '1', 'TRUE', 'active'])
      expect(readStatusFilter(raw), String(raw)).toBeUndefined();
  });

  it('keeps selected ids in the order they were picked', () => {
    expect(keepPickOrder([], [2])).toEqual([2]);
    // A table reports its keys in row order; the first pick stays first.
    expect(keepPickOrder([3], [2, 3])).toEqual([3, 2]);
    expect(keepPickOrder([3, 2], [1, 2, 3])).toEqual([3, 2, 1]);
    expect(keepPickOrder([3, 2, 1], [1, 3])).toEqual([3, 1]);
  });

  it('takes the selected rows from the current answer, in pick order, dropping ids not on screen', () => {
    const rows = [
      { id: 1, active: false },
      { id: 2, active: true },
      { id: 3, active: true },
    ];
    expect(selectedRows([3, 1, 9], rows)).toEqual([rows[2], rows[0]]);
    const changed = rows.map((row) => ({ ...row, active: !row.active }));
    expect(selectedRows([2], changed)).toEqual([{ id: 2, active: false }]);
  });
});
