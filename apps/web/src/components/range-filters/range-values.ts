import dayjs, { type Dayjs } from 'dayjs';

/*
 * Date and time ranges of list filters as the pickers hold them (dayjs, either end open) and as
 * the API takes them (spec 3 'List filters': dates YYYY-MM-DD, times HH:mm:ss). Dates are
 * calendar days, which the server reads in Bishkek; nothing here converts a zone.
 */

export const DATE_FORMAT = 'YYYY-MM-DD';
const TIME = /^(\d{2}):(\d{2}):(\d{2})$/;

/** What a range picker holds: either end may be open. */
export type PickedRange = [Dayjs | null, Dayjs | null] | null;

/** Two YYYY-MM-DD filters as a date range picker shows them; null when neither is set. */
export function dateRange(from: string | undefined, to: string | undefined): PickedRange {
  if (!from && !to) return null;
  return [from ? dayjs(from) : null, to ? dayjs(to) : null];
}

/** A picked date range as the two filters; an open end is no bound. */
export function dateFilters(range: PickedRange): { from: string | null; to: string | null } {
  return { from: range?.[0]?.format(DATE_FORMAT) ?? null, to: range?.[1]?.format(DATE_FORMAT) ?? null };
}

function timeOfDay(text: string | undefined): Dayjs | null {
  const match = text ? TIME.exec(text) : null;
  if (!match) return null;
  return dayjs().startOf('day').hour(Number(match[1])).minute(Number(match[2])).second(Number(match[3]));
}

/** Two HH:mm:ss filters as a time range picker shows them; null when neither is set. */
export function timeRange(from: string | undefined, to: string | undefined): PickedRange {
  if (!from && !to) return null;
  return [timeOfDay(from), timeOfDay(to)];
}

/**
 * A picked time range (HH:mm) as the two HH:mm:ss filters. The end takes its whole minute, since
 * lists show times to the minute: "until 18:00" finds a driver registered at 18:00:40, shown as
 * 18:00. A start later than the end is a window across midnight (the server reads it so).
 */
export function timeFilters(range: PickedRange): { from: string | null; to: string | null } {
  const [start, end] = range ?? [null, null];
  return { from: start ? `${start.format('HH:mm')}:00` : null, to: end ? `${end.format('HH:mm')}:59` : null };
}
