import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { BALANCE_METHOD_KEYS, type BalanceMethod } from '@evcms/contracts/driver-balance';
import type { Gender, Platform } from '@evcms/contracts/drivers';
import { charges } from './charges.ts';
import { cascadingReference, timestamps } from './columns.ts';
import { managers } from './managers.ts';
import { searchTextColumn, searchTextIndex } from './search-text.ts';

/**
 * Personal account numbers: 7 digits from this sequence and a Luhn check digit (drivers.rules.ts),
 * so a number typed at a payment kiosk or read out over the phone with one digit wrong, or two
 * neighbours swapped, names nobody. Starting at 1,000,000 keeps every number 8 digits long with no
 * leading zero to lose; 9 million drivers before it runs out.
 */
export const driverAccountSeq = pgSequence('driver_account_seq', {
  startWith: 1_000_000,
  minValue: 1_000_000,
  maxValue: 9_999_999,
});

/** What the list search reads: the name both ways round, so "Surname Name" and "Name Surname" are found. */
const SEARCHED_TEXTS = [
  "surname || ' ' || first_name",
  "first_name || ' ' || surname",
  'phone',
  'account',
  "coalesce(email, '')",
];

/**
 * Drivers (the app's users). `phone` is 12 bare digits, as merchants store it, and unique: it is
 * how the app signs a driver in, so the unique index also settles two registrations racing.
 * `balance_tyiyn` changes only with a ledger entry in the same transaction (ledger.service.ts), and
 * may go below zero: a charge is debited in full when it stops, as the energy was delivered, and a
 * driver in debt is refused at the next Authorize until a top-up covers it. Optional facts are
 * null when unknown; `app_version` and `platform` (1 iOS, 2 Android) are the app's to report.
 */
export const drivers = pgTable(
  'drivers',
  {
    id: serial('id').primaryKey(),
    account: text('account').notNull(),
    surname: text('surname').notNull(),
    firstName: text('first_name').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    gender: text('gender').$type<Gender>(),
    /** A calendar date: the age is counted from it in Bishkek when answering. */
    birthday: date('birthday', { mode: 'string' }),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    balanceTyiyn: bigint('balance_tyiyn', { mode: 'number' }).notNull().default(0),
    carMake: text('car_make'),
    carModel: text('car_model'),
    carYear: smallint('car_year'),
    carColour: text('car_colour'),
    /** The driving licence number. */
    licence: text('licence'),
    appVersion: text('app_version'),
    platform: smallint('platform').$type<Platform>(),
    /** A blocked driver's tags are refused by the charge points; the balance stays. */
    blocked: boolean('blocked').notNull().default(false),
    /**
     * What the driver gives a friend to be named their inviter (modules/referrals): the id through
     * a fixed odd multiplier modulo 2^32, in 8 hex digits. A bijection, so unique with no retries and
     * no stored state, yet neighbours' codes look unrelated and cannot be guessed by counting.
     */
    referralCode: text('referral_code')
      .notNull()
      .generatedAlwaysAs(sql`upper(lpad(to_hex((id::bigint * 2654435761) % 4294967296), 8, '0'))`),
    ...timestamps,
    searchText: searchTextColumn(SEARCHED_TEXTS),
  },
  (table) => [
    uniqueIndex('drivers_account_key').on(table.account),
    uniqueIndex('drivers_phone_key').on(table.phone),
    uniqueIndex('drivers_referral_code_key').on(table.referralCode),
    // The list: newest registration first, and the registration date filters.
    index('drivers_registered_at_idx').on(table.registeredAt, table.id),
    // Balance changes do not touch the searched text, so rows go straight into the index too.
    searchTextIndex('drivers_search_text_trgm_idx', table.searchText),
    check('drivers_gender_check', sql`${table.gender} in ('male', 'female')`),
    check('drivers_platform_check', sql`${table.platform} in (1, 2)`),
  ],
);

/** What a list shows of a driver beside a record of another kind (a ledger entry, a charge): its name, phone and account. */
export interface ListedDriver {
  id: number;
  surname: string;
  firstName: string;
  phone: string;
  account: string;
}

/** The columns of a `ListedDriver`, to select as one value: `{ driver: listedDriverColumns }`. */
export const listedDriverColumns = {
  id: drivers.id,
  surname: drivers.surname,
  firstName: drivers.firstName,
  phone: drivers.phone,
  account: drivers.account,
};

/**
 * A driver's id tags: RFID card numbers or app tokens, the OCPP idTag a charge point sends to
 * Authorize and StartTransaction. OCPP compares idTags ignoring case (CiString20), so the unique
 * index is on lower(id_tag): one card cannot be bound to two drivers, even typed in another case,
 * and two managers binding it at once get the same 400. Tags are blocked, not deleted: charges
 * will name the tag they were started with.
 */
export const driverIdTags = pgTable(
  'driver_id_tags',
  {
    id: serial('id').primaryKey(),
    driverId: cascadingReference('driver_id', () => drivers.id),
    idTag: text('id_tag').notNull(),
    blocked: boolean('blocked').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('driver_id_tags_id_tag_key').on(sql`lower(${table.idTag})`),
    index('driver_id_tags_driver_idx').on(table.driverId, table.id),
  ],
);

/**
 * The balance ledger: one row per change of a driver's balance, written in the transaction that
 * changes it (postBalanceEntry), never updated or deleted; so a driver with entries cannot be
 * deleted either (no cascade). Exactly one of debit (money off: a charge) and credit (money on: a
 * top-up, a refund) is above zero; `balance_after_tyiyn` is the spec's "deposit", and a driver's
 * entries in id order form a chain: each one's balance after is the previous one's plus its
 * credit minus its debit. `charge_id` names the charge an entry pays for (charges are never
 * deleted, so the foreign key only refuses a dangling id). A charge is debited at most once
 * (the partial unique index), so completing a charge twice cannot take the money twice.
 */
export const balanceEntries = pgTable(
  'balance_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    driverId: integer('driver_id')
      .notNull()
      .references(() => drivers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The spec's "base": the manager's reason for a top-up, or what the charge services write. */
    reason: text('reason').notNull(),
    method: text('method').$type<BalanceMethod>().notNull(),
    debitTyiyn: bigint('debit_tyiyn', { mode: 'number' }).notNull().default(0),
    creditTyiyn: bigint('credit_tyiyn', { mode: 'number' }).notNull().default(0),
    balanceAfterTyiyn: bigint('balance_after_tyiyn', { mode: 'number' }).notNull(),
    chargeId: integer('charge_id').references(() => charges.id),
    managerId: integer('manager_id').references(() => managers.id, { onDelete: 'set null' }),
  },
  (table) => [
    // The ledger list by period, newest first.
    index('balance_entries_created_at_idx').on(table.createdAt, table.id),
    // One driver's entries, newest first (the driver's card).
    index('balance_entries_driver_idx').on(table.driverId, table.createdAt, table.id),
    uniqueIndex('balance_entries_charge_key')
      .on(table.chargeId)
      .where(sql`method = 'charge'`),
    check(
      'balance_entries_amount_check',
      sql`(${table.debitTyiyn} > 0 and ${table.creditTyiyn} = 0) or (${table.debitTyiyn} = 0 and ${table.creditTyiyn} > 0)`,
    ),
    check(
      'balance_entries_method_check',
      sql.raw(`method in (${BALANCE_METHOD_KEYS.map((key) => `'${key}'`).join(', ')})`),
    ),
  ],
);
