import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Invalidations of a query key at most once per `intervalMs`: the first at once, those that come
 * within the interval gathered into one at its end, so the last change is always fetched. A busy
 * network's live changes then cost an open list a request every few seconds, not one per change.
 */
export function throttledInvalidation(queryClient: QueryClient, intervalMs: number) {
  const lastRun = new Map<string, number>();
  const waiting = new Map<string, { at: number; timer: ReturnType<typeof setTimeout> }>();
  return (queryKey: QueryKey): void => {
    const id = JSON.stringify(queryKey);
    const now = Date.now();
    const pending = waiting.get(id);
    // Gathered into the invalidation already waiting; one whose timer is late (a sleeping tab) runs now.
    if (pending && pending.at > now) return;
    if (pending) clearTimeout(pending.timer);
    const run = () => {
      waiting.delete(id);
      lastRun.set(id, Date.now());
      void queryClient.invalidateQueries({ queryKey });
    };
    const at = (lastRun.get(id) ?? -Infinity) + intervalMs;
    if (at <= now) return run();
    waiting.set(id, { at, timer: setTimeout(run, at - now) });
  };
}
