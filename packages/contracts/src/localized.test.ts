import { describe, expect, it } from 'vitest';
import { localizedChanges, localizedFrom, localizedKeys, localizedText, presentLocalized } from './localized.ts';
import { issueMessage, z } from './schema.ts';

const name = { ru: 'Зарядка', en: 'Charging', ky: 'Кубаттоо' };

describe('localized fields', () => {
  it('declares the three request fields with one rule', () => {
    const schema = z.object(localizedText('name', 5));
    const result = schema.safeParse({ name_ru: ' abc ', name_en: '', name_ky: 'abcdef' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issueMessage(issue, 'en')])).toEqual([
      ['name_en', 'Field cannot be blank'],
      ['name_ky', 'Ensure this field has no more than 5 characters'],
    ]);
    expect(localizedKeys('name')).toEqual(['name_ru', 'name_en', 'name_ky']);
  });

  it('reads a request into one value and presents it in the request language', () => {
    expect(localizedFrom('title', { title_ru: 'а', title_en: 'b', title_ky: 'в' })).toEqual({
      ru: 'а',
      en: 'b',
      ky: 'в',
    });
    expect(localizedChanges('title', { title_en: 'b', title_ru: undefined })).toEqual({ en: 'b' });
    expect(presentLocalized('name', name, 'ky')).toEqual({
      name: 'Кубаттоо',
      name_ru: 'Зарядка',
      name_en: 'Charging',
      name_ky: 'Кубаттоо',
    });
  });
});
