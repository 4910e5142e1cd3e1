import { useEffect, useMemo, useRef, useState } from 'react';

/** Search and filter inputs act this long after the user stops typing (spec 9). */
export const SEARCH_DELAY_MS = 500;

/** `value`, but only once it has stayed the same for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay = SEARCH_DELAY_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

export type DebouncedFunction<A extends unknown[]> = ((...args: A) => void) & {
  /** Drops the pending call. */
  cancel: () => void;
  /** Runs the pending call now, if there is one. */
  flush: () => void;
};

/**
 * A stable function that calls the latest `callback` `delay` ms after its last call. The pending
 * call is dropped on unmount, so a late callback never lands on a screen that is gone.
 */
export function useDebouncedCallback<A extends unknown[]>(
  callback: (...args: A) => void,
  delay = SEARCH_DELAY_MS,
): DebouncedFunction<A> {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  }, [callback]);

  const debounced = useMemo(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending: A | undefined;
    const run = () => {
      const args = pending;
      timer = undefined;
      pending = undefined;
      if (args) latest.current(...args);
    };
    const fn = (...args: A) => {
      pending = args;
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(run, delay);
    };
    const cancel = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      pending = undefined;
    };
    const flush = () => {
      if (timer === undefined) return;
      clearTimeout(timer);
      run();
    };
    return Object.assign(fn, { cancel, flush });
  }, [delay]);

  useEffect(() => debounced.cancel, [debounced]);
  return debounced;
}
