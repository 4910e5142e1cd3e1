import type { Locale } from 'antd/es/locale';
// antd's own default: its components import it anyway, so it costs nothing to have at once.
import en_US from 'antd/es/locale/en_US';
import { useEffect, useSyncExternalStore } from 'react';
import type { Lang } from '@evcms/contracts/i18n';
import { importWithReload } from './lazy-with-reload.ts';

/*
 * Ant Design's own texts (its locale) load on demand like the translations, so the first screen
 * carries one language. The start (main.tsx) and changeLanguage wait for them, so antd never
 * speaks the old language next to the new translations; a change made straight through i18next
 * (as tests do) catches up once the locale arrives.
 */
const loaders: Record<Lang, () => Promise<{ default: Locale }>> = {
  ru: () => import('antd/es/locale/ru_RU'),
  en: () => Promise.resolve({ default: en_US }),
  ky: () => import('../locales/antd-ky.ts'),
};

const loaded = new Map<Lang, Locale>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function loadAntdLocale(lang: Lang): Promise<void> {
  if (loaded.has(lang)) return;
  // After a deployment the old chunk names are gone; a reload fetches the new ones.
  const { default: locale } = await importWithReload(loaders[lang]);
  loaded.set(lang, locale);
  for (const listener of [...listeners]) listener();
}

/** antd's locale for `lang`; undefined (antd's built-in English) until it has loaded. */
export function useAntdLocale(lang: Lang): Locale | undefined {
  const locale = useSyncExternalStore(subscribe, () => loaded.get(lang));
  useEffect(() => {
    void loadAntdLocale(lang);
  }, [lang]);
  return locale;
}
