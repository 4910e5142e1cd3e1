import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AnalyticsFigures, AnalyticsGraph, TimelinePage } from '@evcms/contracts/analytics';
import { http } from '../../lib/http.ts';
import { LIVE_REFRESH_MS, refreshOnLiveChange } from '../../lib/live-refresh.ts';
import type { PeriodQuery } from '../../components/period-picker/dashboard-period.ts';

/* The dashboard's three calls (spec 2.6): a period's figures and its charts' series, and the news timeline. */

export const TIMELINE_PAGE_SIZE = 20;

const keys = {
  all: ['analytics'] as const,
  figures: (period: PeriodQuery) => ['analytics', 'figures', period] as const,
  graph: (period: PeriodQuery) => ['analytics', 'graph', period] as const,
  timeline: ['analytics', 'timeline'] as const,
};

export const analyticsApi = {
  keys,
  figuresQueryOptions: (period: PeriodQuery) =>
    queryOptions({
      queryKey: keys.figures(period),
      queryFn: ({ signal }) => http.get<AnalyticsFigures>('/analytics/', { query: { ...period }, signal }),
      // The cards keep the last period's figures while the next one loads, rather than a skeleton per click.
      placeholderData: keepPreviousData,
    }),
  graphQueryOptions: (period: PeriodQuery) =>
    queryOptions({
      queryKey: keys.graph(period),
      queryFn: ({ signal }) => http.get<AnalyticsGraph>('/analytics/graph/', { query: { ...period }, signal }),
      placeholderData: keepPreviousData,
    }),
  timelineQueryOptions: () =>
    infiniteQueryOptions({
      queryKey: keys.timeline,
      queryFn: ({ pageParam, signal }) =>
        http.get<TimelinePage>('/analytics/timeline/', {
          query: { before: pageParam ?? undefined, size: TIMELINE_PAGE_SIZE },
          signal,
        }),
      initialPageParam: null as number | null,
      getNextPageParam: (last) => last.next,
    }),
};

// A completed charge changes the figures and the charts; the timeline tells of records made, not charges.
refreshOnLiveChange('charges', {
  keys: () => [
    ['analytics', 'figures'],
    ['analytics', 'graph'],
  ],
  throttleMs: LIVE_REFRESH_MS,
});
