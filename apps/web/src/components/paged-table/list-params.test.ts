import { describe, expect, it } from 'vitest';
import { clearListParams, patchListParams, readListValues, toListParams } from './list-params.ts';

const options = { filters: ['status', 'type'] as const };
const read = (query: string) => readListValues(new URLSearchParams(query), { filters: ['status', 'type'] });

describe('list params', () => {
  it('reads defaults from an empty query and falls back on malformed values', () => {
    expect(read('')).toEqual({ page: 1, size: 10, search: '', filters: {} });
    expect(read('page=-2&size=abc')).toMatchObject({ page: 1, size: 10 });
    expect(read('page=3&size=20&search=bishkek&status=0&other=x')).toEqual({
      page: 3,
      size: 20,
      search: 'bishkek',
      filters: { status: '0' },
    });
  });

  it('leaves empty values out of the query params', () => {
    expect(toListParams(read('status=&search='))).toEqual({ page: 1, size: 10 });
    expect(toListParams(read('search=a&type=2'))).toEqual({ page: 1, size: 10, search: 'a', type: '2' });
  });

  it('goes back to page 1 when the search, a filter or the size changes', () => {
    const current = new URLSearchParams('page=4&tab=archive');
    expect(patchListParams(current, { search: 'x' }, options).toString()).toBe('tab=archive&search=x');
    expect(patchListParams(current, { filters: { status: 1 } }, options).toString()).toBe('tab=archive&status=1');
    expect(patchListParams(current, { size: 50 }, options).toString()).toBe('tab=archive&size=50');
  });

  it('keeps the page when nothing really changed, and omits defaults and empty values', () => {
    const current = new URLSearchParams('page=4&search=x&status=1&size=20');
    expect(patchListParams(current, { search: ' x ', filters: { status: '1' }, size: 20 }, options).get('page')).toBe(
      '4',
    );
    const cleared = patchListParams(current, { search: '', filters: { status: null }, size: 10 }, options);
    expect(cleared.toString()).toBe('');
    expect(patchListParams(new URLSearchParams('page=2'), { page: 1 }, options).toString()).toBe('');
  });

  it('prefixes keys for a second list and clears only its own keys', () => {
    const prefixed = { ...options, prefix: 'c.' };
    const next = patchListParams(new URLSearchParams('page=2'), { page: 3, filters: { type: 'a' } }, prefixed);
    expect(next.toString()).toBe('page=2&c.type=a');
    expect(clearListParams(new URLSearchParams('page=2&c.page=3&c.type=a'), prefixed).toString()).toBe('page=2');
  });
});
