import { describe, expect, it } from 'vitest';
import { byName, canDelete, titledChanges } from './catalog.rules.ts';

describe('canDelete', () => {
  it('allows deleting only what is inactive (status 1)', () => {
    expect(canDelete({ status: 0 })).toBe(false);
    expect(canDelete({ status: 1 })).toBe(true);
  });
});

describe('changes', () => {
  it('touches only the fields given', () => {
    expect(titledChanges({})).toEqual({});
    expect(titledChanges({ title_en: 'A', title_ky: undefined, active: false })).toEqual({
      title: { en: 'A' },
      status: 1,
    });
  });
});

describe('byName', () => {
  it('sorts in the alphabet of the language', () => {
    const names = ['Өзгөн', 'Ош', 'Бишкек', 'Нарын'];
    expect(byName(names, (n) => n, 'ky')).toEqual(['Бишкек', 'Нарын', 'Ош', 'Өзгөн']);
  });
});
