import type { Lang } from '@evcms/contracts/i18n';
import dayjs from 'dayjs';
import 'dayjs/locale/ky';
import 'dayjs/locale/ru';

/* Weekdays and hours of the day as the dashboard's charts and the heat map's grid write them. */

// 1 January 2024 was a Monday: weekday n (Monday 1) is n - 1 days later.
const MONDAY = dayjs('2024-01-01');

/**
 * Monday (1) to Sunday (7) by its short name in `lang` ('Mon', 'пн', 'Дүй'), from dayjs's locales:
 * browsers' Intl may lack Kyrgyz (Debian's Chromium writes English weekdays for 'ky').
 */
export function weekdayName(weekday: number, lang: Lang, form: 'short' | 'long' = 'short'): string {
  // Russian calendars write 'пн' (dayjs's shortest form), where its short form is 'пнд'.
  const format = form === 'long' ? 'dddd' : lang === 'ru' ? 'dd' : 'ddd';
  return MONDAY.add(weekday - 1, 'day')
    .locale(lang)
    .format(format);
}

/** An hour of the day as the clock shows its start: '07:00'. */
export const hourName = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
