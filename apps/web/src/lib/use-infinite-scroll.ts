import { useEffect, useRef, type RefObject } from 'react';
import { useDebouncedCallback } from './use-debounced-value.ts';

/** Infinite lists load more within this distance of the bottom, checked this long after scrolling stops (spec 9). */
export const INFINITE_SCROLL_THRESHOLD_PX = 10;
export const INFINITE_SCROLL_DELAY_MS = 100;

export interface InfiniteScrollOptions {
  loadMore: () => unknown;
  /** False once the last page is in (useInfiniteQuery's hasNextPage). */
  hasMore: boolean;
  /** True while a page is on its way, so one scroll does not ask twice. */
  loading: boolean;
  threshold?: number;
  delay?: number;
}

function nearBottom(element: HTMLElement, threshold: number) {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= threshold;
}

/**
 * Calls `loadMore` when the user has scrolled `ref`'s element to within 10 px of its bottom.
 * Usage with react-query: `useInfiniteScroll(ref, { loadMore: fetchNextPage, hasMore: hasNextPage, loading: isFetching })`.
 */
export function useInfiniteScroll(ref: RefObject<HTMLElement | null>, options: InfiniteScrollOptions): void {
  const { hasMore, loading, delay = INFINITE_SCROLL_DELAY_MS } = options;
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const check = useDebouncedCallback(() => {
    const element = ref.current;
    const { loadMore, hasMore: more, loading: busy, threshold = INFINITE_SCROLL_THRESHOLD_PX } = latest.current;
    if (element && more && !busy && nearBottom(element, threshold)) loadMore();
  }, delay);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onScroll = () => check();
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [ref, check]);

  // A page that does not fill the container leaves no scrollbar and so no scroll event: look again
  // whenever a load finishes.
  useEffect(() => {
    if (hasMore && !loading) check();
  }, [hasMore, loading, check]);
}
