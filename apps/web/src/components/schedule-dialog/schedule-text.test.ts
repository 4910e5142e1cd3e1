import { beforeAll, describe, expect, it } from 'vitest';
import type { ScheduleItem } from '@evcms/contracts/schedule';
import { i18n } from '../../lib/i18n.ts';
import { describeSchedule, formatDays, type Translate } from './schedule-text.ts';

const work = (day: number, start_time = '09:00:00', end_time = '18:00:00'): ScheduleItem => ({
  day,
  start_time,
  end_time,
  is_break: false,
});
const pause = (day: number, start_time: string, end_time: string): ScheduleItem => ({
  day,
  start_time,
  end_time,
  is_break: true,
});
const weekdays = [0, 1, 2, 3, 4].map((day) => work(day));

let t: Translate;
let ru: Translate;
let ky: Translate;

beforeAll(async () => {
  await i18n.loadLanguages(['en', 'ru', 'ky']);
  t = i18n.getFixedT('en', 'schedule');
  ru = i18n.getFixedT('ru', 'schedule');
  ky = i18n.getFixedT('ky', 'schedule');
});

describe('formatDays', () => {
  it('writes runs of three or more days as a range and lists the rest', () => {
    expect(formatDays(t, [0, 1, 2, 3, 4])).toBe('Mon-Fri');
    expect(formatDays(t, [5, 6])).toBe('Sat, Sun');
    expect(formatDays(t, [0, 2])).toBe('Mon, Wed');
    expect(formatDays(t, [0, 1, 2, 4, 6])).toBe('Mon-Wed, Fri, Sun');
    expect(formatDays(t, [3])).toBe('Thu');
    expect(formatDays(ru, [0, 1, 2, 3, 4])).toBe('Пн-Пт');
  });
});

describe('describeSchedule', () => {
  it('says there is no schedule when no day works', () => {
    expect(describeSchedule(t, [])).toEqual({ headline: 'No schedule', lines: [] });
    expect(describeSchedule(t, null)).toEqual({ headline: 'No schedule', lines: [] });
  });

  it('says every day when all seven days have the same hours', () => {
    const week = [0, 1, 2, 3, 4, 5, 6].map((day) => work(day));
    expect(describeSchedule(t, week)).toEqual({ headline: 'Every day 09:00-18:00', lines: [] });
    expect(describeSchedule(ru, week).headline).toBe('Ежедневно 09:00-18:00');
  });

  it('names the days off when the working days share their hours', () => {
    expect(describeSchedule(t, weekdays)).toEqual({ headline: '09:00-18:00, days off: Sat, Sun', lines: [] });
  });

  it('shows a non-standard schedule grouped by identical hours, in day order', () => {
    const entries = [...weekdays, work(5, '10:00:00', '00:00:00'), work(6, '10:00:00', '00:00:00')];
    expect(describeSchedule(t, entries)).toEqual({
      headline: 'Non-standard schedule',
      lines: ['Mon-Fri 09:00-18:00', 'Sat, Sun 10:00-00:00'],
    });
    const scattered = [work(0, '10:00:00', '19:00:00'), work(1), work(2, '10:00:00', '19:00:00')];
    expect(describeSchedule(t, scattered).lines).toEqual(['Mon, Wed 10:00-19:00', 'Tue 09:00-18:00']);
  });

  it('writes one break line when every working day has the same break', () => {
    const entries = [...weekdays, ...[0, 1, 2, 3, 4].map((day) => pause(day, '13:00:00', '14:00:00'))];
    expect(describeSchedule(t, entries)).toEqual({
      headline: '09:00-18:00, days off: Sat, Sun',
      lines: ['Break 13:00-14:00'],
    });
  });

  it('groups differing breaks with their days and leaves out blank breaks and breaks on days off', () => {
    const entries = [
      ...weekdays,
      pause(0, '13:00:00', '14:00:00'),
      pause(1, '13:00:00', '14:00:00'),
      pause(2, '13:00:00', '14:00:00'),
      pause(4, '12:00:00', '12:30:00'),
      pause(3, '00:00:00', '00:00:00'),
      pause(6, '10:00:00', '11:00:00'),
    ];
    expect(describeSchedule(t, entries).lines).toEqual(['Break Mon-Wed 13:00-14:00', 'Break Fri 12:00-12:30']);
  });

  it('says round the clock for 00:00-00:00 hours, wherever the hours are named', () => {
    const allDay = (day: number) => work(day, '00:00:00', '00:00:00');
    const week = [0, 1, 2, 3, 4, 5, 6].map(allDay);
    expect(describeSchedule(t, week)).toEqual({ headline: 'Round the clock', lines: [] });
    expect(describeSchedule(ru, week).headline).toBe('Круглосуточно');
    expect(describeSchedule(ky, week).headline).toBe('Күнү-түнү');
    expect(describeSchedule(t, [0, 1, 2, 3, 4].map(allDay)).headline).toBe('Round the clock, days off: Sat, Sun');
    expect(describeSchedule(t, [...weekdays, allDay(5), allDay(6)]).lines).toEqual([
      'Mon-Fri 09:00-18:00',
      'Sat, Sun round the clock',
    ]);
  });
});
