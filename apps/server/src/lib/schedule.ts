import type { StoredScheduleEntry } from '@evcms/contracts/merchants';
import { breakIdFor, isEmptyBreak, type ScheduleItem } from '@evcms/contracts/schedule';
import type { StoredScheduleItem } from '../db/schema/columns.ts';

/*
 * A weekly schedule (merchants', stations') is stored without ids; ids follow from the day, as the
 * specification numbers them.
 */

/** A day's working entry: day + 1 (1..7). */
export function scheduleEntryId(day: number): number {
  return day + 1;
}

/** Stored form of a week: the blank 00:00:00-00:00:00 break means "no break" and is not kept; ids are dropped. */
export function scheduleForStorage(entries: readonly ScheduleItem[]): StoredScheduleItem[] {
  return sortedSchedule(
    entries
      .filter((entry) => !(entry.is_break && isEmptyBreak(entry)))
      .map((entry) => ({
        day: entry.day,
        start_time: entry.start_time,
        end_time: entry.end_time,
        is_break: entry.is_break,
      })),
  );
}

/** The week as the API shows it: by day, each break after its day, working entry id day + 1, its break id + 7. */
export function scheduleForDisplay(items: readonly StoredScheduleItem[]): StoredScheduleEntry[] {
  return sortedSchedule(items).map((item) => ({
    id: item.is_break ? breakIdFor(scheduleEntryId(item.day)) : scheduleEntryId(item.day),
    day: item.day,
    start_time: item.start_time,
    end_time: item.end_time,
    is_break: item.is_break,
  }));
}

function sortedSchedule<T extends StoredScheduleItem>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.day - b.day || Number(a.is_break) - Number(b.is_break));
}
