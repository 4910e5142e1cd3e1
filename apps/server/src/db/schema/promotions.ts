import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  time,
  timestamp,
} from 'drizzle-orm/pg-core';
import { PROMOTION_INITIATOR_KEYS, type PromotionInitiator } from '@evcms/contracts/promotions';
import { cascadingReference, statusColumn, timestamps, type StoredCrop } from './columns.ts';
import { localizedColumns } from './localized.ts';
import { managers } from './managers.ts';
import { merchants } from './merchants.ts';
import { stations } from './stations.ts';

export type { StoredCrop } from './columns.ts';

/**
 * Promotions (modules/promotions): a discount on the charges of their stations. Money in tyiyn,
 * the percentage in basis points; exactly one of the two discounts is set. The period is two
 * instants; happy hours are Bishkek times of day, both or neither, and cross midnight when the
 * start is later than the end. `status` 0 active, 1 inactive: a promotion whose end passed is
 * made inactive by the sweep (promotions.service.ts), and is never active for a discount anyway.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    ...localizedColumns('title'),
    /** The stored image's path in the media store. */
    image: text('image').notNull(),
    crop: jsonb('crop').$type<StoredCrop>(),
    initiator: text('initiator').$type<PromotionInitiator>().notNull(),
    merchantId: integer('merchant_id').references(() => merchants.id),
    minChargeTyiyn: bigint('min_charge_tyiyn', { mode: 'number' }).notNull().default(0),
    minCharges: integer('min_charges').notNull().default(0),
    discountBasisPoints: integer('discount_basis_points'),
    discountTyiyn: bigint('discount_tyiyn', { mode: 'number' }),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    happyHoursStart: time('happy_hours_start'),
    happyHoursEnd: time('happy_hours_end'),
    status: statusColumn(),
    createdBy: integer('created_by').references(() => managers.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    index('promotions_created_idx').on(table.createdAt, table.id),
    // The sweep's and the discount's read: the active ones, by their end.
    index('promotions_active_end_idx')
      .on(table.endAt)
      .where(sql`status = 0`),
    check(
      'promotions_initiator_check',
      sql.raw(`initiator in (${PROMOTION_INITIATOR_KEYS.map((key) => `'${key}'`).join(', ')})`),
    ),
    check('promotions_merchant_check', sql`(${table.initiator} = 'merchant') = (${table.merchantId} is not null)`),
    check('promotions_discount_check', sql`(${table.discountBasisPoints} is null) <> (${table.discountTyiyn} is null)`),
    check(
      'promotions_amounts_check',
      sql`${table.minChargeTyiyn} >= 0 and ${table.minCharges} >= 0 and ${table.discountBasisPoints} between 0 and 10000 and ${table.discountTyiyn} between 0 and ${table.minChargeTyiyn}`,
    ),
    check('promotions_period_check', sql`${table.endAt} > ${table.startAt}`),
    check(
      'promotions_happy_hours_check',
      sql`(${table.happyHoursStart} is null and ${table.happyHoursEnd} is null) or ${table.happyHoursStart} <> ${table.happyHoursEnd}`,
    ),
  ],
);

/** The stations of a promotion; a station deleted leaves its promotions. */
export const promotionStations = pgTable(
  'promotion_stations',
  {
    promotionId: cascadingReference('promotion_id', () => promotions.id),
    stationId: cascadingReference('station_id', () => stations.id),
  },
  (table) => [
    primaryKey({ columns: [table.promotionId, table.stationId] }),
    index('promotion_stations_station_idx').on(table.stationId),
  ],
);
