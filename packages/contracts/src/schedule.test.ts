import { describe, expect, it } from 'vitest';
import {
  breakIdFor,
  fromDialogDay,
  scheduleEntry,
  scheduleSummary,
  timeOfDay,
  toDialogDay,
  toDisplaySchedule,
  weeklySchedule,
  type ScheduleItem,
} from './schedule.ts';
import { issueMessage } from './schema.ts';

type Result = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };

/** path -> messages in English, as the server would answer. */
function errors(result: Result): Record<string, string[]> {
  const body: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (body[issue.path.join('.')] ??= []).push(issueMessage(issue, 'en'));
  return body;
}

function work(day: number, start_time: string, end_time: string): ScheduleItem {
  return { day, start_time, end_time, is_break: false };
}

function rest(day: number, start_time: string, end_time: string): ScheduleItem {
  return { day, start_time, end_time, is_break: true };
}

function week(start: string, end: string, days: readonly number[] = [0, 1, 2, 3, 4, 5, 6]): ScheduleItem[] {
  return days.map((day) => work(day, start, end));
}

describe('times', () => {
  it.each(['00:00:00', '09:30:15', '23:59:59'])('accepts %s', (time) => {
    expect(timeOfDay.safeParse(time).success).toBe(true);
  });

  it.each(['24:00:00', '9:00:00', '09:00', '09:60:00', '09:00:60', '', 'noon'])('rejects %s', (time) => {
    expect(errors(timeOfDay.safeParse(time))).toEqual({ '': ['Enter a time as HH:mm:ss'] });
  });

  it('says an end past 23:59:59 is too late', () => {
    expect(errors(scheduleEntry.safeParse(work(0, '09:00:00', '24:00:00')))).toEqual({
      end_time: ['The end cannot be later than 23:59:59'],
    });
  });
});

describe('a schedule entry', () => {
  it('accepts a day that ends at midnight, and one round the clock', () => {
    expect(scheduleEntry.safeParse(work(0, '08:00:00', '00:00:00')).success).toBe(true);
    expect(scheduleEntry.safeParse(work(6, '00:00:00', '00:00:00')).success).toBe(true);
    expect(scheduleEntry.safeParse({ id: 3, ...work(2, '09:00:00', '09:00:00') }).success).toBe(true);
  });

  it('flags a start later than the end on both fields', () => {
    expect(errors(scheduleEntry.safeParse(work(0, '18:00:00', '09:00:00')))).toEqual({
      start_time: ['The start cannot be later than the end'],
      end_time: ['The end cannot be earlier than the start'],
    });
  });

  it('keeps days within 0..6 and asks for is_break', () => {
    expect(errors(scheduleEntry.safeParse({ day: 7, start_time: '09:00:00', end_time: '18:00:00' }))).toEqual({
      day: ['Ensure this value is less than or equal to 6'],
      is_break: ['Field cannot be blank'],
    });
  });
});

describe('a weekly schedule', () => {
  it('accepts a week with breaks inside the hours, bounds included', () => {
    const entries = [...week('09:00:00', '18:00:00'), rest(0, '13:00:00', '14:00:00'), rest(1, '09:00:00', '18:00:00')];
    expect(weeklySchedule.safeParse(entries).success).toBe(true);
    expect(weeklySchedule.safeParse([work(4, '20:00:00', '00:00:00'), rest(4, '23:00:00', '00:00:00')]).success).toBe(
      true,
    );
    expect(weeklySchedule.safeParse([]).success).toBe(true);
  });

  it('points at the offending entry field', () => {
    const entries = [work(0, '09:00:00', '18:00:00'), work(1, '09:00:00', '18:00:00'), work(2, '19:00:00', '18:00:00')];
    expect(errors(weeklySchedule.safeParse(entries))).toEqual({
      '2.start_time': ['The start cannot be later than the end'],
      '2.end_time': ['The end cannot be earlier than the start'],
    });
  });

  it('allows one working entry and one break per day', () => {
    const entries = [
      work(0, '09:00:00', '18:00:00'),
      rest(0, '12:00:00', '13:00:00'),
      work(0, '10:00:00', '19:00:00'),
      rest(0, '14:00:00', '15:00:00'),
    ];
    expect(errors(weeklySchedule.safeParse(entries))).toEqual({
      '2.day': ['A day can have only one working-hours entry and one break'],
      '3.day': ['A day can have only one working-hours entry and one break'],
    });
  });

  it('keeps a break within its day hours', () => {
    const entries = [
      work(0, '09:00:00', '18:00:00'),
      rest(0, '08:00:00', '19:00:00'),
      work(1, '09:00:00', '00:00:00'),
      rest(1, '23:00:00', '00:00:00'),
    ];
    expect(errors(weeklySchedule.safeParse(entries))).toEqual({
      '1.start_time': ['The break must be within the working hours'],
      '1.end_time': ['The break must be within the working hours'],
    });
  });

  it('refuses a break on a day off, except the blank 00:00:00-00:00:00 break', () => {
    expect(
      errors(weeklySchedule.safeParse([work(0, '09:00:00', '18:00:00'), rest(5, '12:00:00', '13:00:00')])),
    ).toEqual({
      '1.day': ['A break can only be set on a working day'],
    });
    const blank = [work(0, '09:00:00', '18:00:00'), rest(0, '00:00:00', '00:00:00'), rest(5, '00:00:00', '00:00:00')];
    expect(weeklySchedule.safeParse(blank).success).toBe(true);
  });

  it('speaks the three languages', () => {
    const result = weeklySchedule.safeParse([work(0, '18:00:00', '09:00:00')]);
    expect(result.error?.issues.map((issue) => issueMessage(issue, 'ru'))).toEqual([
      'Начало не может быть позже окончания',
      'Окончание не может быть раньше начала',
    ]);
  });
});

describe('days and ids', () => {
  it('gives a break the day entry id plus 7', () => {
    expect(breakIdFor(1)).toBe(8);
    expect(breakIdFor(7)).toBe(14);
  });

  it('converts between storage days 0..6 and dialog days 1..7', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(toDialogDay)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect([1, 2, 3, 4, 5, 6, 7].map(fromDialogDay)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(() => toDialogDay(7)).toThrow(RangeError);
    expect(() => fromDialogDay(0)).toThrow(RangeError);
  });
});

describe('display schedule', () => {
  it('groups days with the same hours, leaving breaks out', () => {
    const entries = [
      work(5, '10:00:00', '16:00:00'),
      ...week('09:00:00', '18:00:00', [4, 0, 1, 2, 3]),
      rest(0, '13:00:00', '14:00:00'),
      work(6, '10:00:00', '16:00:00'),
    ];
    expect(toDisplaySchedule(entries)).toEqual([
      { open: '09:00-18:00', days: [0, 1, 2, 3, 4] },
      { open: '10:00-16:00', days: [5, 6] },
    ]);
  });

  it('keeps seconds only when they are not zero', () => {
    expect(toDisplaySchedule([work(0, '08:00:00', '00:00:00'), work(1, '08:00:30', '23:59:59')])).toEqual([
      { open: '08:00-00:00', days: [0] },
      { open: '08:00:30-23:59:59', days: [1] },
    ]);
  });
});

describe('schedule summary', () => {
  it('says all week when every day has the same hours', () => {
    const entries = [...week('09:00:00', '18:00:00'), rest(2, '13:00:00', '14:00:00')];
    expect(scheduleSummary(entries)).toEqual({ kind: 'all_week', open: '09:00-18:00' });
  });

  it('lists the days off when the working days share their hours', () => {
    expect(scheduleSummary(week('08:00:00', '00:00:00', [0, 1, 2, 3, 4]))).toEqual({
      kind: 'days_off',
      open: '08:00-00:00',
      daysOff: [5, 6],
    });
  });

  it('reads non-standard when days differ, and none without working days', () => {
    expect(
      scheduleSummary([...week('09:00:00', '18:00:00', [0, 1, 2, 3, 4]), work(5, '10:00:00', '16:00:00')]),
    ).toEqual({
      kind: 'non_standard',
    });
    expect(scheduleSummary([])).toEqual({ kind: 'none' });
    expect(scheduleSummary([rest(0, '12:00:00', '13:00:00')])).toEqual({ kind: 'none' });
  });
});
