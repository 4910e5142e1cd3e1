import { describe, expect, it } from 'vitest';
import type { ScheduleEntryInput } from '@evcms/contracts/schedule';
// The web registers one language's messages as it loads; these tests read English and Russian.
import '@evcms/contracts/messages-all';
import {
  addBreak,
  allDaysCheck,
  canShareBreak,
  defaultDialog,
  initDialog,
  issuesAt,
  removeBreak,
  saveDialog,
  setTime,
  shareBreak,
  toggleAllDays,
  toggleDay,
  validateDialog,
  type DialogState,
} from './schedule-dialog-model.ts';

const work = (day: number, start_time: string, end_time: string): ScheduleEntryInput => ({
  day,
  start_time,
  end_time,
  is_break: false,
});
const pause = (day: number, start_time: string, end_time: string): ScheduleEntryInput => ({
  day,
  start_time,
  end_time,
  is_break: true,
});

function row(state: DialogState, day: number) {
  const found = state.find((item) => item.day === day);
  if (!found) throw new Error(`no row ${day}`);
  return found;
}

function saved(state: DialogState) {
  const result = saveDialog(state, 'en');
  if (!result.ok) throw new Error(`unexpected issues: ${JSON.stringify(result.issues)}`);
  return result.entries;
}

/** Selects the dialog days given, in a fresh dialog. */
function withSelected(...days: number[]): DialogState {
  return days.reduce((state, day) => toggleDay(state, day), defaultDialog());
}

describe('schedule dialog: initial rows', () => {
  it('shows seven unselected days, Monday (1) to Sunday (7), 09:00-18:00 without a break', () => {
    const state = defaultDialog();
    expect(state.map((item) => item.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const item of state) {
      expect(item).toEqual({
        day: item.day,
        selected: false,
        start_time: '09:00:00',
        end_time: '18:00:00',
        break: null,
      });
    }
  });

  it('gives the default days for an empty or missing schedule', () => {
    expect(initDialog([])).toEqual(defaultDialog());
    expect(initDialog(undefined)).toEqual(defaultDialog());
    expect(initDialog(null)).toEqual(defaultDialog());
  });

  it('selects the days that have working hours, converting storage 0..6 to dialog 1..7, with their hours and breaks', () => {
    const state = initDialog([
      pause(0, '13:00:00', '14:00:00'), // a break listed before its day still belongs to it
      work(0, '08:00:00', '17:00:00'),
      work(6, '10:00:00', '00:00:00'),
    ]);
    expect(row(state, 1)).toEqual({
      day: 1,
      selected: true,
      start_time: '08:00:00',
      end_time: '17:00:00',
      break: { start_time: '13:00:00', end_time: '14:00:00' },
    });
    expect(row(state, 7)).toMatchObject({ selected: true, start_time: '10:00:00', end_time: '00:00:00', break: null });
    for (const day of [2, 3, 4, 5, 6]) expect(row(state, day)).toEqual(row(defaultDialog(), day));
  });

  it('does not show a blank 00:00:00-00:00:00 break, which means no break', () => {
    const state = initDialog([work(2, '09:00:00', '18:00:00'), pause(2, '00:00:00', '00:00:00')]);
    expect(row(state, 3).break).toBeNull();
  });
});

describe('schedule dialog: selecting days', () => {
  it('toggles one day on and off', () => {
    const once = toggleDay(defaultDialog(), 3);
    expect(once.filter((item) => item.selected).map((item) => item.day)).toEqual([3]);
    expect(row(toggleDay(once, 3), 3).selected).toBe(false);
  });

  it('checks the all-days box when all seven are selected and makes it indeterminate when some are', () => {
    expect(allDaysCheck(defaultDialog())).toEqual({ checked: false, indeterminate: false });
    expect(allDaysCheck(withSelected(1, 5))).toEqual({ checked: false, indeterminate: true });
    expect(allDaysCheck(withSelected(1, 2, 3, 4, 5, 6, 7))).toEqual({ checked: true, indeterminate: false });
  });

  it('selects every day from none or some, and clears them all when all were selected', () => {
    expect(toggleAllDays(defaultDialog()).every((item) => item.selected)).toBe(true);
    expect(toggleAllDays(withSelected(2)).every((item) => item.selected)).toBe(true);
    expect(toggleAllDays(withSelected(1, 2, 3, 4, 5, 6, 7)).some((item) => item.selected)).toBe(false);
  });

  it('keeps the hours and breaks of a day across unselecting and selecting it', () => {
    let state = setTime(withSelected(4), 4, 'hours', 'start_time', '07:30:00');
    state = addBreak(state, 4);
    state = toggleDay(toggleDay(state, 4), 4);
    expect(row(state, 4)).toMatchObject({
      selected: true,
      start_time: '07:30:00',
      break: { start_time: '00:00:00', end_time: '00:00:00' },
    });
  });
});

describe('schedule dialog: times and breaks', () => {
  it('sets the start and end of a day, and of its break', () => {
    let state = addBreak(withSelected(2), 2);
    state = setTime(state, 2, 'hours', 'start_time', '08:30:00');
    state = setTime(state, 2, 'hours', 'end_time', '20:00:00');
    state = setTime(state, 2, 'break', 'start_time', '12:00:00');
    state = setTime(state, 2, 'break', 'end_time', '12:30:00');
    expect(row(state, 2)).toMatchObject({
      start_time: '08:30:00',
      end_time: '20:00:00',
      break: { start_time: '12:00:00', end_time: '12:30:00' },
    });
    expect(row(state, 1)).toEqual(row(defaultDialog(), 1));
  });

  it('ignores a break time for a day that has no break', () => {
    const state = withSelected(2);
    expect(setTime(state, 2, 'break', 'start_time', '12:00:00')).toEqual(state);
  });

  it('adds a blank break, and only one per day', () => {
    let state = addBreak(withSelected(1), 1);
    expect(row(state, 1).break).toEqual({ start_time: '00:00:00', end_time: '00:00:00' });
    state = setTime(state, 1, 'break', 'start_time', '13:00:00');
    state = addBreak(state, 1);
    expect(row(state, 1).break).toEqual({ start_time: '13:00:00', end_time: '00:00:00' });
  });

  it('removes a break', () => {
    const state = removeBreak(addBreak(withSelected(1), 1), 1);
    expect(row(state, 1).break).toBeNull();
  });

  it('offers sharing a break only when more than one day is selected', () => {
    expect(canShareBreak(addBreak(defaultDialog(), 1))).toBe(false);
    expect(canShareBreak(addBreak(withSelected(1), 1))).toBe(false);
    expect(canShareBreak(addBreak(withSelected(1, 3), 1))).toBe(true);
  });

  it('shares a break to every other selected day, adding or overwriting breaks, and leaves unselected days alone', () => {
    let state = withSelected(1, 2, 3);
    state = addBreak(state, 1);
    state = setTime(state, 1, 'break', 'start_time', '13:00:00');
    state = setTime(state, 1, 'break', 'end_time', '14:00:00');
    state = setTime(addBreak(state, 3), 3, 'break', 'start_time', '12:00:00');
    state = shareBreak(state, 1);
    for (const day of [1, 2, 3])
      expect(row(state, day).break).toEqual({ start_time: '13:00:00', end_time: '14:00:00' });
    for (const day of [4, 5, 6, 7]) expect(row(state, day).break).toBeNull();
    // Each day owns its copy: changing one later does not change the others.
    state = setTime(state, 2, 'break', 'end_time', '13:30:00');
    expect(row(state, 1).break?.end_time).toBe('14:00:00');
  });

  it('shares nothing from a day without a break', () => {
    const state = withSelected(1, 2);
    expect(shareBreak(state, 1)).toEqual(state);
  });
});

describe('schedule dialog: save', () => {
  it('returns the selected days in storage numbering, sorted, each break right after its day', () => {
    let state = withSelected(7, 1, 3);
    state = setTime(addBreak(state, 3), 3, 'break', 'start_time', '13:00:00');
    state = setTime(state, 3, 'break', 'end_time', '14:00:00');
    state = setTime(state, 7, 'hours', 'end_time', '00:00:00');
    expect(saved(state)).toEqual([
      { day: 0, start_time: '09:00:00', end_time: '18:00:00', is_break: false },
      { day: 2, start_time: '09:00:00', end_time: '18:00:00', is_break: false },
      { day: 2, start_time: '13:00:00', end_time: '14:00:00', is_break: true },
      { day: 6, start_time: '09:00:00', end_time: '00:00:00', is_break: false },
    ]);
  });

  it('leaves out unselected days with their breaks, and blank breaks', () => {
    let state = withSelected(1, 2);
    state = addBreak(state, 1); // stays 00:00:00-00:00:00
    state = setTime(addBreak(state, 5), 5, 'break', 'start_time', '10:00:00');
    expect(saved(state)).toEqual([
      { day: 0, start_time: '09:00:00', end_time: '18:00:00', is_break: false },
      { day: 1, start_time: '09:00:00', end_time: '18:00:00', is_break: false },
    ]);
  });

  it('saves an empty schedule when no day is selected', () => {
    expect(saved(defaultDialog())).toEqual([]);
  });

  it('resets the dialog to the seven default days', () => {
    const result = saveDialog(addBreak(withSelected(1, 2), 1), 'en');
    expect(result.ok && result.state).toEqual(defaultDialog());
  });

  it('gives back the schedule it was opened with', () => {
    const schedule = [
      work(0, '08:00:00', '17:00:00'),
      pause(0, '12:00:00', '13:00:00'),
      work(4, '10:00:00', '00:00:00'),
      pause(4, '23:00:00', '00:00:00'),
      work(5, '00:00:00', '00:00:00'),
    ];
    expect(saved(initDialog(schedule))).toEqual(schedule);
  });
});

describe('schedule dialog: validation', () => {
  it('puts a start later than the end on both fields of that day, and keeps the dialog open', () => {
    const state = setTime(withSelected(1, 2), 2, 'hours', 'start_time', '19:00:00');
    const result = saveDialog(state, 'en');
    expect(result.ok).toBe(false);
    const issues = result.ok ? [] : result.issues;
    expect(issuesAt(issues, 2, 'hours', 'start_time')).toEqual(['The start cannot be later than the end']);
    expect(issuesAt(issues, 2, 'hours', 'end_time')).toEqual(['The end cannot be earlier than the start']);
    expect(issues.filter((issue) => issue.day !== 2)).toEqual([]);
  });

  it('reads an end of 00:00:00 as midnight at the end of the day', () => {
    const state = setTime(
      setTime(withSelected(1), 1, 'hours', 'start_time', '08:00:00'),
      1,
      'hours',
      'end_time',
      '00:00:00',
    );
    expect(validateDialog(state, 'en')).toEqual([]);
  });

  it('puts a break outside the working hours on the break field that leaves them', () => {
    let state = addBreak(withSelected(3), 3);
    state = setTime(state, 3, 'break', 'start_time', '08:00:00');
    state = setTime(state, 3, 'break', 'end_time', '10:00:00');
    const issues = validateDialog(state, 'en');
    expect(issues).toEqual([
      { day: 3, part: 'break', field: 'start_time', message: 'The break must be within the working hours' },
    ]);

    state = setTime(setTime(state, 3, 'break', 'start_time', '17:00:00'), 3, 'break', 'end_time', '00:00:00');
    expect(issuesAt(validateDialog(state, 'en'), 3, 'break', 'end_time')).toEqual([
      'The break must be within the working hours',
    ]);
  });

  it('checks a break start later than its end like a day', () => {
    let state = addBreak(withSelected(1), 1);
    state = setTime(setTime(state, 1, 'break', 'start_time', '15:00:00'), 1, 'break', 'end_time', '14:00:00');
    const issues = validateDialog(state, 'en');
    expect(issuesAt(issues, 1, 'break', 'start_time')).toEqual(['The start cannot be later than the end']);
    expect(issuesAt(issues, 1, 'break', 'end_time')).toEqual(['The end cannot be earlier than the start']);
  });

  it('does not check days that are not selected', () => {
    let state = setTime(withSelected(1), 2, 'hours', 'start_time', '23:00:00');
    state = setTime(addBreak(state, 2), 2, 'break', 'start_time', '01:00:00');
    expect(validateDialog(state, 'en')).toEqual([]);
  });

  it('says a malformed time under its field', () => {
    const state = setTime(withSelected(6), 6, 'hours', 'start_time', '');
    expect(issuesAt(validateDialog(state, 'en'), 6, 'hours', 'start_time')).toEqual(['Enter a time as HH:mm:ss']);
  });

  it('writes the messages in the language asked for', () => {
    const state = setTime(withSelected(1), 1, 'hours', 'start_time', '19:00:00');
    expect(issuesAt(validateDialog(state, 'ru'), 1, 'hours', 'start_time')).toEqual([
      'Начало не может быть позже окончания',
    ]);
  });
});
