import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { charges } from './charges.ts';
import { balanceEntries, drivers } from './drivers.ts';
import { managers } from './managers.ts';

/**
 * Referrals (modules/referrals): who invited whom. A driver is invited once (the key is the invited
 * driver), never by themselves (the check) and never in a cycle (the service walks the inviter's
 * own inviters under a lock). When the invited driver's first paid charge completes, both are
 * credited the bonuses the settings held at that moment (ledger method `referral`); `rewarded_at`
 * is set by one conditional UPDATE, so two charges completing at once reward once. The amounts and
 * entries paid are kept, as the settings may change later. A bonus of 0 writes no entry.
 */
export const referrals = pgTable(
  'referrals',
  {
    invitedDriverId: integer('invited_driver_id')
      .primaryKey()
      .references(() => drivers.id, { onDelete: 'cascade' }),
    inviterDriverId: integer('inviter_driver_id')
      .notNull()
      .references(() => drivers.id, { onDelete: 'cascade' }),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
    /** The manager who linked them (on the driver's form or card); null for a link the app made or a manager since removed. */
    linkedBy: integer('linked_by').references(() => managers.id, { onDelete: 'set null' }),
    rewardedAt: timestamp('rewarded_at', { withTimezone: true }),
    /** The invited driver's first paid charge, which earned the bonuses. */
    chargeId: integer('charge_id').references(() => charges.id),
    inviterBonusTyiyn: bigint('inviter_bonus_tyiyn', { mode: 'number' }),
    invitedBonusTyiyn: bigint('invited_bonus_tyiyn', { mode: 'number' }),
    inviterEntryId: bigint('inviter_entry_id', { mode: 'number' }).references(() => balanceEntries.id),
    invitedEntryId: bigint('invited_entry_id', { mode: 'number' }).references(() => balanceEntries.id),
  },
  (table) => [
    index('referrals_inviter_idx').on(table.inviterDriverId),
    index('referrals_linked_idx').on(table.linkedAt, table.invitedDriverId),
    check('referrals_self_check', sql`${table.inviterDriverId} <> ${table.invitedDriverId}`),
    check('referrals_reward_check', sql`(${table.rewardedAt} is null) = (${table.chargeId} is null)`),
  ],
);

/** The referral bonuses set on /list-of-referrals: one row (the key is always true), in tyiyn; 0 pays nothing. */
export const referralSettings = pgTable(
  'referral_settings',
  {
    id: boolean('id').primaryKey().default(true),
    inviterBonusTyiyn: bigint('inviter_bonus_tyiyn', { mode: 'number' }).notNull().default(0),
    invitedBonusTyiyn: bigint('invited_bonus_tyiyn', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => managers.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('referral_settings_one_row_check', sql`${table.id}`),
    check('referral_settings_bonus_check', sql`${table.inviterBonusTyiyn} >= 0 and ${table.invitedBonusTyiyn} >= 0`),
  ],
);
