import { describe, expect, it } from 'vitest';
import { containsPattern, searchedId } from './search.ts';

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
