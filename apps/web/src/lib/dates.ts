import dayjs from 'dayjs';
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

/** A stored timestamp (ISO, UTC) as the operator reads it: '06.05.2024 14:30' in Bishkek. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const time = dayjs(value);
  return time.isValid() ? time.tz(TIME_ZONE).format('DD.MM.YYYY HH:mm') : '';
}
