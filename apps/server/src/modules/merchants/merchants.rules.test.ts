import { describe, expect, it } from 'vitest';
import { scheduleForDisplay, scheduleForStorage } from './merchants.rules.ts';

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
    expect(scheduleForDisplay([{ day: 6, start_time: '10:00:00', end_time: '11:00:00', is_break: true }])[0]?.id).toBe(
      14,
    );
  });
});
