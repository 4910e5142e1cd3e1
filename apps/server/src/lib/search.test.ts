import { describe, expect, it } from 'vitest';
import { containsPattern, phoneSearchText, searchedId } from './search.ts';

describe('search', () => {
  it('matches LIKE wildcards literally', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });

  it('also looks up the id when the search is a whole number', () => {
    expect(searchedId('42')).toBe(42);
    expect(searchedId('4 2')).toBeUndefined();
    expect(searchedId('cafe')).toBeUndefined();
  });

  it('looks for the digits of a search typed as a phone with its mask', () => {
    expect(phoneSearchText('+996 (555) 12-')).toBe('99655512');
    expect(phoneSearchText('555')).toBe('555');
    expect(phoneSearchText('info@')).toBe('info@');
    expect(phoneSearchText('(-)')).toBe('(-)');
    expect(phoneSearchText('Asanov')).toBe('Asanov');
  });
});
