/** Rules of merchants, as plain functions over rows and requests. */

// The schedule is stored as stations store theirs (lib/schedule.ts).
export { scheduleEntryId, scheduleForDisplay, scheduleForStorage } from '../../lib/schedule.ts';
