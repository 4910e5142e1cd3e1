import { text, type PgColumn } from 'drizzle-orm/pg-core';
import { LANGUAGES, type Lang } from '@evcms/contracts/i18n';
import { localizedKey, type Localized } from '@evcms/contracts/localized';

/*
 * A localized field is three text columns (`name_ru`, `name_en`, `name_ky`; `nameRu`... in code)
 * read and written as one `Localized` value. These helpers are the only place on the server that
 * spells the suffixes.
 */

const SUFFIX = { ru: 'Ru', en: 'En', ky: 'Ky' } as const satisfies Record<Lang, string>;
export type LocalizedColumnKey<B extends string> = `${B}${(typeof SUFFIX)[Lang]}`;

const columnKey = <B extends string>(base: B, lang: Lang) => `${base}${SUFFIX[lang]}` as LocalizedColumnKey<B>;
const requiredTextColumn = (name: string) => text(name).notNull();

/** The three columns of `base`: `...localizedColumns('name')` in a table declares name_ru, name_en, name_ky. */
export function localizedColumns<B extends string>(
  base: B,
): Record<LocalizedColumnKey<B>, ReturnType<typeof requiredTextColumn>> {
  return Object.fromEntries(
    LANGUAGES.map((lang) => [columnKey(base, lang), requiredTextColumn(localizedKey(base, lang))]),
  ) as Record<LocalizedColumnKey<B>, ReturnType<typeof requiredTextColumn>>;
}

/** The three columns of `base` selected as one value: `{ name: localizedSelection(merchants, 'name') }`. */
export function localizedSelection<B extends string, T extends Record<LocalizedColumnKey<B>, PgColumn>>(
  table: T,
  base: B,
): Record<Lang, T[LocalizedColumnKey<B>]> {
  return Object.fromEntries(LANGUAGES.map((lang) => [lang, table[columnKey(base, lang)]])) as unknown as Record<
    Lang,
    T[LocalizedColumnKey<B>]
  >;
}

/** The column values of a value; a partial value (a change) gives only the languages it has. */
export function localizedValues<B extends string>(base: B, value: Localized): Record<LocalizedColumnKey<B>, string>;
export function localizedValues<B extends string>(
  base: B,
  value: Partial<Localized>,
): Partial<Record<LocalizedColumnKey<B>, string>>;
export function localizedValues<B extends string>(
  base: B,
  value: Partial<Localized>,
): Partial<Record<LocalizedColumnKey<B>, string>> {
  const values: Partial<Record<LocalizedColumnKey<B>, string>> = {};
  for (const lang of LANGUAGES) if (value[lang] !== undefined) values[columnKey(base, lang)] = value[lang];
  return values;
}
