import { useCallback, useMemo, useRef, useState } from 'react';
import { SEARCH_DELAY_MS, useDebouncedCallback } from '../../lib/use-debounced-value.ts';
import type { FilterInput, FilterValues } from './list-params.ts';
import type { ListState } from './use-list-params.ts';

/** A list's filters as its controls show them, acting on the list a moment after the last change. */
export interface DelayedFilters<F extends string> {
  /** The filters in force with the changes still waiting: what the controls show. */
  shown: FilterValues<F>;
  /** A change waits: the list on screen is not yet what the controls show, so it is not refetched. */
  pending: boolean;
  setFilter: (name: F, value: FilterInput) => void;
  setFilters: (values: Partial<Record<F, FilterInput>>) => void;
  /** Applies the waiting changes now: a deliberate act (a filter tag's close), not an input's change. */
  flush: () => void;
  /** Drops the waiting changes and clears every filter at once. */
  reset: () => void;
}

const asText = (value: FilterInput) => (value === null || value === undefined ? '' : String(value));

/**
 * Filters that act `delay` ms after the last change (spec 2.5), all changes of that moment in one
 * step: a second pick in a multiple select adds to the first, which the control already shows,
 * and the list is asked for once. Until then the list's query should wait (`pending`), so that a
 * live refresh never asks again for rows the controls no longer show.
 */
export function useDelayedFilters<F extends string>(list: ListState<F>, delay = SEARCH_DELAY_MS): DelayedFilters<F> {
  const [waiting, setWaiting] = useState<Partial<Record<F, FilterInput>>>({});
  // The changes gathered since the last step, read by the timer, which may fire between renders.
  const gathered = useRef(waiting);
  const { setFilters: write, reset: clear } = list;

  const apply = useDebouncedCallback(() => {
    const changes = gathered.current;
    gathered.current = {};
    // The address is written at once (use-list-params.ts), then the controls stop overlaying it.
    write(changes);
    setWaiting({});
  }, delay);

  const setFilters = useCallback(
    (values: Partial<Record<F, FilterInput>>) => {
      gathered.current = { ...gathered.current, ...values };
      setWaiting(gathered.current);
      apply();
    },
    [apply],
  );
  const setFilter = useCallback(
    (name: F, value: FilterInput) => setFilters({ [name]: value } as Partial<Record<F, FilterInput>>),
    [setFilters],
  );
  const reset = useCallback(() => {
    apply.cancel();
    gathered.current = {};
    setWaiting({});
    clear();
  }, [apply, clear]);

  const inForce = list.filters;
  return useMemo(() => {
    const shown: FilterValues<F> = { ...inForce };
    let pending = false;
    for (const [name, value] of Object.entries(waiting) as [F, FilterInput][]) {
      const text = asText(value);
      if (text === (inForce[name] ?? '')) continue;
      pending = true;
      if (text) shown[name] = text;
      else delete shown[name];
    }
    return { shown, pending, setFilter, setFilters, flush: apply.flush, reset };
  }, [inForce, waiting, setFilter, setFilters, apply, reset]);
}
