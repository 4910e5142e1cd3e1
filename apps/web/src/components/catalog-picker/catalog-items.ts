import { localizedFields } from '@evcms/contracts/localized';
import type { MerchantEnvironmentItem, MerchantTagItem } from '@evcms/contracts/merchants';
import { inEveryLang } from '../multilingual-stepper/form-langs.ts';
import type { CatalogItem } from './catalog-queries.ts';

const NO_TITLES = localizedFields('title', inEveryLang(''));

/**
 * The tags and infrastructure of a merchant or a station come titled in the request's language
 * only; the catalogue widgets read a title per language and fall back to `title` when that one is
 * empty.
 */
export function asCatalogItems(items: readonly (MerchantTagItem | MerchantEnvironmentItem)[]): CatalogItem[] {
  return items.map((item) => ({ ...item, ...NO_TITLES }));
}
