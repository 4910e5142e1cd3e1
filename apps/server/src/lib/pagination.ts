import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MAX_PICKER_PAGE_SIZE, type Paged } from '@evcms/contracts/common';

export interface PageRequest {
  page: number;
  size: number;
}

/** Lists that feed a picker (tags, infrastructure) may be asked for up to 1000 rows; the rest up to 100. */
export const LIST_SIZE_CAP = MAX_PAGE_SIZE;
export const PICKER_SIZE_CAP = MAX_PICKER_PAGE_SIZE;

/**
 * The page asked for, with defaults: page 1, size 10. A size above the cap is lowered to it (the
 * answer's `size` says so) rather than refused, as the picker's select-all asks for "all".
 */
export function pageRequest(
  query: { page?: number | undefined; size?: number | undefined },
  cap: number = LIST_SIZE_CAP,
): PageRequest {
  return { page: query.page ?? 1, size: Math.min(query.size ?? DEFAULT_PAGE_SIZE, cap) };
}

export function pageWindow({ page, size }: PageRequest): { limit: number; offset: number } {
  return { limit: size, offset: (page - 1) * size };
}

/** `pages` is at least 1, so an empty list still has its one (empty) page; a page past the end is empty. */
export function pagedResult<T>(items: T[], total: number, { page, size }: PageRequest): Paged<T> {
  return { items, page, pages: Math.max(1, Math.ceil(total / size)), size, total };
}

/** A page of records as the API answers it: each record through its presenter, in the request's language. */
export function presentPage<R, T, L>(page: Paged<R>, present: (record: R, lang: L) => T, lang: L): Paged<T> {
  return { ...page, items: page.items.map((record) => present(record, lang)) };
}
