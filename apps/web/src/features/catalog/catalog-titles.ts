import type { FormRule } from 'antd';
import { tagCreateRequest } from '@evcms/contracts/catalog';
import {
  localizedFields,
  localizedFrom,
  localizedKey,
  type Localized,
  type LocalizedKey,
} from '@evcms/contracts/localized';
import { FORM_LANGS, type FormLang } from '../../components/multilingual-stepper/form-langs.ts';
import { zodRule } from '../../lib/form-rules.ts';

/** The three titles of a tag or an infrastructure item, as the API and the form name them. */
export type CatalogTitles = Record<LocalizedKey<'title'>, string>;

/** The server's title rule (required, trimmed, at most 50), the same for tags and infrastructure. */
export const titleRules = Object.fromEntries(
  FORM_LANGS.map((lang) => [lang, [zodRule(tagCreateRequest.shape[localizedKey('title', lang)])]]),
) as Record<FormLang, FormRule[]>;

/** The titles of a stored item: what its edit form starts from. */
export function titlesOf(item: CatalogTitles): CatalogTitles {
  return localizedFields('title', localizedFrom('title', item));
}

function trimmed(values: CatalogTitles): Localized {
  const titles = localizedFrom('title', values);
  return Object.fromEntries(FORM_LANGS.map((lang) => [lang, titles[lang].trim()])) as Localized;
}

export function trimmedTitles(values: CatalogTitles): CatalogTitles {
  return localizedFields('title', trimmed(values));
}

/** The titles that differ from the saved ones (after trimming, as the server stores them). */
export function changedTitles(values: CatalogTitles, saved: CatalogTitles): Partial<CatalogTitles> {
  const after = trimmed(values);
  const before = localizedFrom('title', saved);
  const changes: Partial<CatalogTitles> = {};
  for (const lang of FORM_LANGS) if (after[lang] !== before[lang]) changes[localizedKey('title', lang)] = after[lang];
  return changes;
}
