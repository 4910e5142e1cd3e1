import { describe, expect, it } from 'vitest';
import { pagedResult, pageRequest, pageWindow, PICKER_SIZE_CAP } from './pagination.ts';

describe('pagination', () => {
  it('defaults to page 1 of 10 and caps the size at 100, or 1000 for pickers', () => {
    expect(pageRequest({})).toEqual({ page: 1, size: 10 });
    expect(pageRequest({ page: 3, size: 500 })).toEqual({ page: 3, size: 100 });
    expect(pageRequest({ size: 5000 }, PICKER_SIZE_CAP)).toEqual({ page: 1, size: 1000 });
  });

  it('turns a page into rows to skip and take', () => {
    expect(pageWindow({ page: 3, size: 20 })).toEqual({ limit: 20, offset: 40 });
  });

  it('counts pages, at least one', () => {
    expect(pagedResult([], 0, { page: 1, size: 10 })).toEqual({ items: [], page: 1, pages: 1, size: 10, total: 0 });
    expect(pagedResult(['a'], 21, { page: 3, size: 10 })).toMatchObject({ pages: 3, total: 21 });
  });
});
