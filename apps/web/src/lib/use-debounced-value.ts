import { useEffect, useLayoutEffect, useMemo, useState } from 'react';

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
 * A debouncer outside React: its timer and target live in a closure, not in refs, so the hook
 * below can create it during render and hand it out as a stable function.
 */
function createDebounced<A extends unknown[]>(delay: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;
  let target: ((...args: A) => void) | undefined;

  const run = () => {
    const args = pending;
    timer = undefined;
    pending = undefined;
    if (args && target) target(...args);
  };
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  const flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    run();
  };
  const call = (...args: A) => {
    pending = args;
    clearTimeout(timer);
    timer = setTimeout(run, delay);
  };
  const setTarget = (next: (...args: A) => void) => {
    target = next;
  };
  return { debounced: Object.assign(call, { cancel, flush }) as DebouncedFunction<A>, setTarget };
}

/**
 * A stable function that calls the latest `callback` `delay` ms after its last call. The pending
 * call is dropped on unmount, so a late callback never lands on a screen that is gone.
 */
export function useDebouncedCallback<A extends unknown[]>(
  callback: (...args: A) => void,
  delay = SEARCH_DELAY_MS,
): DebouncedFunction<A> {
  const { debounced, setTarget } = useMemo(() => createDebounced<A>(delay), [delay]);
  // Layout effect: the target is in place before any event can reach the new render.
  useLayoutEffect(() => setTarget(callback), [setTarget, callback]);
  useEffect(() => debounced.cancel, [debounced]);
  return debounced;
}
