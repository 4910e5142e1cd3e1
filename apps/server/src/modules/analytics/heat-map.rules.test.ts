import { describe, expect, it } from 'vitest';
import { hoursOf, splitByCalendar } from './heat-map.rules.ts';

describe('the heat map time of day', () => {
  it('is none without hours, and names the missing end', () => {
    expect(hoursOf(undefined, undefined)).toBeNull();
    expect(() => hoursOf(18, undefined)).toThrow(
      expect.objectContaining({ options: { fields: { hours__to: ['field_blank'] } } }),
    );
    expect(() => hoursOf(undefined, 6)).toThrow(
      expect.objectContaining({ options: { fields: { hours__from: ['field_blank'] } } }),
    );
  });

  it('runs from its first hour up to its last, past midnight when it ends at or before it starts', () => {
    expect(hoursOf(18, 22)).toEqual([18, 19, 20, 21]);
    expect(hoursOf(22, 3)).toEqual([22, 23, 0, 1, 2]);
    expect(hoursOf(0, 24)).toHaveLength(24);
    expect(hoursOf(23, 24)).toEqual([23]);
    expect(hoursOf(5, 5)).toEqual([
      5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 0, 1, 2, 3, 4,
    ]);
  });
});

const TODAY = '2026-11-29';

describe('the heat map days', () => {
  it('reads whole years, whole months and the days left, in the past', () => {
    expect(splitByCalendar({ from: '2024-01-01', to: '2024-11-29' }, TODAY)).toEqual({
      years: null,
      months: [{ from: '2024-01-01', to: '2024-11-01' }],
      days: [{ from: '2024-11-01', to: '2024-11-29' }],
      beyond: null,
    });
    expect(splitByCalendar({ from: '2023-12-31', to: '2024-03-01' }, TODAY)).toEqual({
      years: null,
      months: [{ from: '2024-01-01', to: '2024-03-01' }],
      days: [
        { from: '2023-12-31', to: '2023-12-31' },
        { from: '2024-03-01', to: '2024-03-01' },
      ],
      beyond: null,
    });
    expect(splitByCalendar({ from: '2022-11-15', to: '2025-02-10' }, TODAY)).toEqual({
      years: { from: '2023-01-01', to: '2025-01-01' },
      months: [
        { from: '2022-12-01', to: '2023-01-01' },
        { from: '2025-01-01', to: '2025-02-01' },
      ],
      days: [
        { from: '2022-11-15', to: '2022-11-30' },
        { from: '2025-02-01', to: '2025-02-10' },
      ],
      beyond: null,
    });
  });

  it('reads days only when no month is whole, and a whole February as a month', () => {
    expect(splitByCalendar({ from: '2024-03-02', to: '2024-03-30' }, TODAY)).toEqual({
      years: null,
      months: [],
      days: [{ from: '2024-03-02', to: '2024-03-30' }],
      beyond: null,
    });
    expect(splitByCalendar({ from: '2024-02-01', to: '2024-02-29' }, TODAY)).toEqual({
      years: null,
      months: [{ from: '2024-02-01', to: '2024-03-01' }],
      days: [],
      beyond: null,
    });
  });

  it('reads a period up to today to the end of its year, less the days after today', () => {
    expect(splitByCalendar({ from: '2026-01-01', to: TODAY }, TODAY)).toEqual({
      years: { from: '2026-01-01', to: '2027-01-01' },
      months: [],
      days: [],
      beyond: { from: '2026-11-30', to: '2026-12-31' },
    });
    expect(splitByCalendar({ from: '2026-11-01', to: TODAY }, TODAY)).toEqual({
      years: null,
      months: [{ from: '2026-11-01', to: '2027-01-01' }],
      days: [],
      beyond: { from: '2026-11-30', to: '2026-12-31' },
    });
    expect(splitByCalendar({ from: '2026-11-23', to: TODAY }, TODAY)).toEqual({
      years: null,
      months: [{ from: '2026-12-01', to: '2027-01-01' }],
      days: [{ from: '2026-11-23', to: '2026-11-30' }],
      beyond: { from: '2026-11-30', to: '2026-12-31' },
    });
    expect(splitByCalendar({ from: '2024-11-29', to: TODAY }, TODAY)).toEqual({
      years: { from: '2025-01-01', to: '2027-01-01' },
      months: [{ from: '2024-12-01', to: '2025-01-01' }],
      days: [{ from: '2024-11-29', to: '2024-11-30' }],
      beyond: { from: '2026-11-30', to: '2026-12-31' },
    });
    // The last day of a year is its end already.
    expect(splitByCalendar({ from: '2025-12-01', to: '2025-12-31' }, '2025-12-31').beyond).toBeNull();
  });
});
