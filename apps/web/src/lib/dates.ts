import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/ru';
import 'dayjs/locale/ky';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { currentLang } from './i18n.ts';
import { followLanguage } from './language.ts';

/*
 * dayjs formats dates in the interface language, and antd's date pickers find its 'ru' and 'ky'
 * locales here. Only the signed-in screens show dates: the shell imports this module, and the
 * sign-in screen goes without dayjs.
 */
dayjs.locale(currentLang());
followLanguage((lang) => dayjs.locale(lang));

dayjs.extend(utc);
dayjs.extend(timezone);

/** Every displayed time is Bishkek time (PRODUCT.md), whatever the browser's zone. */
export const TIME_ZONE = 'Asia/Bishkek';

function inBishkek(value: string | null | undefined, format: string): string {
  if (!value) return '';
  const time = dayjs(value);
  return time.isValid() ? time.tz(TIME_ZONE).format(format) : '';
}

/** A stored timestamp (ISO, UTC) as the operator reads it: '06.05.2024 14:30' in Bishkek. */
export function formatDateTime(value: string | null | undefined): string {
  return inBishkek(value, 'DD.MM.YYYY HH:mm');
}

/** The same to the second, where many things happen in a minute (a station's OCPP messages): '06.05.2024 14:30:05'. */
export function formatDateTimeSeconds(value: string | null | undefined): string {
  return inBishkek(value, 'DD.MM.YYYY HH:mm:ss');
}

const WALL_TIME = 'YYYY-MM-DDTHH:mm:ss';

/**
 * A stored instant as a date-time picker shows it: Bishkek's wall-clock time, whatever the
 * browser's zone (the picker itself knows only the browser's). Null for none.
 */
export function bishkekWallTime(value: string | null | undefined): Dayjs | null {
  if (!value) return null;
  const time = dayjs(value);
  return time.isValid() ? dayjs(time.tz(TIME_ZONE).format(WALL_TIME)) : null;
}

/** A picked wall-clock time read in Bishkek, as the API takes an instant: ISO with its offset (`...T10:00:00+06:00`). */
export function fromBishkekWallTime(picked: Dayjs | null | undefined): string | null {
  return picked ? dayjs.tz(picked.format(WALL_TIME), TIME_ZONE).format() : null;
}
