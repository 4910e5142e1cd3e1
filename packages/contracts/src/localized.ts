import { LANGUAGES, type Lang } from './i18n.ts';
import { requiredText, z } from './schema.ts';

/*
 * A multilingual field is one value of three texts. The API and the forms spell it as three
 * fields (`name` -> `name_ru`, `name_en`, `name_ky`) plus, in answers, `name` in the request's
 * language; the server works with one `Localized` value. These helpers are the only place that
 * spells the suffixes, so a new domain declares a localized field in one line on every layer.
 */

/** A text in each language of the interface. */
export type Localized = Record<Lang, string>;

/** `name` in `lang` as the API names it: `name_ru`. */
export type LocalizedKey<B extends string, L extends Lang = Lang> = `${B}_${L}`;

export function localizedKey<B extends string, L extends Lang>(base: B, lang: L): LocalizedKey<B, L> {
  return `${base}_${lang}`;
}

/** The three field names of `base`, in the order of LANGUAGES. */
export function localizedKeys<B extends string>(base: B): LocalizedKey<B>[] {
  return LANGUAGES.map((lang) => localizedKey(base, lang));
}

function eachLanguage<B extends string, S>(base: B, schema: S): Record<LocalizedKey<B>, S> {
  return Object.fromEntries(LANGUAGES.map((lang) => [localizedKey(base, lang), schema])) as Record<LocalizedKey<B>, S>;
}

/** Request fields: `name_ru`, `name_en`, `name_ky`, each required, trimmed, at most `max` characters. */
export function localizedText<B extends string>(base: B, max: number) {
  return eachLanguage(base, requiredText(max));
}

/** Answer fields: the three texts and `name` in the request's language. */
export function localizedOutput<B extends string>(base: B) {
  return { ...eachLanguage(base, z.string()), ...({ [base]: z.string() } as Record<B, z.ZodMiniString>) };
}

/** The one value of a request's (or a form's) three fields. */
export function localizedFrom<B extends string>(base: B, fields: Record<LocalizedKey<B>, string>): Localized {
  return Object.fromEntries(LANGUAGES.map((lang) => [lang, fields[localizedKey(base, lang)]])) as Localized;
}

/** The languages a partial request sends; an absent field stays as it is. */
export function localizedChanges<B extends string>(
  base: B,
  fields: Partial<Record<LocalizedKey<B>, string | undefined>>,
): Partial<Localized> {
  const changes: Partial<Localized> = {};
  for (const lang of LANGUAGES) {
    const value = fields[localizedKey(base, lang)];
    if (value !== undefined) changes[lang] = value;
  }
  return changes;
}

/** The three fields of a value, as the API and the forms name them. */
export function localizedFields<B extends string>(base: B, value: Localized): Record<LocalizedKey<B>, string> {
  return Object.fromEntries(LANGUAGES.map((lang) => [localizedKey(base, lang), value[lang]])) as Record<
    LocalizedKey<B>,
    string
  >;
}

/** An answer's fields of a value: the three texts and `name` in `lang`. */
export function presentLocalized<B extends string>(
  base: B,
  value: Localized,
  lang: Lang,
): Record<B | LocalizedKey<B>, string> {
  return { ...localizedFields(base, value), [base]: value[lang] } as Record<B | LocalizedKey<B>, string>;
}
