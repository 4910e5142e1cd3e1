import { dateParam } from './dates.ts';
import { intParam } from './query.ts';
import { z } from './schema.ts';

/*
 * The dashboard (spec 2.6, 7: GET /analytics/, /analytics/graph/, /analytics/timeline/). Figures
 * are for a period of Bishkek time and compared with the same stretch of the period before
 * (docs/decisions.md 'Dashboard periods'). A charge counts in the hour it completed, when it
 * completed successfully (finished or stopped, energy delivered), like the partners report.
 * Money in som, energy in kWh.
 */

export const ANALYTICS_PERIODS = ['day', 'week', 'month', 'year'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/** A custom range's longest stretch, in days: two years, what the dashboard's by-day chart can still draw. */
export const ANALYTICS_RANGE_DAYS_MAX = 731;

/**
 * `period` (today, this week from Monday, this month, this year, each up to now), or a custom range
 * of Bishkek days, both ends included (`period__from` and `period__to`, which win over `period`).
 */
export const analyticsQuery = z.object({
  period: z._default(z.enum(ANALYTICS_PERIODS, { error: 'invalid_choice' }), 'day'),
  period__from: dateParam,
  period__to: dateParam,
});
export type AnalyticsQuery = z.input<typeof analyticsQuery>;
export type AnalyticsFilters = z.output<typeof analyticsQuery>;

/** A figure now and in the period before; `change` in percent, null when the period before had none. */
export const comparedFigure = z.object({
  value: z.number(),
  previous: z.number(),
  change: z.nullable(z.number()),
});
export type ComparedFigure = z.infer<typeof comparedFigure>;

const instant = z.string();

export const analyticsPeriodBounds = z.object({
  /** The period: from (included) to (excluded), as instants. */
  from: instant,
  to: instant,
  previous_from: instant,
  previous_to: instant,
});

/** GET /analytics/: the period's figures. */
export const analyticsFigures = z.object({
  period: analyticsPeriodBounds,
  /** Som the drivers paid (after discounts). */
  turnover: comparedFigure,
  /** kWh delivered. */
  energy: comparedFigure,
  /** Charges completed successfully (transactions). */
  charges: comparedFigure,
  /** Users who registered. */
  new_users: comparedFigure,
  /** Users with at least one discounted charge. */
  promotion_users: comparedFigure,
  /** Merchants made by the period's end (compared), and active now. */
  merchants: z.object({ total: comparedFigure, active: z.number() }),
  /** Stations made by the period's end (compared), active now, and connected now. */
  stations: z.object({ total: comparedFigure, active: z.number(), online: z.number() }),
});
export type AnalyticsFigures = z.infer<typeof analyticsFigures>;

const seriesPoint = { charges: z.number(), turnover: z.number() };

/** GET /analytics/graph/: the period's charges and turnover by weekday, by hour of day (Bishkek), and by day. */
export const analyticsGraph = z.object({
  period: analyticsPeriodBounds,
  /** Monday (1) to Sunday (7), all seven. */
  by_weekday: z.array(z.object({ weekday: z.number(), ...seriesPoint })),
  /** 0 to 23, all twenty-four. */
  by_hour: z.array(z.object({ hour: z.number(), ...seriesPoint })),
  /** Every day of the period (YYYY-MM-DD), oldest first. */
  by_day: z.array(z.object({ date: z.string(), ...seriesPoint })),
});
export type AnalyticsGraph = z.infer<typeof analyticsGraph>;

// ---- The news timeline

export const NEWS_KINDS = [
  'merchant_created',
  'station_created',
  'user_created',
  'promotion_created',
  'banner_created',
] as const;
export type NewsKind = (typeof NEWS_KINDS)[number];

export const TIMELINE_PAGE_MAX = 100;

/** GET /analytics/timeline/: newest first; `before` (an item's id) continues after that item. */
export const timelineQuery = z.object({
  before: intParam(1),
  /** 20 unless told; at most TIMELINE_PAGE_MAX. */
  size: z.pipe(
    intParam(1),
    z.transform((size) => Math.min(size ?? 20, TIMELINE_PAGE_MAX)),
  ),
});
export type TimelineQuery = z.input<typeof timelineQuery>;

export const timelineItem = z.object({
  id: z.number(),
  kind: z.enum(NEWS_KINDS),
  /** What was created: its id (it may have been deleted since). */
  subject_id: z.number(),
  /** Its name when it was created, in the asked language. */
  title: z.string(),
  created_at: instant,
});
export type TimelineItem = z.infer<typeof timelineItem>;

/** A page of the timeline; `next` is the `before` of the following page, null at the oldest. */
export const timelinePage = z.object({ items: z.array(timelineItem), next: z.nullable(z.number()) });
export type TimelinePage = z.infer<typeof timelinePage>;
