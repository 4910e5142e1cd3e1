import { z } from './schema.ts';

/*
 * The weekly schedule of a station or merchant: per day one working-hours entry and at most one
 * break. Days are 0 (Monday) .. 6 (Sunday) in storage and in the API; the schedule dialog shows
 * 1..7 and converts at its edge. Times are HH:mm:ss; an end of 00:00:00 means midnight at the end
 * of the day, so 08:00:00-00:00:00 is a valid day and 00:00:00-00:00:00 is round the clock.
 */

export const DAYS_IN_WEEK = 7;
/** Storage days, Monday first. */
export const WEEK_DAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export const DAY_END = '00:00:00';
export const TIME_MAX = '23:59:59';
/** A break id is its day entry's id plus this offset. */
export const BREAK_ID_OFFSET = DAYS_IN_WEEK;
/** The dialog's blank break row; it means 'no break' and is exempt from the working-hours check. */
export const EMPTY_BREAK = { start_time: '00:00:00', end_time: '00:00:00' } as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
// Same shape with any two-digit hour, so 24:00:00 as an end gets 'cannot be later than 23:59:59'.
const TIME_SHAPE = /^\d{2}:[0-5]\d:[0-5]\d$/;
const SECONDS_PER_DAY = 24 * 60 * 60;

/** A time of day, 00:00:00..23:59:59. */
export const timeOfDay = z
  .string({ error: 'schedule_time_invalid' })
  .check(z.regex(TIME, { error: 'schedule_time_invalid' }));

/** An end time: like `timeOfDay`, but a well-formed time past 23:59:59 says so. */
export const endTimeOfDay = z.string({ error: 'schedule_time_invalid' }).check(
  z.regex(TIME_SHAPE, { error: 'schedule_time_invalid', abort: true }),
  z.refine((value) => value <= TIME_MAX, { error: 'schedule_end_max' }),
);

export const weekDay = z.number().check(z.int(), z.gte(0), z.lte(DAYS_IN_WEEK - 1));

export interface ScheduleTimes {
  start_time: string;
  end_time: string;
}

/** Seconds since the day's start; an end of 00:00:00 is the day's end (86400). */
export function endSeconds(endTime: string): number {
  return endTime === DAY_END ? SECONDS_PER_DAY : timeSeconds(endTime);
}

export function timeSeconds(time: string): number {
  const [h = 0, m = 0, s = 0] = time.split(':').map(Number);
  return h * 3600 + m * 60 + s;
}

function startsAfterEnd(entry: ScheduleTimes): boolean {
  return timeSeconds(entry.start_time) > endSeconds(entry.end_time);
}

/** One entry; the start/end rule is reported on both fields, as spec 5 words it twice. */
export const scheduleEntry = z
  .object({
    id: z.optional(z.number().check(z.int(), z.gte(0))),
    day: weekDay,
    start_time: timeOfDay,
    end_time: endTimeOfDay,
    is_break: z.boolean(),
  })
  .check(
    z.superRefine((entry, ctx) => {
      if (!startsAfterEnd(entry)) return;
      ctx.addIssue({
        code: 'custom',
        message: 'schedule_start_after_end',
        path: ['start_time'],
        input: entry.start_time,
      });
      ctx.addIssue({ code: 'custom', message: 'schedule_end_before_start', path: ['end_time'], input: entry.end_time });
    }),
  );
export type ScheduleEntry = z.infer<typeof scheduleEntry>;
export type ScheduleEntryInput = z.input<typeof scheduleEntry>;

/** What the summary and display helpers read of an entry. */
export type ScheduleItem = Pick<ScheduleEntry, 'day' | 'start_time' | 'end_time' | 'is_break'>;

export function isEmptyBreak(entry: ScheduleTimes): boolean {
  return entry.start_time === EMPTY_BREAK.start_time && entry.end_time === EMPTY_BREAK.end_time;
}

/**
 * A week: per day at most one working entry and one break (a repeat is flagged on its `day`);
 * a break lies within its day's working hours, bounds included, and needs a working entry on its
 * day, except the blank 00:00:00-00:00:00 break the dialog starts with. An empty week is valid
 * here; a form that requires an operating mode says so itself.
 */
export const weeklySchedule = z.array(scheduleEntry).check(
  z.superRefine((entries, ctx) => {
    const working = new Map<number, ScheduleEntry>();
    const breaks = new Set<number>();
    entries.forEach((entry, index) => {
      const seen = entry.is_break ? breaks.has(entry.day) : working.has(entry.day);
      if (seen)
        ctx.addIssue({ code: 'custom', message: 'schedule_day_duplicate', path: [index, 'day'], input: entry.day });
      else if (entry.is_break) breaks.add(entry.day);
      else working.set(entry.day, entry);
    });
    entries.forEach((entry, index) => {
      if (!entry.is_break || isEmptyBreak(entry)) return;
      const day = working.get(entry.day);
      if (!day) {
        ctx.addIssue({ code: 'custom', message: 'schedule_break_day_off', path: [index, 'day'], input: entry.day });
        return;
      }
      if (timeSeconds(entry.start_time) < timeSeconds(day.start_time)) {
        ctx.addIssue({
          code: 'custom',
          message: 'schedule_break_outside',
          path: [index, 'start_time'],
          input: entry.start_time,
        });
      }
      if (endSeconds(entry.end_time) > endSeconds(day.end_time)) {
        ctx.addIssue({
          code: 'custom',
          message: 'schedule_break_outside',
          path: [index, 'end_time'],
          input: entry.end_time,
        });
      }
    });
  }),
);
export type WeeklySchedule = z.infer<typeof weeklySchedule>;

export function breakIdFor(dayEntryId: number): number {
  return dayEntryId + BREAK_ID_OFFSET;
}

/** Storage day 0..6 -> the dialog's 1..7. */
export function toDialogDay(day: number): number {
  if (!Number.isInteger(day) || day < 0 || day > DAYS_IN_WEEK - 1) throw new RangeError(`Not a storage day: ${day}`);
  return day + 1;
}

/** The dialog's 1..7 -> storage day 0..6. */
export function fromDialogDay(dialogDay: number): number {
  if (!Number.isInteger(dialogDay) || dialogDay < 1 || dialogDay > DAYS_IN_WEEK) {
    throw new RangeError(`Not a dialog day: ${dialogDay}`);
  }
  return dialogDay - 1;
}

/** HH:mm, or HH:mm:ss when the seconds are not zero, so distinct ranges never read the same. */
export function shortTime(time: string): string {
  return time.endsWith(':00') ? time.slice(0, 5) : time;
}

export function formatRange(entry: ScheduleTimes): string {
  return `${shortTime(entry.start_time)}-${shortTime(entry.end_time)}`;
}

export interface DisplayScheduleItem {
  open: string;
  days: number[];
}

/**
 * Working days grouped by identical hours, in order of their first day; days are storage days,
 * ascending. Breaks are left out.
 */
export function toDisplaySchedule(entries: readonly ScheduleItem[]): DisplayScheduleItem[] {
  const groups = new Map<string, Set<number>>();
  for (const entry of entries) {
    if (entry.is_break) continue;
    const open = formatRange(entry);
    const days = groups.get(open) ?? new Set<number>();
    days.add(entry.day);
    groups.set(open, days);
  }
  return [...groups]
    .map(([open, days]) => ({ open, days: [...days].sort((a, b) => a - b) }))
    .sort((a, b) => (a.days[0] ?? 0) - (b.days[0] ?? 0));
}

export type ScheduleSummary =
  | { kind: 'all_week'; open: string }
  | { kind: 'days_off'; open: string; daysOff: number[] }
  | { kind: 'non_standard' }
  | { kind: 'none' };

/**
 * Spec 4 'Schedule summary': a summary exists when the display schedule has exactly one item,
 * i.e. every working day has the same hours; it names the days off, or all week when there are
 * none. Different hours on different days read 'non-standard'; no working day at all is 'none'.
 * Breaks do not change the summary.
 */
export function scheduleSummary(entries: readonly ScheduleItem[]): ScheduleSummary {
  const display = toDisplaySchedule(entries);
  const only = display[0];
  if (!only) return { kind: 'none' };
  if (display.length > 1) return { kind: 'non_standard' };
  const daysOff = WEEK_DAYS.filter((day) => !only.days.includes(day));
  return daysOff.length === 0 ? { kind: 'all_week', open: only.open } : { kind: 'days_off', open: only.open, daysOff };
}
