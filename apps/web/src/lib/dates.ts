import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import 'dayjs/locale/ky';
import { currentLang } from './i18n.ts';
import { followLanguage } from './language.ts';

/*
 * dayjs formats dates in the interface language, and antd's date pickers find its 'ru' and 'ky'
 * locales here. Only the signed-in screens show dates: the shell imports this module, and the
 * sign-in screen goes without dayjs.
 */
dayjs.locale(currentLang());
followLanguage((lang) => dayjs.locale(lang));
