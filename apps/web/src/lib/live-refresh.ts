import type { QueryKey } from '@tanstack/react-query';
import type { LiveChange, LiveResource } from '@evcms/contracts/live-events';
import { queryClient } from './query-client.ts';
import type { ResourceKeys } from './resource-api.ts';
import { throttledInvalidation } from './throttled-invalidation.ts';

/*
 * Which queries a live change refreshes (contracts live-events.ts: `{ resource, ids }`). Each
 * feature registers its own beside its API (`refreshOnLiveChange('stations', ...)` in
 * stations-api.ts), so the stream (app/shell/use-live-updates.ts) knows no domain. A registration
 * runs when the feature's code loads, which is before any of its queries can be in the cache.
 */

/** Busy lists (every meter reading of every station changes them) refetch at most this often, each. */
export const LIVE_REFRESH_MS = 5_000;

export interface LiveRefresh {
  /** The query keys (prefixes) a change refreshes; `ids` null: any record of the resource may have changed. */
  keys: (ids: readonly number[] | null) => readonly QueryKey[];
  /** Each key at most once per this many ms: at once when it was quiet, the changes within gathered into one at the end. */
  throttleMs?: number;
}

/** A resource's own changes: its lists and the changed records' pages, or all of it when any may have changed. */
export const listsAndDetails =
  (keys: Pick<ResourceKeys, 'all' | 'lists' | 'detail'>) =>
  (ids: readonly number[] | null): QueryKey[] =>
    ids ? [keys.lists, ...ids.map(keys.detail)] : [keys.all];

/** A registry and what applies it; the app has one (below), a test its own. */
export function createLiveRefresh(client = queryClient) {
  const registry = new Map<string, { resource: LiveResource; refresh: LiveRefresh }>();
  const throttles = new Map<number, (queryKey: QueryKey) => void>();

  const invalidate = (queryKey: QueryKey, throttleMs: number | undefined) => {
    if (!throttleMs) return void client.invalidateQueries({ queryKey });
    let throttled = throttles.get(throttleMs);
    if (!throttled) throttles.set(throttleMs, (throttled = throttledInvalidation(client, throttleMs)));
    throttled(queryKey);
  };

  const applyLiveChange = (change: LiveChange): void => {
    for (const { resource, refresh } of registry.values()) {
      if (resource !== change.resource) continue;
      for (const queryKey of refresh.keys(change.ids)) invalidate(queryKey, refresh.throttleMs);
    }
  };

  return {
    /**
     * Registers what a change of `resource` refreshes. Keyed by what it refreshes, so a module loaded
     * again (development's hot reload) replaces its registration instead of adding a second.
     */
    refreshOnLiveChange(resource: LiveResource, refresh: LiveRefresh): void {
      registry.set(`${resource} ${JSON.stringify(refresh.keys(null))}`, { resource, refresh });
    },
    /** Refetches what the registered features say `change` refreshes (only queries on screen at once; the rest when next shown). */
    applyLiveChange,
    /** After changes may have been missed (a stream reopened): every registered refresh, for any record. */
    applyEveryLiveChange(): void {
      const resources = new Set([...registry.values()].map(({ resource }) => resource));
      for (const resource of resources) applyLiveChange({ resource, ids: null });
    },
  };
}

export const { refreshOnLiveChange, applyLiveChange, applyEveryLiveChange } = createLiveRefresh();
