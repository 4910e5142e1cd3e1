import type { FormRule } from 'antd';
import { tagCreateRequest } from '@evcms/contracts/catalog';
import { FORM_LANGS, type FormLang } from '../../components/multilingual-stepper/form-langs.ts';
import { zodRule } from '../../lib/form-rules.ts';

/** The three titles of a tag or an infrastructure item, as the API and the form name them. */
export interface CatalogTitles {
  title_ky: string;
  title_ru: string;
  title_en: string;
}

const titleField = (lang: FormLang) => `title_${lang}` as const;

/** The server's title rule (required, trimmed, at most 50), the same for tags and infrastructure. */
export const titleRules: Record<FormLang, FormRule[]> = {
  ky: [zodRule(tagCreateRequest.shape.title_ky)],
  ru: [zodRule(tagCreateRequest.shape.title_ru)],
  en: [zodRule(tagCreateRequest.shape.title_en)],
};

export function trimmedTitles(values: CatalogTitles): CatalogTitles {
  return { title_ky: values.title_ky.trim(), title_ru: values.title_ru.trim(), title_en: values.title_en.trim() };
}

/** The titles that differ from the saved ones (after trimming, as the server stores them). */
export function changedTitles(values: CatalogTitles, saved: CatalogTitles): Partial<CatalogTitles> {
  const trimmed = trimmedTitles(values);
  const changes: Partial<CatalogTitles> = {};
  for (const lang of FORM_LANGS) {
    const name = titleField(lang);
    if (trimmed[name] !== saved[name]) changes[name] = trimmed[name];
  }
  return changes;
}
