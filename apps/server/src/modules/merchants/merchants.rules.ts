import type { StoredScheduleEntry } from '@evcms/contracts/merchants';
import type { MessageKey } from '@evcms/contracts/messages';
import { breakIdFor, isEmptyBreak, type ScheduleItem } from '@evcms/contracts/schedule';
import type { StoredScheduleItem } from '../../db/schema/merchants.ts';

/** Rules of merchants, as plain functions over rows and requests. */

// ---- Percentage: stored as an integer of hundredths of a percent, so 12.5 never drifts.

export function percentageToBp(percentage: number): number {
  return Math.round(percentage * 100);
}

/** Division by 100 gives the double nearest to the two-decimal value, which prints as that value. */
export function bpToPercentage(bp: number): number {
  return bp / 100;
}

// ---- Schedule: stored without ids; ids follow from the day, as the specification numbers them.

/** A day's working entry: day + 1 (1..7). */
export function scheduleEntryId(day: number): number {
  return day + 1;
}

/** Stored form of a week: the blank 00:00:00-00:00:00 break means "no break" and is not kept; ids are dropped. */
export function scheduleForStorage(entries: readonly ScheduleItem[]): StoredScheduleItem[] {
  return sortedSchedule(
    entries
      .filter((entry) => !(entry.is_break && isEmptyBreak(entry)))
      .map((entry) => ({ day: entry.day, start_time: entry.start_time, end_time: entry.end_time, is_break: entry.is_break })),
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

// ---- Search

const PHONE_LIKE = /^[\d\s()+-]*\d[\d\s()+-]*$/;

/** Phones are stored as bare digits, so a search typed with the mask (`+996 (555)`) looks for its digits. */
export function phoneSearchText(search: string): string {
  return PHONE_LIKE.test(search) ? search.replace(/\D/g, '') : search;
}

// ---- References named by id: location, tags, infrastructure

export type LocationField = 'country' | 'district' | 'city';

export interface LocationIds {
  country: number;
  district: number | null;
  city: number;
}

/** What the database holds for the ids of a location; undefined where an id is unknown. */
export interface LocationRows {
  country: { id: number } | undefined;
  district: { id: number; countryId: number } | undefined;
  city: { id: number; countryId: number; districtId: number | null } | undefined;
}

/**
 * A location holds together: the country exists, the district (optional) lies in the country, and
 * the city lies in the country and, when a district is given, in that district. An unknown country
 * is reported alone, as nothing else can be judged against it. A field the request did not send
 * (a partial update) that no longer fits is reported too: the city as still to be given.
 */
export function locationProblems(
  wanted: LocationIds,
  found: LocationRows,
  options: { citySent?: boolean } = {},
): Partial<Record<LocationField, MessageKey>> {
  if (!found.country) return { country: 'invalid_choice' };
  const problems: Partial<Record<LocationField, MessageKey>> = {};
  const districtFits = wanted.district === null || found.district?.countryId === wanted.country;
  if (!districtFits) problems.district = 'invalid_choice';
  const city = found.city;
  const cityFits =
    city !== undefined &&
    city.countryId === wanted.country &&
    (wanted.district === null || !districtFits || city.districtId === wanted.district);
  if (!cityFits) problems.city = options.citySent === false ? 'field_blank' : 'invalid_choice';
  return problems;
}
