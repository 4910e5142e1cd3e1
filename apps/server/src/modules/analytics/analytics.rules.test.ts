import { describe, expect, it } from 'vitest';
import { changePercent, daysOf, periodBounds } from './analytics.rules.ts';

const iso = (bounds: ReturnType<typeof periodBounds>) => ({
  from: bounds.from.toISOString(),
  to: bounds.to.toISOString(),
  previousFrom: bounds.previousFrom.toISOString(),
  previousTo: bounds.previousTo.toISOString(),
});

// Times UTC; Bishkek is UTC+6, so a Bishkek midnight is 18:00 UTC the day before.
describe('periodBounds', () => {
  it('reads today in Bishkek: after 18:00 UTC it is already tomorrow there, compared with yesterday to the same hour', () => {
    expect(iso(periodBounds({ period: 'day' }, new Date('2026-01-31T19:30:00Z')))).toEqual({
      from: '2026-01-31T18:00:00.000Z',
      to: '2026-01-31T20:00:00.000Z',
      previousFrom: '2026-01-30T18:00:00.000Z',
      previousTo: '2026-01-30T20:00:00.000Z',
    });
  });

  it('starts a week on Monday and compares it with last week to the same weekday and hour', () => {
    // Thursday 2026-11-26, 10:15 in Bishkek.
    expect(iso(periodBounds({ period: 'week' }, new Date('2026-11-26T04:15:00Z')))).toMatchObject({
      from: '2026-11-22T18:00:00.000Z',
      to: '2026-11-26T05:00:00.000Z',
      previousFrom: '2026-11-15T18:00:00.000Z',
      previousTo: '2026-11-19T05:00:00.000Z',
    });
    // A Sunday belongs to the week that began on the Monday before it.
    expect(periodBounds({ period: 'week' }, new Date('2026-11-29T10:00:00Z')).from.toISOString()).toBe(
      '2026-11-22T18:00:00.000Z',
    );
  });

  it('compares the end of a long month with the whole of a shorter one before it, never past its end', () => {
    // 31 March 2024, 12:00 in Bishkek: February 2024 has 29 days.
    expect(iso(periodBounds({ period: 'month' }, new Date('2024-03-31T06:00:30Z')))).toEqual({
      from: '2024-02-29T18:00:00.000Z',
      to: '2024-03-31T07:00:00.000Z',
      previousFrom: '2024-01-31T18:00:00.000Z',
      previousTo: '2024-02-29T18:00:00.000Z',
    });
  });

  it('compares this year with last year to the same date and hour', () => {
    expect(iso(periodBounds({ period: 'year' }, new Date('2025-03-01T00:30:00Z')))).toEqual({
      from: '2024-12-31T18:00:00.000Z',
      to: '2025-03-01T01:00:00.000Z',
      previousFrom: '2023-12-31T18:00:00.000Z',
      previousTo: '2024-02-29T01:00:00.000Z',
    });
  });

  it('gives a custom range whole Bishkek days, compared with as many days before it', () => {
    expect(
      iso(periodBounds({ period: 'day', period__from: '2024-03-01', period__to: '2024-03-02' }, new Date())),
    ).toEqual({
      from: '2024-02-29T18:00:00.000Z',
      to: '2024-03-02T18:00:00.000Z',
      previousFrom: '2024-02-27T18:00:00.000Z',
      previousTo: '2024-02-29T18:00:00.000Z',
    });
  });

  it('refuses a range that is backwards, open at one end or longer than two years', () => {
    const bounds = (from?: string, to?: string) => () =>
      periodBounds({ period: 'day', period__from: from, period__to: to }, new Date());
    expect(bounds('2024-03-02', '2024-03-01')).toThrow('period_end_before_start');
    expect(bounds('2024-03-02', undefined)).toThrow('field_blank');
    expect(bounds(undefined, '2024-03-02')).toThrow('field_blank');
    // 731 days, both ends included; one more is too many.
    expect(bounds('2022-03-01', '2024-02-29')).not.toThrow();
    expect(bounds('2022-03-01', '2024-03-01')).toThrow('period_too_long');
  });
});

describe('changePercent', () => {
  it('is the change in percent to two decimals, null when there was nothing before', () => {
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(1, 3)).toBe(-66.67);
    expect(changePercent(0, 5)).toBe(-100);
    expect(changePercent(5, 0)).toBeNull();
  });
});

describe('daysOf', () => {
  it('lists the Bishkek days of a period, the last partial one too', () => {
    const bounds = periodBounds({ period: 'week' }, new Date('2026-11-26T04:15:00Z'));
    expect(daysOf(bounds)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26']);
  });
});
