import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  clearListParams,
  patchListParams,
  readListValues,
  toListParams,
  type FilterInput,
  type ListOptions,
  type ListParams,
  type ListPatch,
  type ListValues,
} from './list-params.ts';

export interface ListState<F extends string = never> extends ListValues<F> {
  /** Pass this to the list query: page and size, plus search and filters when set. */
  params: ListParams<F>;
  setPage: (page: number) => void;
  setSize: (size: number) => void;
  setSearch: (search: string) => void;
  setFilter: (name: F, value: FilterInput) => void;
  setFilters: (values: Partial<Record<F, FilterInput>>) => void;
  /** Back to page 1 with no search and no filters. */
  reset: () => void;
}

type Write = (update: (current: URLSearchParams) => URLSearchParams, replace: boolean) => void;

// Callers write options inline; keying the memo on their content keeps the setters stable.
function useStableOptions<F extends string>(options: ListOptions<F>): ListOptions<F> {
  const filterKey = (options.filters ?? []).join('\n');
  const { prefix, defaultSize } = options;
  return useMemo(
    () => ({ filters: filterKey ? (filterKey.split('\n') as F[]) : [], prefix, defaultSize }),
    [filterKey, prefix, defaultSize],
  );
}

function useListState<F extends string>(current: URLSearchParams, write: Write, options: ListOptions<F>): ListState<F> {
  const stable = useStableOptions(options);
  const serialized = current.toString();
  const values = useMemo(() => readListValues(new URLSearchParams(serialized), stable), [serialized, stable]);

  const setters = useMemo(() => {
    const apply = (patch: ListPatch<F>, replace = false) =>
      write((params) => patchListParams(params, patch, stable), replace);
    return {
      setPage: (page: number) => apply({ page }),
      setSize: (size: number) => apply({ size }),
      // Typing a search should not leave a history entry per word; the back button goes to the
      // screen before, with the last search still in place.
      setSearch: (search: string) => apply({ search }, true),
      setFilter: (name: F, value: FilterInput) =>
        apply({ filters: { [name]: value } as Partial<Record<F, FilterInput>> }),
      setFilters: (filters: Partial<Record<F, FilterInput>>) => apply({ filters }),
      reset: () => write((params) => clearListParams(params, stable), false),
    };
  }, [write, stable]);

  return useMemo(() => ({ ...values, params: toListParams(values), ...setters }), [values, setters]);
}

/**
 * List state (page, size, search, filters) kept in the URL, so reload and the back button bring
 * the same list back. Changing search, a filter or the size goes back to page 1. Lists take it
 * through their one hook, useListScreen (components/list-screen).
 */
export function useListParams<F extends string = never>(options: ListOptions<F> = {}): ListState<F> {
  const [searchParams, setSearchParams] = useSearchParams();
  // The router renders a navigation as a transition, which a slow device may not have committed
  // before the next click: a multiple select would then add its second pick to the value before
  // the first, and drop the first. The list's own controls write the URL at once instead.
  const write = useMemo<Write>(
    () => (update, replace) => setSearchParams((current) => update(current), { replace, flushSync: true }),
    [setSearchParams],
  );
  return useListState(searchParams, write, options);
}

/** The same state kept in the component, for lists inside modals (pickers) that own no URL. */
export function useLocalListParams<F extends string = never>(options: ListOptions<F> = {}): ListState<F> {
  const [params, setParams] = useState(() => new URLSearchParams());
  const write = useMemo<Write>(() => (update) => setParams((current) => update(current)), []);
  return useListState(params, write, options);
}
