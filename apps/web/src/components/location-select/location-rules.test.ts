import { describe, expect, it } from 'vitest';
import type { Location } from '@evcms/contracts/catalog';
import { citiesOf, keepsCity } from './location-rules.ts';

const city = (id: number, district_id: number | null): Location => ({
  id,
  name: `City ${id}`,
  name_ru: `City ${id}`,
  name_en: `City ${id}`,
  name_ky: `City ${id}`,
  country_id: 1,
  district_id,
});
const SETTLEMENTS = [city(1, 1), city(5, 3), city(6, 3), city(9, null)];

describe('location rules', () => {
  it('lists the country’s settlements, or only the chosen district’s', () => {
    expect(citiesOf(SETTLEMENTS, undefined)).toHaveLength(4);
    expect(citiesOf(SETTLEMENTS, 3)?.map((item) => item.id)).toEqual([5, 6]);
  });

  it('keeps a city in the new district or when the district is cleared, and drops one outside it', () => {
    expect(keepsCity(5, 3, SETTLEMENTS)).toBe(true);
    expect(keepsCity(5, null, SETTLEMENTS)).toBe(true);
    expect(keepsCity(undefined, 1, SETTLEMENTS)).toBe(true);
    expect(keepsCity(5, 1, SETTLEMENTS)).toBe(false);
    expect(keepsCity(9, 1, SETTLEMENTS)).toBe(false);
    expect(keepsCity(5, 3, undefined)).toBe(false);
  });
});
