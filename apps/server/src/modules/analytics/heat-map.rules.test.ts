import { describe, expect, it } from 'vitest';
import { hoursOf, splitByMonths } from './heat-map.rules.ts';

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

describe('the heat map days', () => {
  it('reads whole months from the months and the rest from the days', () => {
    expect(splitByMonths({ from: '2024-01-01', to: '2024-11-29' })).toEqual({
      months: { from: '2024-01-01', to: '2024-11-01' },
      days: [{ from: '2024-11-01', to: '2024-11-29' }],
    });
    expect(splitByMonths({ from: '2024-01-15', to: '2024-03-31' })).toEqual({
      months: { from: '2024-02-01', to: '2024-04-01' },
      days: [{ from: '2024-01-15', to: '2024-01-31' }],
    });
    expect(splitByMonths({ from: '2023-12-31', to: '2024-03-01' })).toEqual({
      months: { from: '2024-01-01', to: '2024-03-01' },
      days: [
        { from: '2023-12-31', to: '2023-12-31' },
        { from: '2024-03-01', to: '2024-03-01' },
      ],
    });
  });

  it('reads days only when no month is whole, and a whole February as a month', () => {
    expect(splitByMonths({ from: '2024-03-02', to: '2024-03-30' })).toEqual({
      months: null,
      days: [{ from: '2024-03-02', to: '2024-03-30' }],
    });
    expect(splitByMonths({ from: '2024-01-20', to: '2024-02-10' })).toEqual({
      months: null,
      days: [{ from: '2024-01-20', to: '2024-02-10' }],
    });
    expect(splitByMonths({ from: '2024-02-01', to: '2024-02-29' })).toEqual({
      months: { from: '2024-02-01', to: '2024-03-01' },
      days: [],
    });
  });
});
