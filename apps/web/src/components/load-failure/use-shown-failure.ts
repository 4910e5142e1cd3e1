import { useState } from 'react';

/**
 * The failure a screen shows for a query: its error, and the same error while the query is asked
 * again (by Retry, or by the live updates' refetches), until an answer comes. TanStack Query puts
 * a query without data back to 'pending' on every refetch, which drew the skeleton again: with the
 * live updates refetching every few seconds, a failed card went back to its skeleton for good.
 */
export function useShownFailure(error: unknown, fetching: boolean): unknown {
  const [last, setLast] = useState<unknown>(null);
  const current = error ?? null;
  // Kept from render to render as React's derived state: no effect, no extra paint of a skeleton.
  if (current !== null && current !== last) setLast(current);
  if (current === null && !fetching && last !== null) setLast(null);
  return current ?? (fetching ? last : null);
}
