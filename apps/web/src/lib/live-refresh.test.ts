import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLiveRefresh, listsAndDetails } from './live-refresh.ts';
import { queryClient } from './query-client.ts';
import { resourceKeys } from './resource-api.ts';

/* The registry of what a live change refreshes: each feature's registration, by resource. Each test has its own. */

afterEach(() => vi.restoreAllMocks());

const invalidated = () => {
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  return () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);
};

describe('live refresh', () => {
  it('refreshes what each registration of the resource names, once however often its module loads', () => {
    const { refreshOnLiveChange, applyLiveChange } = createLiveRefresh();
    const keys = resourceKeys(['widgets']);
    refreshOnLiveChange('stations', { keys: listsAndDetails(keys) });
    // Loaded again (hot reload): replaces the first.
    refreshOnLiveChange('stations', { keys: listsAndDetails(keys) });
    refreshOnLiveChange('charges', { keys: () => [['gadgets']] });
    const seen = invalidated();

    applyLiveChange({ resource: 'stations', ids: [3, 4] });
    expect(seen()).toEqual([
      ['widgets', 'list'],
      ['widgets', 'detail', 3],
      ['widgets', 'detail', 4],
    ]);
    applyLiveChange({ resource: 'stations', ids: null });
    expect(seen().slice(3)).toEqual([['widgets']]);
  });

  it('refreshes every registered resource, any record, after changes may have been missed', () => {
    const { refreshOnLiveChange, applyEveryLiveChange } = createLiveRefresh();
    refreshOnLiveChange('stations', { keys: listsAndDetails(resourceKeys(['widgets'])) });
    refreshOnLiveChange('charges', { keys: () => [['gadgets']] });
    const seen = invalidated();
    applyEveryLiveChange();
    expect(seen()).toEqual([['widgets'], ['gadgets']]);
  });
});
