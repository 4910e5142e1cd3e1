import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { statusColumn, timestamps } from './columns.ts';
import { balanceEntries, drivers } from './drivers.ts';
import { managers } from './managers.ts';

/**
 * Promo codes (modules/promo-codes): a code a driver redeems for a bonus credited to the balance
 * through the ledger (method `promo_code`). The code is unique ignoring case (the index on
 * lower(code)), so "SPRING" and "spring" cannot both exist. Valid from/to are instants (either may
 * be open). `total_uses` null is unlimited. `used_count` is the database's own count of
 * redemptions: a redemption raises it with one conditional UPDATE that refuses to pass
 * `total_uses`, so every process sees the same limit and a burst of redemptions cannot overshoot.
 * `batch` names the generated batch a code came from (its prefix and time), null for one made alone.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    bonusTyiyn: bigint('bonus_tyiyn', { mode: 'number' }).notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    totalUses: integer('total_uses'),
    usesPerDriver: integer('uses_per_driver').notNull().default(1),
    usedCount: integer('used_count').notNull().default(0),
    batch: text('batch'),
    status: statusColumn(),
    createdBy: integer('created_by').references(() => managers.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('promo_codes_code_key').on(sql`lower(${table.code})`),
    index('promo_codes_created_idx').on(table.createdAt, table.id),
    check('promo_codes_bonus_check', sql`${table.bonusTyiyn} > 0`),
    check('promo_codes_uses_check', sql`${table.totalUses} > 0 and ${table.usesPerDriver} > 0`),
    check(
      'promo_codes_used_check',
      sql`${table.usedCount} >= 0 and ${table.usedCount} <= coalesce(${table.totalUses}, ${table.usedCount})`,
    ),
    check('promo_codes_period_check', sql`${table.validTo} > ${table.validFrom}`),
  ],
);

/**
 * One redemption of a code by a driver: the ledger entry that credited the bonus, and the manager
 * who applied it on the driver's card (null when the driver did). Never deleted, as ledger entries
 * are not, so a code with redemptions cannot be deleted either (no cascade).
 */
export const promoCodeRedemptions = pgTable(
  'promo_code_redemptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id),
    driverId: integer('driver_id')
      .notNull()
      .references(() => drivers.id),
    balanceEntryId: bigint('balance_entry_id', { mode: 'number' })
      .notNull()
      .references(() => balanceEntries.id),
    managerId: integer('manager_id').references(() => managers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('promo_code_redemptions_code_idx').on(table.promoCodeId, table.driverId),
    index('promo_code_redemptions_driver_idx').on(table.driverId, table.createdAt),
    uniqueIndex('promo_code_redemptions_entry_key').on(table.balanceEntryId),
  ],
);
