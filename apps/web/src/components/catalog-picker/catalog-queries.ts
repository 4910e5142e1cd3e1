import type { CatalogListQuery, InfrastructureItem, Tag } from '@evcms/contracts/catalog';
import { MAX_PICKER_PAGE_SIZE } from '@evcms/contracts/common';
import { resourceListQueryOptions, type ResourceConfig } from '../../lib/resource-api.ts';

/*
 * The tag and infrastructure resources, shared by their own screens (features/catalog builds its
 * calls on these) and by the pickers of the merchant and station forms: one list key per kind, so
 * a change made on a screen refetches every list and picker of that kind.
 */
export type CatalogKind = 'tags' | 'infrastructure';
export type CatalogItem = Tag | InfrastructureItem;

export const catalogResources = {
  tags: { path: '/common/tags/', key: ['catalog', 'tags'] },
  // The API calls infrastructure "surroundings" in its paths.
  infrastructure: { path: '/common/surroundings/', key: ['catalog', 'infrastructure'] },
} as const satisfies Record<CatalogKind, ResourceConfig>;

/**
 * The list query as the web sends it: `page` and `size` as numbers (the contract's input type is
 * the query-string text), `active` as the API's `true`/`false` filter; leave it out for every item.
 */
export type CatalogListParams = Omit<CatalogListQuery, 'active' | 'page' | 'size'> & {
  page?: number | string | undefined;
  size?: number | string | undefined;
  active?: string | boolean | undefined;
};

/** The list of either kind typed as either, for the pickers (one component serves both). */
export function catalogItemsQueryOptions(kind: CatalogKind, params: CatalogListParams) {
  return resourceListQueryOptions<CatalogItem, CatalogListParams>(catalogResources[kind], params);
}

/**
 * Every item of a kind, active or not, in one page of the pickers' largest size: what a form
 * asks for when it holds ids whose titles it has not seen (an edit form, an item made inactive).
 */
export function allCatalogItemsQueryOptions(kind: CatalogKind) {
  return catalogItemsQueryOptions(kind, { page: 1, size: MAX_PICKER_PAGE_SIZE });
}
