import i18next, { type Resource, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, isLang, LANGUAGES, type Lang } from '@evcms/contracts/i18n';
import { messages } from '@evcms/contracts/messages';

/**
 * Translations live in locales/<lang>/<namespace>.json (one namespace per area: common, shell,
 * accounts, components, ...), plus the `errors` namespace: the message catalogue of
 * @evcms/contracts that the server uses too. RU is the default and the fallback. Placeholders are
 * written `{name}` everywhere, as in the contracts catalogue.
 */
const files = import.meta.glob<{ default: ResourceKey }>('../locales/*/*.json', { eager: true });

export const LANGUAGE_STORAGE_KEY = 'language';

function resources(): Resource {
  const result: Resource = {};
  for (const lang of LANGUAGES) result[lang] = { errors: messages[lang] };
  for (const [file, module] of Object.entries(files)) {
    const match = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file);
    if (match && isLang(match[1])) result[match[1]]![match[2]!] = module.default;
  }
  return result;
}

export function storedLanguage(): Lang {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLang(value) ? value : DEFAULT_LANG;
  } catch {
    return DEFAULT_LANG;
  }
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: resources(),
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANG,
  supportedLngs: [...LANGUAGES],
  defaultNS: 'common',
  ns: ['common', 'errors'],
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  initAsync: false,
});

export function currentLang(): Lang {
  return isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
}
