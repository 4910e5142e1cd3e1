import { useEffect, useRef, type RefObject } from 'react';

/**
 * The value of the latest render, for what is made once (a map, a listener) and must still call
 * today's props: it reads `.current` when it runs, not the value it was made with.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });
  return latest;
}
