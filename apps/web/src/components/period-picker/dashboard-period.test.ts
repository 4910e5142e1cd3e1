import { describe, expect, it } from 'vitest';
import { isValidRange, periodFromParams, withPeriod } from './dashboard-period.ts';

const params = (text: string) => new URLSearchParams(text);

describe('the dashboard period in the address', () => {
  it('reads a named period, a range over it, and today for anything else', () => {
    expect(periodFromParams(params('period=week'))).toEqual({ period: 'week' });
    expect(periodFromParams(params('period=week&period__from=2025-01-01&period__to=2025-01-31'))).toEqual({
      period__from: '2025-01-01',
      period__to: '2025-01-31',
    });
    expect(periodFromParams(params('period=decade'))).toEqual({ period: 'day' });
    expect(periodFromParams(params('period__from=2025-02-30&period__to=2025-03-01'))).toEqual({ period: 'day' });
    expect(periodFromParams(params(''))).toEqual({ period: 'day' });
  });

  it('takes ranges in order and at most two years long', () => {
    expect(isValidRange('2025-01-01', '2025-01-01')).toBe(true);
    expect(isValidRange('2025-01-02', '2025-01-01')).toBe(false);
    expect(isValidRange('2024-01-01', '2025-12-31')).toBe(true);
    expect(isValidRange('2024-01-01', '2026-01-01')).toBe(false);
  });

  it('writes one form of the period, keeping other parameters', () => {
    const range = withPeriod(params('period=week&x=1'), { period__from: '2025-01-01', period__to: '2025-01-31' });
    expect(range.toString()).toBe('x=1&period__from=2025-01-01&period__to=2025-01-31');
    expect(withPeriod(range, { period: 'month' }).toString()).toBe('x=1&period=month');
  });
});
