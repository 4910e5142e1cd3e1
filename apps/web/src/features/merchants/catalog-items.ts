import { localizedFields } from '@evcms/contracts/localized';
import type { MerchantEnvironmentItem, MerchantTagItem } from '@evcms/contracts/merchants';
import type { CatalogItem } from '../../components/catalog-picker/catalog-queries.ts';
import { inEveryLang } from '../../components/multilingual-stepper/form-langs.ts';

const NO_TITLES = localizedFields('title', inEveryLang(''));

/**
 * A merchant's tags and infrastructure come titled in the request's language only; the catalogue
 * widgets read a title per language and fall back to `title` when that one is empty.
 */
export function asCatalogItems(items: readonly (MerchantTagItem | MerchantEnvironmentItem)[]): CatalogItem[] {
  return items.map((item) => ({ ...item, ...NO_TITLES }));
}
