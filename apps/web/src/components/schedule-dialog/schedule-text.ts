import {
  formatRange,
  isEmptyBreak,
  scheduleSummary,
  toDisplaySchedule,
  type ScheduleItem,
} from '@evcms/contracts/schedule';

/** `t` of the 'schedule' namespace (or anything that answers its keys the same way). */
export type Translate = (key: string, params?: Record<string, string>) => string;

/** Localised day names; days are storage days 0 (Monday) .. 6. */
export function dayName(t: Translate, day: number, length: 'short' | 'full' = 'short'): string {
  return t(`days.${length}.${day}`);
}

/**
 * Days as a reader takes them in: runs of three or more consecutive days as 'Mon-Fri', the rest
 * listed ('Sat, Sun', 'Mon, Wed'). Days are storage days, ascending.
 */
export function formatDays(t: Translate, days: readonly number[]): string {
  const runs: number[][] = [];
  for (const day of days) {
    const last = runs.at(-1);
    if (last && last.at(-1) === day - 1) last.push(day);
    else runs.push([day]);
  }
  return runs
    .flatMap((run) =>
      run.length >= 3 ? [`${dayName(t, run[0]!)}-${dayName(t, run.at(-1)!)}`] : run.map((day) => dayName(t, day)),
    )
    .join(', ');
}

/**
 * Breaks grouped by identical times, as the contracts group working hours: 'Break 13:00-14:00'
 * when every working day has that break, otherwise one line per group with its days. Blank
 * breaks and breaks on days off are not shown.
 */
function breakLines(t: Translate, entries: readonly ScheduleItem[]): string[] {
  const workingDays = new Set(entries.filter((entry) => !entry.is_break).map((entry) => entry.day));
  const breaks = entries
    .filter((entry) => entry.is_break && !isEmptyBreak(entry) && workingDays.has(entry.day))
    .map((entry) => ({ ...entry, is_break: false }));
  const groups = toDisplaySchedule(breaks);
  const only = groups[0];
  if (groups.length === 1 && only && only.days.length === workingDays.size)
    return [t('summary.break', { open: only.open })];
  return groups.map((group) => t('summary.breakOn', { days: formatDays(t, group.days), open: group.open }));
}

/** 00:00-00:00: from midnight to the next midnight (an end of 00:00 is the end of the day). */
const ROUND_THE_CLOCK = formatRange({ start_time: '00:00:00', end_time: '00:00:00' });

/** Working hours as read after days ('Sat, Sun round the clock'), the range otherwise. */
function hours(t: Translate, open: string): string {
  return open === ROUND_THE_CLOCK ? t('summary.roundTheClockHours') : open;
}

export interface ScheduleDescription {
  /**
   * 'Every day 09:00-18:00' (or 'Round the clock'), '09:00-18:00, days off: Sat, Sun',
   * 'Non-standard schedule' or 'No schedule'.
   */
  headline: string;
  /** The hours per group of days (for a non-standard schedule), then the breaks. */
  lines: string[];
}

/** Spec 4 'Schedule summary' in words, from the contracts' `scheduleSummary` and `toDisplaySchedule`. */
export function describeSchedule(
  t: Translate,
  entries: readonly ScheduleItem[] | null | undefined,
): ScheduleDescription {
  const list = entries ?? [];
  const summary = scheduleSummary(list);
  switch (summary.kind) {
    case 'none':
      return { headline: t('summary.none'), lines: [] };
    case 'all_week': {
      const headline =
        summary.open === ROUND_THE_CLOCK ? t('summary.roundTheClock') : t('summary.everyDay', { open: summary.open });
      return { headline, lines: breakLines(t, list) };
    }
    case 'days_off':
      return {
        headline: t('summary.daysOff', {
          open: summary.open === ROUND_THE_CLOCK ? t('summary.roundTheClock') : summary.open,
          days: formatDays(t, summary.daysOff),
        }),
        lines: breakLines(t, list),
      };
    case 'non_standard': {
      const groups = toDisplaySchedule(list).map((item) =>
        t('summary.line', { days: formatDays(t, item.days), open: hours(t, item.open) }),
      );
      return { headline: t('summary.nonStandard'), lines: [...groups, ...breakLines(t, list)] };
    }
  }
}
