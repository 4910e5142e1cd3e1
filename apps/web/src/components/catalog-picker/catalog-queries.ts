import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CatalogListQuery, Surrounding, Tag } from '@evcms/contracts/catalog';
import { MAX_PICKER_PAGE_SIZE, type Paged } from '@evcms/contracts/common';
import { http } from '../../lib/http.ts';

/*
 * The tag and infrastructure lists, shared by their own screens (features/catalog) and by the
 * pickers of the merchant and station forms. Mutations invalidate `catalogQueryKeys.tags` or
 * `.surroundings`, so every list and picker of that kind refetches.
 */
export type CatalogKind = 'tags' | 'surroundings';
export type CatalogItem = Tag | Surrounding;

export const catalogQueryKeys = {
  tags: ['catalog', 'tags'] as const,
  surroundings: ['catalog', 'surroundings'] as const,
};

/**
 * The list query as the web sends it: `page` and `size` as numbers (the contract's input type is
 * the query-string text), `active` as the API's `true`/`false` filter; leave it out for every item.
 */
export type CatalogListParams = Omit<CatalogListQuery, 'active' | 'page' | 'size'> & {
  page?: number | string | undefined;
  size?: number | string | undefined;
  active?: string | boolean | undefined;
};

export function listTags(params: CatalogListParams, signal?: AbortSignal): Promise<Paged<Tag>> {
  return http.get<Paged<Tag>>('/common/tags/', { query: params, signal });
}

export function listSurroundings(params: CatalogListParams, signal?: AbortSignal): Promise<Paged<Surrounding>> {
  return http.get<Paged<Surrounding>>('/common/surroundings/', { query: params, signal });
}

export function listTagsQueryOptions(params: CatalogListParams) {
  return queryOptions({
    queryKey: [...catalogQueryKeys.tags, 'list', params],
    queryFn: ({ signal }) => listTags(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function listSurroundingsQueryOptions(params: CatalogListParams) {
  return queryOptions({
    queryKey: [...catalogQueryKeys.surroundings, 'list', params],
    queryFn: ({ signal }) => listSurroundings(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** The list query of either kind, for widgets that serve both. */
export function listCatalogQueryOptions(kind: CatalogKind, params: CatalogListParams) {
  return kind === 'tags' ? listTagsQueryOptions(params) : listSurroundingsQueryOptions(params);
}

/**
 * The same list typed as either kind, for the pickers (one component serves both). Its key is the
 * kind's own list key, so it shares the cache with the kind's screens and their invalidations.
 */
export function catalogItemsQueryOptions(kind: CatalogKind, params: CatalogListParams) {
  return queryOptions({
    queryKey: [...catalogQueryKeys[kind], 'list', params],
    queryFn: ({ signal }): Promise<Paged<CatalogItem>> =>
      kind === 'tags' ? listTags(params, signal) : listSurroundings(params, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * Every item of a kind, active or not, in one page of the pickers' largest size: what a form
 * asks for when it holds ids whose titles it has not seen (an edit form, an item made inactive).
 */
export function allCatalogItemsQueryOptions(kind: CatalogKind) {
  return catalogItemsQueryOptions(kind, { page: 1, size: MAX_PICKER_PAGE_SIZE });
}
