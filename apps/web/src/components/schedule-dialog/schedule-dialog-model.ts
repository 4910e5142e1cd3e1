import type { Lang } from '@evcms/contracts/i18n';
import {
  EMPTY_BREAK,
  fromDialogDay,
  isEmptyBreak,
  toDialogDay,
  WEEK_DAYS,
  weeklySchedule,
  type ScheduleEntry,
  type ScheduleEntryInput,
  type ScheduleTimes,
} from '@evcms/contracts/schedule';
import { issueMessage } from '@evcms/contracts/schema';

/*
 * The weekly schedule dialog as plain data and functions, so its rules are tested without React.
 * Rows are numbered 1 (Monday) .. 7 (Sunday) as the dialog shows them; what goes in and comes out
 * is storage numbering 0..6. The schedule rules themselves are the contracts' `weeklySchedule`.
 */

/** The hours a day gets when the incoming schedule does not have it. */
export const DEFAULT_HOURS: ScheduleTimes = { start_time: '09:00:00', end_time: '18:00:00' };

export interface DialogDay extends ScheduleTimes {
  /** 1 (Monday) .. 7 (Sunday). */
  day: number;
  /** A selected day is a working day and is saved; the others are days off. */
  selected: boolean;
  /** At most one break; 00:00:00-00:00:00 means no break. */
  break: ScheduleTimes | null;
}

export type DialogState = readonly DialogDay[];

/** What the dialog saves: storage days 0..6, each break right after its day. */
export type DialogEntry = Omit<ScheduleEntry, 'id'>;

export type RowPart = 'hours' | 'break';
export type TimeField = keyof ScheduleTimes;

export interface DialogIssue {
  /** The row's dialog day, 1..7. */
  day: number;
  part: RowPart;
  /** The time field the message belongs under; 'day' when it concerns the row as a whole. */
  field: TimeField | 'day';
  message: string;
}

/** Seven unselected days with the default hours and no break. */
export function defaultDialog(): DialogState {
  return WEEK_DAYS.map((day) => ({ day: toDialogDay(day), selected: false, ...DEFAULT_HOURS, break: null }));
}

/**
 * The dialog's rows for a schedule: the days with a working entry are selected and keep their
 * hours and break; a blank 00:00:00-00:00:00 break is no break and is not shown.
 */
export function initDialog(entries: readonly ScheduleEntryInput[] | null | undefined): DialogState {
  return WEEK_DAYS.map((storageDay) => {
    const ofDay = (entries ?? []).filter((entry) => entry.day === storageDay);
    const hours = ofDay.find((entry) => !entry.is_break);
    const pause = ofDay.find((entry) => entry.is_break && !isEmptyBreak(entry));
    return {
      day: toDialogDay(storageDay),
      selected: hours !== undefined,
      start_time: hours?.start_time ?? DEFAULT_HOURS.start_time,
      end_time: hours?.end_time ?? DEFAULT_HOURS.end_time,
      break: pause ? { start_time: pause.start_time, end_time: pause.end_time } : null,
    };
  });
}

function updateDay(state: DialogState, day: number, change: (row: DialogDay) => DialogDay): DialogState {
  return state.map((row) => (row.day === day ? change(row) : row));
}

export function toggleDay(state: DialogState, day: number): DialogState {
  return updateDay(state, day, (row) => ({ ...row, selected: !row.selected }));
}

/** The all-days checkbox: checked when every day is selected, indeterminate when some are. */
export function allDaysCheck(state: DialogState): { checked: boolean; indeterminate: boolean } {
  const count = selectedCount(state);
  return { checked: count === state.length, indeterminate: count > 0 && count < state.length };
}

/** Selects every day, or clears them all when every day was already selected. */
export function toggleAllDays(state: DialogState): DialogState {
  const selected = !allDaysCheck(state).checked;
  return state.map((row) => ({ ...row, selected }));
}

export function selectedCount(state: DialogState): number {
  return state.filter((row) => row.selected).length;
}

/** Sets one time (HH:mm:ss) of a day's hours or of its break; a day without a break is left as is. */
export function setTime(state: DialogState, day: number, part: RowPart, field: TimeField, value: string): DialogState {
  return updateDay(state, day, (row) => {
    if (part === 'hours') return { ...row, [field]: value };
    return row.break ? { ...row, break: { ...row.break, [field]: value } } : row;
  });
}

/** Gives the day its one break, blank (00:00:00-00:00:00); a day that has one keeps it. */
export function addBreak(state: DialogState, day: number): DialogState {
  return updateDay(state, day, (row) => (row.break ? row : { ...row, break: { ...EMPTY_BREAK } }));
}

export function removeBreak(state: DialogState, day: number): DialogState {
  return updateDay(state, day, (row) => ({ ...row, break: null }));
}

/** Sharing a break makes sense once there is another selected day to share it to. */
export function canShareBreak(state: DialogState): boolean {
  return selectedCount(state) > 1;
}

/** Copies the day's break times to every other selected day, adding breaks where missing. */
export function shareBreak(state: DialogState, day: number): DialogState {
  const source = state.find((row) => row.day === day)?.break;
  if (!source) return state;
  return state.map((row) => (row.selected && row.day !== day ? { ...row, break: { ...source } } : row));
}

interface EntrySource {
  day: number;
  part: RowPart;
}

/** The selected days' entries, in day order, each break right after its day; blank breaks are left out. */
function toEntries(state: DialogState): { entries: DialogEntry[]; sources: EntrySource[] } {
  const entries: DialogEntry[] = [];
  const sources: EntrySource[] = [];
  for (const row of [...state].sort((a, b) => a.day - b.day)) {
    if (!row.selected) continue;
    const day = fromDialogDay(row.day);
    entries.push({ day, start_time: row.start_time, end_time: row.end_time, is_break: false });
    sources.push({ day: row.day, part: 'hours' });
    if (row.break && !isEmptyBreak(row.break)) {
      entries.push({ day, start_time: row.break.start_time, end_time: row.break.end_time, is_break: true });
      sources.push({ day: row.day, part: 'break' });
    }
  }
  return { entries, sources };
}

/** The contracts' schedule rules applied to what Save would return, each issue placed on its row and field. */
export function validateDialog(state: DialogState, lang: Lang): DialogIssue[] {
  const { entries, sources } = toEntries(state);
  const result = weeklySchedule.safeParse(entries);
  if (result.success) return [];
  return result.error.issues.flatMap((issue) => {
    const [index, field] = issue.path;
    const source = typeof index === 'number' ? sources[index] : undefined;
    if (!source) return [];
    const onField: DialogIssue['field'] = field === 'start_time' || field === 'end_time' ? field : 'day';
    return [{ ...source, field: onField, message: issueMessage(issue, lang) }];
  });
}

/** The messages to show under one field of one row. */
export function issuesAt(
  issues: readonly DialogIssue[],
  day: number,
  part: RowPart,
  field: DialogIssue['field'],
): string[] {
  return issues.filter((i) => i.day === day && i.part === part && i.field === field).map((i) => i.message);
}

export type SaveResult =
  { ok: true; entries: DialogEntry[]; state: DialogState } | { ok: false; issues: DialogIssue[] };

/**
 * Save: the selected days' working entries plus their breaks in storage numbering, and the dialog
 * back at its seven default days; or the issues that keep it open. No day selected saves an empty
 * schedule: a form that requires an operating mode says so itself.
 */
export function saveDialog(state: DialogState, lang: Lang): SaveResult {
  const issues = validateDialog(state, lang);
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, entries: toEntries(state).entries, state: defaultDialog() };
}
