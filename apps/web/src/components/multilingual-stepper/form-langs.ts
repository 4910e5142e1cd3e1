import { localizedKey, type Localized } from '@evcms/contracts/localized';

/** The order in which multilingual forms are filled in (spec 2.12): Kyrgyz, Russian, English. */
export const FORM_LANGS = ['ky', 'ru', 'en'] as const;
export type FormLang = (typeof FORM_LANGS)[number];

/**
 * Whether a form field (a name path) belongs to `lang`: its last segment is a localized field
 * name of that language (`name_ky`), as `localizedKey` spells it.
 */
export function isFieldOfLang(name: readonly (string | number)[], lang: FormLang): boolean {
  const last = name[name.length - 1];
  return typeof last === 'string' && last.endsWith(localizedKey('', lang));
}

/** The same text in every language: the value of an empty multilingual field. */
export function inEveryLang(text: string): Localized {
  return Object.fromEntries(FORM_LANGS.map((lang) => [lang, text])) as Localized;
}
