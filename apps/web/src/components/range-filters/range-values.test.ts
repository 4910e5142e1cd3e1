import { describe, expect, it } from 'vitest';
import { dateFilters, dateRange, timeFilters, timeRange } from './range-values.ts';

describe('range filter values', () => {
  it('send calendar days as YYYY-MM-DD, either end open', () => {
    const range = dateRange('2024-05-01', '2024-05-31');
    expect(range?.map((day) => day?.format('DD.MM.YYYY'))).toEqual(['01.05.2024', '31.05.2024']);
    expect(dateFilters(range)).toEqual({ from: '2024-05-01', to: '2024-05-31' });
    expect(dateFilters(dateRange(undefined, '2024-05-31'))).toEqual({ from: null, to: '2024-05-31' });
    expect(dateRange(undefined, undefined)).toBeNull();
    expect(dateFilters(null)).toEqual({ from: null, to: null });
  });

  it('send times as HH:mm:ss, the end with its whole minute, a window across midnight as picked', () => {
    const range = timeRange('22:00:00', '06:30:59');
    expect(range?.map((time) => time?.format('HH:mm'))).toEqual(['22:00', '06:30']);
    expect(timeFilters(range)).toEqual({ from: '22:00:00', to: '06:30:59' });
    expect(timeFilters(timeRange('09:30:00', undefined))).toEqual({ from: '09:30:00', to: null });
    expect(timeRange('9:30', undefined)).toEqual([null, null]);
    expect(timeFilters(null)).toEqual({ from: null, to: null });
  });
});
