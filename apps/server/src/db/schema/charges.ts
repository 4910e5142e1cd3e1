import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ConnectorType } from '@evcms/contracts/catalog';
import {
  CHARGE_REFUSALS,
  CHARGE_RESULTS,
  CHARGE_REVIEW_REASONS,
  CHARGE_SOURCE_KEYS,
  CHARGE_STATUS_KEYS,
  PAYMENT_METHOD_KEYS,
  PRICE_SOURCES,
  type ChargeRefusal,
  type ChargeResult,
  type ChargeReviewReason,
  type ChargeSource,
  type ChargeStatus,
  type PaymentMethod,
} from '@evcms/contracts/charges';
import { TIME_ZONE } from '@evcms/contracts/dates';
import type { PriceSource } from '@evcms/contracts/rates';
import { timestamps } from './columns.ts';
import { drivers } from './drivers.ts';
import { localizedColumns } from './localized.ts';
import { merchants } from './merchants.ts';
import { promotions } from './promotions.ts';
import { stationConnectors, stations } from './stations.ts';

/** `column in ('a', 'b')` with the values written into the text: for checks, and for a prepared statement that must match a partial index's predicate. */
export const oneOf = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`);

/** OCPP's answer to a start (idTagInfo.status) as the charge services give it. */
export type IdTagStatus = 'Accepted' | 'Blocked' | 'Invalid';

/**
 * Charges (charging sessions). `id` is the charge number and the OCPP transactionId (int4, as
 * OCPP's integer). A charge outlives its station and connector: both references go null when they
 * are deleted, and what the list shows of them is copied in at the start (the station's names,
 * its merchant, the connector's OCPP id and type). Energy in Wh and money in tyiyn, as integers;
 * `price_tyiyn` is per kWh, fixed at the start. While the charge is open, `consumed_wh` and
 * `amount_tyiyn` follow the meter; `total_tyiyn` is what was debited (0 until paid). Writes go
 * through modules/charges/charge-lifecycle.service.ts only.
 */
export const charges = pgTable(
  'charges',
  {
    id: serial('id').primaryKey(),
    status: text('status').$type<ChargeStatus>().notNull(),
    result: text('result').$type<ChargeResult>(),
    /** Null when the tag is nobody's (an unauthorized start) or not yet known (an initiated charge). */
    driverId: integer('driver_id').references(() => drivers.id),
    idTag: text('id_tag'),
    /** What the charge point was told at the start; null before it. */
    idTagStatus: text('id_tag_status').$type<IdTagStatus>(),
    refusal: text('refusal').$type<ChargeRefusal>(),
    /** How it was authorised: a card at the station unless a remote start initiated it (PRODUCT.md 'Charge source'). */
    source: text('source').$type<ChargeSource>().notNull().default('card'),
    stationId: integer('station_id').references(() => stations.id, { onDelete: 'set null' }),
    ...localizedColumns('station_name'),
    merchantId: integer('merchant_id').references(() => merchants.id),
    stationConnectorId: integer('station_connector_id').references(() => stationConnectors.id, {
      onDelete: 'set null',
    }),
    /** The OCPP connectorId the charge point named. */
    ocppConnectorId: integer('ocpp_connector_id').notNull(),
    /** The connector's type at the start; null for a connector the station does not have. */
    connectorTypo: text('connector_typo').$type<ConnectorType>(),
    reservationId: integer('reservation_id'),
    /** The start (the charge point's time); for an initiated charge, when it was initiated. */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    meterStartWh: bigint('meter_start_wh', { mode: 'number' }),
    meterStopWh: bigint('meter_stop_wh', { mode: 'number' }),
    lastMeterWh: bigint('last_meter_wh', { mode: 'number' }),
    lastMeterAt: timestamp('last_meter_at', { withTimezone: true }),
    powerW: integer('power_w'),
    socPercent: smallint('soc_percent'),
    consumedWh: bigint('consumed_wh', { mode: 'number' }).notNull().default(0),
    priceTyiyn: integer('price_tyiyn'),
    priceSource: text('price_source').$type<PriceSource>(),
    amountTyiyn: bigint('amount_tyiyn', { mode: 'number' }).notNull().default(0),
    /** The promotion's discount (modules/charges/charge-discounts.service.ts); 0 when none applies. While open, as of the last reading. */
    discountTyiyn: bigint('discount_tyiyn', { mode: 'number' }).notNull().default(0),
    /** The promotion that gave the discount; null when none did. A promotion a charge names cannot be deleted. */
    promotionId: integer('promotion_id').references(() => promotions.id),
    totalTyiyn: bigint('total_tyiyn', { mode: 'number' }).notNull().default(0),
    paymentMethod: text('payment_method').$type<PaymentMethod>(),
    /** OCPP StopTransaction reason, as sent. */
    stopReason: text('stop_reason'),
    /** When a manager asked the station to stop it (RemoteStopTransaction). */
    stopRequestedAt: timestamp('stop_requested_at', { withTimezone: true }),
    /**
     * The power (W) the meter's plausibility is judged by (charge-plausibility.rules.ts): the
     * connector's at the start, or the configured ceiling when it has none. Null on charges ended
     * before it was kept, which take no more readings.
     */
    maxPowerW: integer('max_power_w'),
    /** Why the charge is marked for review (an implausible reading or time), the weightiest met; null when none. */
    reviewReason: text('review_reason').$type<ChargeReviewReason>(),
    ...timestamps,
    /** The finish's Bishkek time of day to the second, for the `finished_time` filter (an index, not a computation per row). */
    finishedTime: time('finished_time').generatedAlwaysAs(
      sql.raw(`date_trunc('second', timezone('${TIME_ZONE}', finished_at))::time`),
    ),
  },
  (table) => [
    // The list, newest start first, and the `period` filter; then the same order within each filter.
    index('charges_started_at_idx').on(table.startedAt, table.id),
    index('charges_status_idx').on(table.status, table.startedAt, table.id),
    index('charges_station_idx').on(table.stationId, table.startedAt, table.id),
    index('charges_driver_idx').on(table.driverId, table.startedAt, table.id),
    // The finish's day filter; with the start, its count is read from the index alone.
    index('charges_finished_at_idx').on(table.finishedAt, table.startedAt),
    index('charges_finished_time_idx').on(table.finishedTime),
    // The list filtered by review reasons: few charges, newest first.
    index('charges_review_idx')
      .on(table.startedAt, table.id)
      .where(sql`review_reason is not null`),
    // The promotions report and the list's promotion filter: the few charges a promotion discounted.
    index('charges_promotion_idx')
      .on(table.promotionId, table.startedAt)
      .where(sql`promotion_id is not null`),
    // A deleted connector's charges are found by it (ON DELETE SET NULL).
    index('charges_station_connector_idx').on(table.stationConnectorId),
    // What the central system asks of a connector: its open charge.
    index('charges_open_idx')
      .on(table.stationId, table.ocppConnectorId)
      .where(sql`status in ('initiated', 'in_progress', 'pause')`),
    // A StartTransaction sent again (same station, connector, tag, meter and time) finds its charge, also when both race.
    uniqueIndex('charges_start_key').on(
      table.stationId,
      table.ocppConnectorId,
      table.idTag,
      table.meterStartWh,
      table.startedAt,
    ),
    check('charges_status_check', oneOf('status', CHARGE_STATUS_KEYS)),
    check('charges_result_check', oneOf('result', CHARGE_RESULTS)),
    check('charges_payment_method_check', oneOf('payment_method', PAYMENT_METHOD_KEYS)),
    check('charges_price_source_check', oneOf('price_source', PRICE_SOURCES)),
    check('charges_refusal_check', oneOf('refusal', CHARGE_REFUSALS)),
    check('charges_review_reason_check', oneOf('review_reason', CHARGE_REVIEW_REASONS)),
    check('charges_source_check', oneOf('source', CHARGE_SOURCE_KEYS)),
    check('charges_times_check', sql`${table.finishedAt} >= ${table.startedAt}`),
    // A discount is always some promotion's.
    check('charges_discount_promotion_check', sql`${table.discountTyiyn} = 0 or ${table.promotionId} is not null`),
    check(
      'charges_money_check',
      sql`${table.consumedWh} >= 0 and ${table.discountTyiyn} between 0 and ${table.amountTyiyn} and ${table.totalTyiyn} in (0, ${table.amountTyiyn} - ${table.discountTyiyn})`,
    ),
  ],
);

/**
 * How many charges hold each status, kept by statement triggers on `charges` (charges_count, one
 * function for the three counts, migration 0024: inserts, status changes and deletes, however they
 * are written), so the list's total with no filter but the status is one small read, not a count of
 * a million rows. A status change locks its two rows to the commit, in status order, so concurrent
 * changes queue without deadlocking.
 */
export const chargeStatusCounts = pgTable(
  'charge_status_counts',
  {
    status: text('status').$type<ChargeStatus>().primaryKey(),
    charges: bigint('charges', { mode: 'number' }).notNull().default(0),
  },
  () => [check('charge_status_counts_status_check', oneOf('status', CHARGE_STATUS_KEYS))],
);

/**
 * How many charges started on each Bishkek day, by the Bishkek day they finished (null while open
 * or never finished) and status; kept by the same trigger function as charge_status_counts (made in
 * migration 0009). The list's total under any mix of status, start-day and finish-day filters is a
 * sum over about ten rows a day, not a count of the charges. Rows are never deleted; a row may
 * hold 0 after its charges moved on.
 */
export const chargeDayCounts = pgTable(
  'charge_day_counts',
  {
    startedOn: date('started_on', { mode: 'string' }).notNull(),
    finishedOn: date('finished_on', { mode: 'string' }),
    status: text('status').$type<ChargeStatus>().notNull(),
    charges: bigint('charges', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    unique('charge_day_counts_key').on(table.startedOn, table.finishedOn, table.status).nullsNotDistinct(),
    check('charge_day_counts_status_check', oneOf('status', CHARGE_STATUS_KEYS)),
    // The earliest start of the charges finished from a day (charges.repository.ts): the finish filter's start bound.
    index('charge_day_counts_finished_on_idx').on(table.finishedOn, table.startedOn),
  ],
);

/**
 * How many charges finished in each Bishkek minute of the day (0 is 00:00, 1439 is 23:59), by
 * status; kept by the same trigger function as charge_status_counts (made in migration 0013). The
 * list's total filtered by the finish's time of day (and statuses) sums the whole minutes of the
 * window here and counts only its edge seconds from the charges' index: a night window is 40% of a
 * million charges.
 */
export const chargeFinishMinuteCounts = pgTable(
  'charge_finish_minute_counts',
  {
    minute: smallint('minute').notNull(),
    status: text('status').$type<ChargeStatus>().notNull(),
    charges: bigint('charges', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({ name: 'charge_finish_minute_counts_pkey', columns: [table.minute, table.status] }),
    check('charge_finish_minute_counts_minute_check', sql`${table.minute} between 0 and 1439`),
    check('charge_finish_minute_counts_status_check', oneOf('status', CHARGE_STATUS_KEYS)),
  ],
);
