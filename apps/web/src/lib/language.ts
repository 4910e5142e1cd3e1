import type { Lang } from '@evcms/contracts/i18n';
import { loadAntdLocale } from './antd-locale.ts';
import { i18n, LANGUAGE_STORAGE_KEY, storedLanguage } from './i18n.ts';

/** Labels of the language switch, as the specification writes them. */
export const LANGUAGE_LABELS: Record<Lang, string> = { en: 'ENG', ru: 'RU', ky: 'KG' };
export const LANGUAGE_ORDER: readonly Lang[] = ['en', 'ru', 'ky'];

/** The page's own language, which screen readers and the browser's hyphenation go by. */
function applyLanguage(lang: Lang) {
  document.documentElement.lang = lang;
}

type Follower = (lang: Lang) => void;
const followers = new Set<Follower>();

/**
 * Runs `follower` after every change made with changeLanguage; returns the undo. What follows the
 * language but loads later than this module (the shell's query cache and dates) registers here
 * instead of being imported by it.
 */
export function followLanguage(follower: Follower): () => void {
  followers.add(follower);
  return () => followers.delete(follower);
}

/** Switches the interface: the stored choice, the translations and antd's texts, the <html lang>, the followers. */
export async function changeLanguage(lang: Lang): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // The choice still applies to this page.
  }
  // Ours and antd's texts load side by side first, so the interface then switches in one step.
  await Promise.all([i18n.loadLanguages(lang), loadAntdLocale(lang)]);
  await i18n.changeLanguage(lang);
  applyLanguage(lang);
  for (const follower of [...followers]) follower(lang);
}

/**
 * Called once at start-up, before i18next has finished starting (its `language` is unset until
 * then): the stored choice is the language it starts with.
 */
export function initLanguage(): void {
  applyLanguage(storedLanguage());
}
