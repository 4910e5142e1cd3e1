import { describe, expect, it } from 'vitest';
import { dayName, hourName, weekdayName } from './chart-series.ts';

describe('the charts’ labels', () => {
  it('name weekdays Monday first in the interface language, hours and days as the app writes them', () => {
    expect([1, 7].map((day) => weekdayName(day, 'en'))).toEqual(['Mon', 'Sun']);
    expect([1, 7].map((day) => weekdayName(day, 'ru'))).toEqual(['пн', 'вс']);
    expect([1, 7].map((day) => weekdayName(day, 'ky'))).toEqual(['Дүй', 'Жек']);
    expect(hourName(7)).toBe('07:00');
    expect(dayName('2025-03-09')).toBe('09.03.2025');
  });
});
