/** Rules of merchants, as plain functions over rows and requests. */

// The schedule is stored as stations store theirs (lib/schedule.ts).
export { scheduleEntryId, scheduleForDisplay, scheduleForStorage } from '../../lib/schedule.ts';

// ---- Search

const PHONE_LIKE = /^[\d\s()+-]*\d[\d\s()+-]*$/;

/** Phones are stored as bare digits, so a search typed with the mask (`+996 (555)`) looks for its digits. */
export function phoneSearchText(search: string): string {
  return PHONE_LIKE.test(search) ? search.replace(/\D/g, '') : search;
}
