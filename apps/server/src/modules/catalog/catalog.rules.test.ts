import { describe, expect, it } from 'vitest';
import { byName, canDelete, containsPattern, inRequestedOrder, missingIds, searchedId, statusOf, titledValues, uniqueIds } from './catalog.rules.ts';

describe('canDelete', () => {
  it('allows deleting only what is inactive (status 1)', () => {
    expect(canDelete({ status: 0 })).toBe(false);
    expect(canDelete({ status: 1 })).toBe(true);
  });
});

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

describe('statuses and changes', () => {
  it('maps active to status 0 and inactive to 1', () => {
    expect(statusOf(true)).toBe(0);
    expect(statusOf(false)).toBe(1);
  });

  it('touches only the fields given', () => {
    expect(titledValues({})).toEqual({});
    expect(titledValues({ title_en: 'A', active: false })).toEqual({ titleEn: 'A', status: 1 });
  });
});

describe('search', () => {
  it('matches LIKE wildcards literally', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });

  it('also looks up the id when the search is a whole number', () => {
    expect(searchedId('42')).toBe(42);
    expect(searchedId('4 2')).toBeUndefined();
    expect(searchedId('cafe')).toBeUndefined();
  });
});

describe('byName', () => {
  it('sorts in the alphabet of the language', () => {
    const names = ['Өзгөн', 'Ош', 'Бишкек', 'Нарын'];
    expect(byName(names, (n) => n, 'ky')).toEqual(['Бишкек', 'Нарын', 'Ош', 'Өзгөн']);
  });
});
