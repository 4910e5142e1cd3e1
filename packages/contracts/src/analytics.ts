import { BANNER_TYPES } from './banners.ts';
import { calendarDate, dateParam } from './dates.ts';
import { exportQueryOf } from './exports.ts';
import type { Names } from './names.ts';
import { idListParam, intParam, pageParams } from './query.ts';
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
  /** A station's merchant now (its card is under it); null for other kinds, or once it is gone. */
  merchant_id: z.nullable(z.number()),
  /** A banner's type (its form differs by it); null for other kinds, or once it is gone. */
  banner_type: z.nullable(z.enum(BANNER_TYPES)),
});
export type TimelineItem = z.infer<typeof timelineItem>;

/** A page of the timeline; `next` is the `before` of the following page, null at the oldest. */
export const timelinePage = z.object({ items: z.array(timelineItem), next: z.nullable(z.number()) });
export type TimelinePage = z.infer<typeof timelinePage>;

// ---- The merchant report

/**
 * GET /analytics/merchant-report/: per merchant, its stations and the charges they completed on
 * the Bishkek days of the period (both ends included), with the turnover split by the merchant's
 * agency percentage (docs/decisions.md 'Merchant share'). `merchant` narrows it to some merchants.
 */
export const merchantReportQuery = z.object({
  period__from: calendarDate,
  period__to: calendarDate,
  merchant: idListParam,
});
export type MerchantReportQuery = z.input<typeof merchantReportQuery>;
export type MerchantReportFilters = z.output<typeof merchantReportQuery>;

export const merchantReportExportQuery = exportQueryOf(z.object({ ...pageParams, ...merchantReportQuery.shape }));
export type MerchantReportExportQuery = z.output<typeof merchantReportExportQuery>;

/** GET /analytics/merchant-report/{id}/stations/: the same for one merchant's stations. */
export const merchantStationsQuery = z.object({ period__from: calendarDate, period__to: calendarDate });

const reportFigures = {
  /** Stations now (the merchant's; 1 on a station's row). */
  stations: z.number(),
  charges: z.number(),
  /** kWh. */
  energy: z.number(),
  /** Som the drivers paid (after discounts). */
  turnover: z.number(),
  /** Som: the turnover times the merchant's agency percentage. */
  merchant_share: z.number(),
  /** Som: the rest of the turnover. */
  network_share: z.number(),
};

export const merchantReportRow = z.object({
  merchant: z.number(),
  name: z.string(),
  /** The agency agreement's percentage. */
  percentage: z.number(),
  ...reportFigures,
});
export type MerchantReportRow = z.infer<typeof merchantReportRow>;

/** Every merchant asked for (all by default), by name, and the totals. */
export const merchantReport = z.object({
  items: z.array(merchantReportRow),
  totals: z.object(reportFigures),
});
export type MerchantReport = z.infer<typeof merchantReport>;

export const merchantStationRow = z.object({
  station: z.number(),
  name: z.string(),
  ...reportFigures,
});
export type MerchantStationRow = z.infer<typeof merchantStationRow>;

/** A merchant's stations with their figures, by name, and the totals (404 for an unknown merchant). */
export const merchantStationsReport = z.object({
  merchant: z.number(),
  name: z.string(),
  percentage: z.number(),
  items: z.array(merchantStationRow),
  totals: z.object(reportFigures),
});
export type MerchantStationsReport = z.infer<typeof merchantStationsReport>;

/** The export's sheet name and column headers, in each language. */
export const MERCHANT_REPORT_LABELS = {
  sheet: { ru: 'Отчёт по мерчантам', en: 'Merchant report', ky: 'Мерчанттар боюнча отчёт' },
  merchant: { ru: '№ мерчанта', en: 'Merchant No.', ky: 'Мерчанттын №' },
  name: { ru: 'Мерчант', en: 'Merchant', ky: 'Мерчант' },
  percentage: { ru: 'Процент по агентскому договору', en: 'Agency percentage', ky: 'Агенттик келишим боюнча пайыз' },
  stations: { ru: 'Станции', en: 'Stations', ky: 'Станциялар' },
  charges: { ru: 'Зарядки', en: 'Charges', ky: 'Кубаттоолор' },
  energy: { ru: 'Энергия, кВт·ч', en: 'Energy, kWh', ky: 'Энергия, кВт·с' },
  turnover: { ru: 'Оборот, сом', en: 'Turnover, som', ky: 'Жүгүртүү, сом' },
  merchant_share: { ru: 'Доля мерчанта, сом', en: 'Merchant share, som', ky: 'Мерчанттын үлүшү, сом' },
  network_share: { ru: 'Доля сети, сом', en: 'Network share, som', ky: 'Тармактын үлүшү, сом' },
  totals: { ru: 'Итого', en: 'Total', ky: 'Жыйынтык' },
} as const satisfies Record<string, Names>;
