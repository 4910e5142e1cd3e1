import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import 'dayjs/locale/ky';
import type { Lang } from '@evcms/contracts/i18n';
import { currentLang, i18n, LANGUAGE_STORAGE_KEY } from './i18n.ts';
import { queryClient } from './query-client.ts';

/** Labels of the language switch, as the specification writes them. */
export const LANGUAGE_LABELS: Record<Lang, string> = { en: 'ENG', ru: 'RU', ky: 'KG' };
export const LANGUAGE_ORDER: readonly Lang[] = ['en', 'ru', 'ky'];

/** Keeps what follows the language in step: the <html lang>, dates (dayjs) and the stored choice. */
function applyLanguage(lang: Lang) {
  document.documentElement.lang = lang;
  dayjs.locale(lang);
}

export async function changeLanguage(lang: Lang): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // The choice still applies to this page.
  }
  await i18n.changeLanguage(lang);
  applyLanguage(lang);
  // Answers carry labels in the language they were asked in (Accept-Language); ask again.
  void queryClient.invalidateQueries();
}

/** Called once at start-up for the language i18next began with. */
export function initLanguage(): void {
  applyLanguage(currentLang());
}
