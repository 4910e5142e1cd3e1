import { describe, expect, it } from 'vitest';
import {
  catalogListQuery,
  CONNECTOR_POSITIONS,
  CONNECTOR_TYPES,
  iconFile,
  locationsQuery,
  infrastructureCreateRequest,
  tagCreateRequest,
  tagUpdateRequest,
} from './catalog.ts';
import { LANGUAGES } from './i18n.ts';
import { statusesRequest } from './status.ts';
import { issueMessage } from './schema.ts';

type Result = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };

/** field -> messages in English, as the server would answer. */
function errors(result: Result): Record<string, string[]> {
  const body: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (body[issue.path.join('.')] ??= []).push(issueMessage(issue, 'en'));
  return body;
}

const titles = { title_ru: 'Кафе', title_en: 'Cafe', title_ky: 'Кафе' };

describe('tag titles', () => {
  it('asks for all three languages', () => {
    expect(errors(tagCreateRequest.safeParse({ title_ru: ' ', title_en: '' }))).toEqual({
      title_ru: ['Field cannot be blank'],
      title_en: ['Field cannot be blank'],
      title_ky: ['Field cannot be blank'],
    });
  });

  it('limits a title to 50 characters and trims it', () => {
    expect(errors(tagCreateRequest.safeParse({ ...titles, title_en: 'x'.repeat(51) }))).toEqual({
      title_en: ['Ensure this field has no more than 50 characters'],
    });
    expect(tagCreateRequest.parse({ ...titles, title_en: `  ${'x'.repeat(50)}  ` }).title_en).toHaveLength(50);
  });

  it('makes a new tag active unless told otherwise, and a change leaves absent fields alone', () => {
    expect(tagCreateRequest.parse(titles).active).toBe(true);
    expect(tagCreateRequest.parse({ ...titles, active: false }).active).toBe(false);
    expect(tagUpdateRequest.parse({})).toEqual({});
    expect(errors(tagUpdateRequest.safeParse({ title_ru: '', active: 'yes' }))).toEqual({
      title_ru: ['Field cannot be blank'],
      active: ['Enter a valid value'],
    });
  });
});

describe('bulk statuses', () => {
  it('takes ids and a status of 0 or 1', () => {
    expect(statusesRequest.parse({ ids: [1, 2], status: 1 })).toEqual({ ids: [1, 2], status: 1 });
    expect(errors(statusesRequest.safeParse({ ids: [], status: 2 }))).toEqual({
      ids: ['Field cannot be blank'],
      status: ['Select a valid choice'],
    });
    expect(Object.keys(errors(statusesRequest.safeParse({ ids: [0, 'x'], status: 0 })))).toEqual(['ids.0', 'ids.1']);
  });
});

describe('list query', () => {
  it('reads page, size, search and active from text, ignoring empty values', () => {
    expect(catalogListQuery.parse({ page: '2', size: '50', search: '  cafe ', active: 'false' })).toEqual({
      page: 2,
      size: 50,
      search: 'cafe',
      active: false,
    });
    expect(catalogListQuery.parse({ page: '', size: '', search: '  ', active: '' })).toEqual({
      page: undefined,
      size: undefined,
      search: undefined,
      active: undefined,
    });
  });

  it('refuses malformed values by name', () => {
    expect(errors(catalogListQuery.safeParse({ page: '0', size: 'ten', active: 'maybe' }))).toEqual({
      page: ['Ensure this value is greater than or equal to 1'],
      size: ['Enter a whole number'],
      active: ['Select a valid choice'],
    });
  });
});

describe('infrastructure icon', () => {
  it('is required and at most 256 KB, and the message names the limit', () => {
    expect(errors(infrastructureCreateRequest.safeParse({ ...titles }))).toEqual({ icon: ['Upload icon'] });
    expect(iconFile.safeParse({ size: 256 * 1024 }).success).toBe(true);
    const tooBig = iconFile.safeParse({ size: 256 * 1024 + 1 });
    expect(issueMessage(tooBig.error!.issues[0]!, 'en')).toBe('The icon must be 256 KB or smaller');
    expect(issueMessage(tooBig.error!.issues[0]!, 'ru')).toBe('Размер иконки не должен превышать 256 КБ');
  });

  it('reads active from a form field', () => {
    expect(infrastructureCreateRequest.parse({ ...titles, icon: { size: 1 }, active: 'false' }).active).toBe(false);
    expect(infrastructureCreateRequest.parse({ ...titles, icon: { size: 1 } }).active).toBe(true);
    expect(infrastructureCreateRequest.safeParse({ ...titles, icon: { size: 1 }, active: 'no' }).success).toBe(false);
  });
});

describe('locations query', () => {
  it('needs a known location type', () => {
    expect(locationsQuery.parse({ location_type: 'settlements', country_id: '1', district_id: '' })).toEqual({
      location_type: 'settlements',
      country_id: 1,
      district_id: undefined,
    });
    expect(errors(locationsQuery.safeParse({}))).toEqual({ location_type: ['Field cannot be blank'] });
    expect(errors(locationsQuery.safeParse({ location_type: 'planets', country_id: 'KG' }))).toEqual({
      location_type: ['Select a valid choice'],
      country_id: ['Enter a whole number'],
    });
  });
});

describe('connector dictionaries', () => {
  it('names every type and position in every language', () => {
    for (const names of [...Object.values(CONNECTOR_TYPES), ...Object.values(CONNECTOR_POSITIONS)]) {
      for (const lang of LANGUAGES) expect(names[lang].trim()).not.toBe('');
    }
    expect(Object.keys(CONNECTOR_TYPES)).toEqual(
      expect.arrayContaining(['type1', 'type2', 'ccs1', 'ccs2', 'chademo', 'gbt_ac', 'gbt_dc', 'tesla']),
    );
    expect(CONNECTOR_POSITIONS[1].en).toBe('Left');
  });
});
