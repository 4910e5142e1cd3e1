import { describe, expect, it } from 'vitest';
import { hourName, weekdayName } from './weekdays.ts';

describe('weekday and hour names', () => {
  it('writes weekdays from dayjs in each language, and hours as the clock', () => {
    expect([1, 7].map((day) => weekdayName(day, 'en'))).toEqual(['Mon', 'Sun']);
    expect([1, 7].map((day) => weekdayName(day, 'ru'))).toEqual(['пн', 'вс']);
    expect([1, 7].map((day) => weekdayName(day, 'ky'))).toEqual(['Дүй', 'Жек']);
    expect(weekdayName(1, 'en', 'long')).toBe('Monday');
    expect(hourName(7)).toBe('07:00');
  });
});
