import type { AnalyticsFigures, AnalyticsGraph, TimelineItem, TimelinePage } from '@evcms/contracts/analytics';
import { jsonResponse } from '../../lib/test-fetch.ts';

/* Answers of the analytics API for the dashboard's tests. */

const period = {
  from: '2025-03-09T18:00:00.000Z',
  to: '2025-03-10T18:00:00.000Z',
  previous_from: '2025-03-08T18:00:00.000Z',
  previous_to: '2025-03-09T18:00:00.000Z',
};

export const figures = (overrides: Partial<AnalyticsFigures> = {}): AnalyticsFigures => ({
  period,
  turnover: { value: 12_345.5, previous: 10_973.78, change: 12.5 },
  energy: { value: 1_234.567, previous: 1_300, change: -5.03 },
  charges: { value: 210, previous: 0, change: null },
  new_users: { value: 14, previous: 14, change: 0 },
  promotion_users: { value: 3, previous: 2, change: 50 },
  merchants: { total: { value: 12, previous: 11, change: 9.09 }, active: 10 },
  stations: { total: { value: 40, previous: 40, change: 0 }, active: 37, online: 31 },
  ...overrides,
});

export const graph = (): AnalyticsGraph => ({
  period,
  by_weekday: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, charges: weekday * 10, turnover: weekday * 1000.5 })),
  by_hour: Array.from({ length: 24 }, (_, hour) => ({ hour, charges: hour, turnover: hour * 100 })),
  by_day: [
    { date: '2025-03-09', charges: 5, turnover: 500 },
    { date: '2025-03-10', charges: 7, turnover: 725.25 },
  ],
});

export const newsItem = (id: number, overrides: Partial<TimelineItem> = {}): TimelineItem => ({
  id,
  kind: 'merchant_created',
  subject_id: id * 10,
  title: `Merchant ${id}`,
  created_at: '2025-03-10T06:00:00.000Z',
  merchant_id: null,
  banner_type: null,
  ...overrides,
});

export const timelinePage = (items: TimelineItem[], next: number | null = null) =>
  jsonResponse(200, { items, next } satisfies TimelinePage);

/** The dashboard's three calls, answered with the data above unless told otherwise. */
export const dashboardAnswers = () => ({
  'GET /analytics/': () => jsonResponse(200, figures()),
  'GET /analytics/graph/': () => jsonResponse(200, graph()),
  'GET /analytics/timeline/': () => timelinePage([newsItem(1)]),
});
