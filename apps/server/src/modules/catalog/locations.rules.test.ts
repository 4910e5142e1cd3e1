import { describe, expect, it } from 'vitest';
import { locationProblems } from './locations.rules.ts';

describe('location', () => {
  const kg = { id: 1 };
  const bishkekDistrict = { id: 1, countryId: 1 };
  const bishkek = { id: 1, countryId: 1, districtId: 1 };
  const tokmok = { id: 9, countryId: 1, districtId: 9 };
  const almaty = { id: 55, countryId: 2, districtId: null };

  it('accepts a city of the country, in the district when one is given', () => {
    expect(
      locationProblems({ country: 1, district: 1, city: 1 }, { country: kg, district: bishkekDistrict, city: bishkek }),
    ).toEqual({});
    expect(
      locationProblems({ country: 1, district: null, city: 9 }, { country: kg, district: undefined, city: tokmok }),
    ).toEqual({});
  });

  it('reports an unknown country alone', () => {
    expect(
      locationProblems(
        { country: 9, district: 1, city: 55 },
        { country: undefined, district: bishkekDistrict, city: almaty },
      ),
    ).toEqual({
      country: 'invalid_choice',
    });
  });

  it('reports a district or city that does not fit, or is unknown', () => {
    const kz = { id: 2 };
    expect(
      locationProblems({ country: 2, district: 1, city: 55 }, { country: kz, district: bishkekDistrict, city: almaty }),
    ).toEqual({
      district: 'invalid_choice',
    });
    expect(
      locationProblems({ country: 1, district: 1, city: 9 }, { country: kg, district: bishkekDistrict, city: tokmok }),
    ).toEqual({
      city: 'invalid_choice',
    });
    expect(
      locationProblems({ country: 1, district: 99, city: 1 }, { country: kg, district: undefined, city: bishkek }),
    ).toEqual({
      district: 'invalid_choice',
    });
    expect(
      locationProblems(
        { country: 1, district: null, city: 999 },
        { country: kg, district: undefined, city: undefined },
      ),
    ).toEqual({
      city: 'invalid_choice',
    });
  });

  it('asks for the city when a partial change moved the location away from the stored one', () => {
    expect(
      locationProblems(
        { country: 2, district: null, city: 1 },
        { country: { id: 2 }, district: undefined, city: bishkek },
        { citySent: false },
      ),
    ).toEqual({ city: 'field_blank' });
  });
});
