import { describe, expect, it } from 'vitest';
import { changedTitles, titlesOf, trimmedTitles } from './catalog-titles.ts';

const saved = { title_ru: 'Кафе', title_en: 'Cafe', title_ky: 'Кафе' };

describe('catalogue titles', () => {
  it('start an edit from the three stored titles only', () => {
    const tag = { id: 3, ...saved, title: 'Cafe', active: true };
    expect(titlesOf(tag)).toEqual(saved);
  });

  it('are sent trimmed, as the server stores them', () => {
    expect(trimmedTitles({ title_ru: ' Кафе ', title_en: 'Cafe\t', title_ky: 'Кафе' })).toEqual(saved);
  });

  it('report only the languages whose trimmed text changed', () => {
    expect(changedTitles({ ...saved, title_en: ' Cafe ' }, saved)).toEqual({});
    expect(changedTitles({ ...saved, title_ky: ' Ашкана ' }, saved)).toEqual({ title_ky: 'Ашкана' });
  });
});
