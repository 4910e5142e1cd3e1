import { analyticsQuery } from './analytics.ts';
import { intParam } from './query.ts';
import { z } from './schema.ts';

/*
 * The heat map (spec 2.7, 7: GET /stations/heat-map/): where and when the network's charges
 * happen. The dates are the dashboard's (a named period up to now, or a custom range of Bishkek
 * days); a time of day narrows them to the charges that completed in those hours of each day
 * (docs/decisions.md 'Heat map'). A charge counts like on the dashboard: completed successfully,
 * in the hour it completed.
 */

/** The last hour a time of day can start at; it ends at 1 to 24 (24 = midnight after). */
export const HEAT_MAP_HOURS = 24;

/**
 * The dashboard's period, and optionally a time of day: `hours__from` (0-23) to `hours__to`
 * (1-24, excluded), Bishkek time; a `hours__to` at or before `hours__from` runs past midnight
 * (22 to 6 is the night). Both or neither.
 */
export const heatMapQuery = z.object({
  ...analyticsQuery.shape,
  hours__from: z.pipe(intParam(0), z.optional(z.number().check(z.lte(HEAT_MAP_HOURS - 1)))),
  hours__to: z.pipe(intParam(1), z.optional(z.number().check(z.lte(HEAT_MAP_HOURS)))),
});
export type HeatMapQuery = z.input<typeof heatMapQuery>;
export type HeatMapFilters = z.output<typeof heatMapQuery>;

const figures = {
  charges: z.number(),
  /** Som the drivers paid (after discounts). */
  turnover: z.number(),
  /** Som: turnover over charges, 0 without charges. */
  average_bill: z.number(),
};

export const heatMapStation = z.object({
  station: z.number(),
  /** In the asked language. */
  name: z.string(),
  merchant: z.number(),
  latitude: z.number(),
  longitude: z.number(),
  ...figures,
});
export type HeatMapStation = z.infer<typeof heatMapStation>;

/** The whole network's charges of one weekday (Monday 1 to Sunday 7) and hour of day (0-23), Bishkek time. */
export const heatMapCell = z.object({ weekday: z.number(), hour: z.number(), ...figures });
export type HeatMapCell = z.infer<typeof heatMapCell>;

export const heatMap = z.object({
  /** The dates: from (included) to (excluded), as instants. */
  period: z.object({ from: z.string(), to: z.string() }),
  /** The time of day asked for, or null for whole days. */
  hours: z.nullable(z.object({ from: z.number(), to: z.number() })),
  totals: z.object(figures),
  /** The stations that completed charges then (existing ones with coordinates), most charges first. */
  stations: z.array(heatMapStation),
  /** All 168 cells, Monday 0:00 first; outside the time of day they hold 0. */
  grid: z.array(heatMapCell),
});
export type HeatMap = z.infer<typeof heatMap>;
