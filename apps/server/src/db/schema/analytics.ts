import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';

/*
 * The dashboard's read model (modules/analytics), kept in step with the charges: each charge that
 * completes successfully adds itself once, in its settling transaction, to the hour it completed
 * in (analytics-rollup.repository.ts), and `npm run analytics:rebuild` recounts every table from the
 * charges (analytics-recount.repository.ts). The dashboard reads these, never the charges: a year is 8,760 rows, whatever the
 * number of charges. No triggers on `charges`: meter readings update it many times a second.
 */

/** The network's completed charges per hour (UTC hours, which are Bishkek's: UTC+6 all year). */
export const analyticsHours = pgTable('analytics_hours', {
  hour: timestamp('hour', { withTimezone: true }).primaryKey(),
  charges: integer('charges').notNull().default(0),
  energyWh: bigint('energy_wh', { mode: 'number' }).notNull().default(0),
  /** What the drivers paid, after discounts (charges.total_tyiyn). */
  turnoverTyiyn: bigint('turnover_tyiyn', { mode: 'number' }).notNull().default(0),
  discountTyiyn: bigint('discount_tyiyn', { mode: 'number' }).notNull().default(0),
});

/** The day before a user's first discounted day: every real day comes after it. */
export const NO_EARLIER_DAY = '-infinity';

/**
 * Each user's Bishkek days with a discounted charge: the first such completion of the day, and
 * the user's discounted day before it (`previous`, NO_EARLIER_DAY for the first). A user counts
 * in a period from day A once, on the first of their days there: the one whose `previous` is
 * before A. No reference to drivers: a deleted user still used a promotion then.
 */
export const analyticsPromotionUserDays = pgTable(
  'analytics_promotion_user_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    driverId: integer('driver_id').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    previous: date('previous', { mode: 'string' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.driverId] }),
    index('analytics_promotion_user_days_driver_idx').on(table.driverId, table.day),
    index('analytics_promotion_user_days_first_idx').on(table.day, table.firstAt),
  ],
);

/**
 * How many user days (above) have each (day, previous): the users of the days from A to B are the
 * sum over those days of the counts whose `previous` is before A, one short index range a day,
 * however many users there are (a year: 365 reads, not every user day of the year).
 */
export const analyticsPromotionUserGaps = pgTable(
  'analytics_promotion_user_gaps',
  {
    day: date('day', { mode: 'string' }).notNull(),
    previous: date('previous', { mode: 'string' }).notNull(),
    users: integer('users').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.previous] })],
);

const dayFigures = () => ({
  charges: integer('charges').notNull().default(0),
  energyWh: bigint('energy_wh', { mode: 'number' }).notNull().default(0),
  turnoverTyiyn: bigint('turnover_tyiyn', { mode: 'number' }).notNull().default(0),
});

/**
 * Each merchant's completed charges per Bishkek day (the charge's merchant, copied at its start):
 * the merchant report's year is 365 rows a merchant. No reference to merchants: the figures outlive them.
 */
export const analyticsMerchantDays = pgTable(
  'analytics_merchant_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    merchantId: integer('merchant_id').notNull(),
    ...dayFigures(),
  },
  (table) => [primaryKey({ columns: [table.day, table.merchantId] })],
);

/**
 * A station's figures also by the Bishkek hour of day its charges completed in: element h + 1
 * (arrays count from 1) holds hour h's. The heat map's time of day sums the hours asked for.
 */
const stationFigures = () => ({
  ...dayFigures(),
  hourCharges: integer('hour_charges')
    .array()
    .notNull()
    .default(sql`array_fill(0, array[24])`),
  hourTurnoverTyiyn: bigint('hour_turnover_tyiyn', { mode: 'number' })
    .array()
    .notNull()
    .default(sql`array_fill(0, array[24])`),
});

/**
 * Each station's completed charges per Bishkek day, by merchant first: the report's drill-down
 * reads one merchant's; the heat map reads all stations' days by the day index.
 */
export const analyticsStationDays = pgTable(
  'analytics_station_days',
  {
    merchantId: integer('merchant_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    stationId: integer('station_id').notNull(),
    ...stationFigures(),
  },
  (table) => [
    primaryKey({ columns: [table.merchantId, table.day, table.stationId] }),
    index('analytics_station_days_day_idx').on(table.day),
  ],
);

/**
 * The same per Bishkek month (`month` is its first day): the heat map reads whole months here, and
 * only the days of a month the period covers in part from the days.
 */
export const analyticsStationMonths = pgTable(
  'analytics_station_months',
  {
    month: date('month', { mode: 'string' }).notNull(),
    merchantId: integer('merchant_id').notNull(),
    stationId: integer('station_id').notNull(),
    ...stationFigures(),
  },
  (table) => [primaryKey({ columns: [table.month, table.merchantId, table.stationId] })],
);

/** The same per Bishkek year (`year` is its 1 January): the heat map's year to now is one row a station. */
export const analyticsStationYears = pgTable(
  'analytics_station_years',
  {
    year: date('year', { mode: 'string' }).notNull(),
    merchantId: integer('merchant_id').notNull(),
    stationId: integer('station_id').notNull(),
    ...stationFigures(),
  },
  (table) => [primaryKey({ columns: [table.year, table.merchantId, table.stationId] })],
);
