import { describe, expect, it } from 'vitest';
import { bpToPercentage, locationProblems, percentageToBp, phoneSearchText, scheduleForDisplay, scheduleForStorage } from './merchants.rules.ts';

describe('percentage', () => {
  it('is stored in hundredths of a percent and read back without drift', () => {
    for (const value of [0, 0.01, 0.07, 0.1, 12.5, 33.33, 99.99, 100]) {
      expect(percentageToBp(value)).toBe(Math.round(value * 100));
      expect(bpToPercentage(percentageToBp(value))).toBe(value);
    }
    expect(percentageToBp(0.29)).toBe(29);
  });
});

describe('schedule', () => {
  const week = [
    { day: 3, start_time: '09:00:00', end_time: '18:00:00', is_break: false },
    { day: 0, start_time: '12:00:00', end_time: '13:00:00', is_break: true },
    { day: 0, start_time: '08:00:00', end_time: '00:00:00', is_break: false },
    { day: 3, start_time: '00:00:00', end_time: '00:00:00', is_break: true },
  ];

  it('stores entries by day, breaks after their day, without ids or blank breaks', () => {
    expect(scheduleForStorage(week.map((entry, id) => ({ ...entry, id })))).toEqual([week[2], week[1], week[0]]);
  });

  it('numbers a working entry day + 1 and its break 7 more', () => {
    expect(scheduleForDisplay(scheduleForStorage(week)).map((entry) => [entry.day, entry.is_break, entry.id])).toEqual([
      [0, false, 1],
      [0, true, 8],
      [3, false, 4],
    ]);
    expect(scheduleForDisplay([{ day: 6, start_time: '10:00:00', end_time: '11:00:00', is_break: true }])[0]?.id).toBe(14);
  });
});

describe('phone search', () => {
  it('searches the digits of a number typed with the mask, other text as typed', () => {
    expect(phoneSearchText('+996 (555) 12-')).toBe('99655512');
    expect(phoneSearchText('555')).toBe('555');
    expect(phoneSearchText('info@')).toBe('info@');
    expect(phoneSearchText('(-)')).toBe('(-)');
  });
});

describe('location', () => {
  const kg = { id: 1 };
  const bishkekDistrict = { id: 1, countryId: 1 };
  const bishkek = { id: 1, countryId: 1, districtId: 1 };
  const tokmok = { id: 9, countryId: 1, districtId: 9 };
  const almaty = { id: 55, countryId: 2, districtId: null };

  it('accepts a city of the country, in the district when one is given', () => {
    expect(locationProblems({ country: 1, district: 1, city: 1 }, { country: kg, district: bishkekDistrict, city: bishkek })).toEqual({});
    expect(locationProblems({ country: 1, district: null, city: 9 }, { country: kg, district: undefined, city: tokmok })).toEqual({});
  });

  it('reports an unknown country alone', () => {
    expect(locationProblems({ country: 9, district: 1, city: 55 }, { country: undefined, district: bishkekDistrict, city: almaty })).toEqual({
      country: 'invalid_choice',
    });
  });

  it('reports a district or city that does not fit, or is unknown', () => {
    const kz = { id: 2 };
    expect(locationProblems({ country: 2, district: 1, city: 55 }, { country: kz, district: bishkekDistrict, city: almaty })).toEqual({
      district: 'invalid_choice',
    });
    expect(locationProblems({ country: 1, district: 1, city: 9 }, { country: kg, district: bishkekDistrict, city: tokmok })).toEqual({
      city: 'invalid_choice',
    });
    expect(locationProblems({ country: 1, district: 99, city: 1 }, { country: kg, district: undefined, city: bishkek })).toEqual({
      district: 'invalid_choice',
    });
    expect(locationProblems({ country: 1, district: null, city: 999 }, { country: kg, district: undefined, city: undefined })).toEqual({
      city: 'invalid_choice',
    });
  });

  it('asks for the city when a partial change moved the location away from the stored one', () => {
    expect(
      locationProblems({ country: 2, district: null, city: 1 }, { country: { id: 2 }, district: undefined, city: bishkek }, { citySent: false }),
    ).toEqual({ city: 'field_blank' });
  });
});
