import { describe, expect, it } from 'vitest';
import { currentMonth } from './report-period.ts';

describe('currentMonth', () => {
  it('runs from the first to the last day of the month', () => {
    expect(currentMonth('2024-02-15')).toEqual({ period__from: '2024-02-01', period__to: '2024-02-29' });
    expect(currentMonth('2025-12-31')).toEqual({ period__from: '2025-12-01', period__to: '2025-12-31' });
  });
});
