import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { DEFAULT_LANG, isLang, LANGUAGES, type Lang } from '@evcms/contracts/i18n';
import { registerMessages, type Catalogue } from '@evcms/contracts/messages';
import { importWithReload } from './lazy-with-reload.ts';

/**
 * Translations live in locales/<lang>/<namespace>.json (one namespace per area: common, shell,
 * accounts, components, ...), plus the `errors` namespace: the message catalogue of
 * @evcms/contracts that the server uses too, registered with it as it loads so that the form rules
 * and the HTTP client (formatMessage) speak the current language. RU is the default and the
 * fallback. Placeholders are written `{name}` everywhere, as in the contracts catalogue.
 *
 * The JSON files load on demand, one language at a time, so the first screen carries only what it
 * shows: `common` before the first render (`i18nReady`), a screen's own namespaces with its code
 * (`withNamespaces`, used by the app's lazy screens), another language when it is chosen
 * (`i18n.changeLanguage` resolves once every namespace loaded so far is there in it).
 */
const files = import.meta.glob<ResourceKey>('../locales/*/*.json', { import: 'default' });
const FILE_PATTERN = /locales\/\w+\/([\w-]+)\.json$/;

// One language's messages at a time: the sign-in screen would otherwise carry all three.
const catalogues: Record<Lang, () => Promise<Catalogue>> = {
  ru: () => import('@evcms/contracts/messages-ru').then((m) => m.ru),
  en: () => import('@evcms/contracts/messages-en').then((m) => m.en),
  ky: () => import('@evcms/contracts/messages-ky').then((m) => m.ky),
};

async function loadCatalogue(lang: Lang): Promise<Catalogue> {
  const catalogue = await catalogues[lang]();
  registerMessages(lang, catalogue);
  return catalogue;
}

/** Every namespace of the locale files. */
export const NAMESPACES: readonly string[] = [
  ...new Set(Object.keys(files).flatMap((file) => FILE_PATTERN.exec(file)?.[1] ?? [])),
];

const localeFiles: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read(lang, namespace, done) {
    const load =
      namespace === 'errors' && isLang(lang)
        ? () => loadCatalogue(lang)
        : files[`../locales/${lang}/${namespace}.json`];
    if (!load) return done(new Error(`no translations for ${lang}/${namespace}`), false);
    // After a deployment the old chunk names are gone; a reload fetches the new ones.
    importWithReload(load).then(
      (data) => done(null, data),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const LANGUAGE_STORAGE_KEY = 'language';

export function storedLanguage(): Lang {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLang(value) ? value : DEFAULT_LANG;
  } catch {
    return DEFAULT_LANG;
  }
}

export const i18n = i18next.createInstance();

/** Resolves when the starting language is loaded; render after it, or the first frame shows keys. */
export const i18nReady: Promise<unknown> = i18n
  .use(localeFiles)
  .use(initReactI18next)
  .init({
    lng: storedLanguage(),
    fallbackLng: DEFAULT_LANG,
    supportedLngs: [...LANGUAGES],
    defaultNS: 'common',
    ns: ['common', 'errors'],
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  });

/** A lazy screen's loader that also loads its namespaces, side by side with its code. */
export function withNamespaces<T>(namespaces: readonly string[], load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), i18n.loadNamespaces([...namespaces])]))[0];
}

export function currentLang(): Lang {
  return isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
}

/** The interface language for a component: it re-renders when the language changes anywhere. */
export function useLang(): Lang {
  const { i18n: instance } = useTranslation();
  return isLang(instance.language) ? instance.language : DEFAULT_LANG;
}
