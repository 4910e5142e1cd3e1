import { DEFAULT_PAGE_SIZE, MAX_PICKER_PAGE_SIZE } from '@evcms/contracts/common';

/** A filter value as a screen has it; empty ones (`''`, null, undefined) are left out of the URL. */
export type FilterInput = string | number | boolean | null | undefined;
export type FilterValues<F extends string> = Partial<Record<F, string>>;

/** What a list query receives: page and size always, search and filters only when set. */
export type ListParams<F extends string = never> = { page: number; size: number; search?: string } & FilterValues<F>;

export interface ListOptions<F extends string> {
  /** Names of the filters this list keeps (besides page, size and search). */
  filters?: readonly F[];
  /** Prefix of every key, for two lists on one screen (`charges.` -> `charges.page`). */
  prefix?: string;
  defaultSize?: number;
}

export interface ListValues<F extends string> {
  page: number;
  size: number;
  search: string;
  filters: FilterValues<F>;
}

function positiveInt(raw: string | null, max: number): number | undefined {
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  const value = Number(raw);
  return value >= 1 && value <= max ? value : undefined;
}

/** Reads a list's state from search params; anything malformed falls back to the default. */
export function readListValues<F extends string>(params: URLSearchParams, options: ListOptions<F> = {}): ListValues<F> {
  const prefix = options.prefix ?? '';
  const filters: FilterValues<F> = {};
  for (const name of options.filters ?? []) {
    const value = params.get(prefix + name);
    if (value) filters[name] = value;
  }
  return {
    page: positiveInt(params.get(`${prefix}page`), Number.MAX_SAFE_INTEGER) ?? 1,
    // Pickers ask for everything at once ("select all"), so any size up to their cap is kept.
    size: positiveInt(params.get(`${prefix}size`), MAX_PICKER_PAGE_SIZE) ?? options.defaultSize ?? DEFAULT_PAGE_SIZE,
    search: params.get(`${prefix}search`) ?? '',
    filters,
  };
}

export function toListParams<F extends string>(values: ListValues<F>): ListParams<F> {
  const result = { page: values.page, size: values.size, ...values.filters } as ListParams<F>;
  if (values.search) result.search = values.search;
  return result;
}

export type ListPatch<F extends string> = {
  page?: number;
  size?: number;
  search?: string;
  filters?: Partial<Record<F, FilterInput>>;
};

function setOrDelete(params: URLSearchParams, key: string, value: string | undefined) {
  if (value === undefined || value === '') params.delete(key);
  else params.set(key, value);
}

/**
 * Applies a change to a copy of `current`. A new search, filter or size starts again at page 1,
 * because the old page number means nothing in the new result. Defaults are left out, so an
 * untouched list has a clean URL; keys that are not the list's (a tab, say) are kept.
 */
export function patchListParams<F extends string>(
  current: URLSearchParams,
  patch: ListPatch<F>,
  options: ListOptions<F> = {},
): URLSearchParams {
  const prefix = options.prefix ?? '';
  const before = readListValues(current, options);
  const next = new URLSearchParams(current);
  let page = patch.page ?? before.page;

  if (patch.size !== undefined && patch.size !== before.size) {
    const isDefault = patch.size === (options.defaultSize ?? DEFAULT_PAGE_SIZE);
    setOrDelete(next, `${prefix}size`, isDefault ? undefined : String(patch.size));
    page = 1;
  }
  if (patch.search !== undefined) {
    const search = patch.search.trim();
    if (search !== before.search) {
      setOrDelete(next, `${prefix}search`, search);
      page = 1;
    }
  }
  for (const [name, raw] of Object.entries(patch.filters ?? {}) as [F, FilterInput][]) {
    const value = raw === null || raw === undefined ? '' : String(raw);
    if (value === (before.filters[name] ?? '')) continue;
    setOrDelete(next, prefix + name, value);
    page = 1;
  }
  setOrDelete(next, `${prefix}page`, page > 1 ? String(Math.floor(page)) : undefined);
  return next;
}

/** Removes the list's own keys, keeping everything else. */
export function clearListParams<F extends string>(current: URLSearchParams, options: ListOptions<F> = {}) {
  const prefix = options.prefix ?? '';
  const next = new URLSearchParams(current);
  for (const key of ['page', 'size', 'search', ...(options.filters ?? [])]) next.delete(prefix + key);
  return next;
}
