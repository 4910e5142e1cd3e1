import { describe, expect, it } from 'vitest';
import { dayName } from './chart-series.ts';

describe('the charts’ labels', () => {
  it('write days as the app writes them', () => {
    expect(dayName('2025-03-09')).toBe('09.03.2025');
  });
});
