import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { localizedKeys } from '@evcms/contracts/localized';
import { statusColumn, timestamps } from './columns.ts';
import { localizedColumns } from './localized.ts';
import { managers } from './managers.ts';
import { merchants } from './merchants.ts';
import { searchTextColumn, searchTextIndex } from './search-text.ts';

const SEARCHED_COLUMNS = [
  ...localizedKeys('name'),
  'legal_name',
  'contract_number',
  'contact_person',
  'phone',
  'email',
];

/**
 * Software rental partners (modules/partners): operators that rent this software. The fee is
 * either a fixed sum per month (`fee_fixed_tyiyn`) or a share of its merchants' turnover
 * (`fee_percent_bp`, basis points): exactly one, as `fee_model` says. `phone` is 12 bare digits as
 * merchants store it; `started_on` a calendar date in Bishkek.
 */
export const partners = pgTable(
  'partners',
  {
    id: serial('id').primaryKey(),
    ...localizedColumns('name'),
    legalName: text('legal_name').notNull(),
    contractNumber: text('contract_number').notNull(),
    contactPerson: text('contact_person').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    feeModel: text('fee_model').$type<'fixed' | 'percent'>().notNull(),
    feeFixedTyiyn: bigint('fee_fixed_tyiyn', { mode: 'number' }),
    feePercentBp: integer('fee_percent_bp'),
    startedOn: date('started_on', { mode: 'string' }).notNull(),
    status: statusColumn(),
    createdBy: integer('created_by').references(() => managers.id, { onDelete: 'set null' }),
    ...timestamps,
    searchText: searchTextColumn(SEARCHED_COLUMNS),
  },
  (table) => [
    index('partners_created_idx').on(table.createdAt, table.id),
    searchTextIndex('partners_search_text_trgm_idx', table.searchText),
    check('partners_fee_model_check', sql`${table.feeModel} in ('fixed', 'percent')`),
    check(
      'partners_fee_check',
      sql`(${table.feeModel} = 'fixed' and ${table.feeFixedTyiyn} >= 0 and ${table.feePercentBp} is null) or (${table.feeModel} = 'percent' and ${table.feePercentBp} between 0 and 10000 and ${table.feeFixedTyiyn} is null)`,
    ),
  ],
);

/** The merchants a partner operates; a merchant belongs to at most one partner (the key), and leaves it when either is deleted. */
export const partnerMerchants = pgTable(
  'partner_merchants',
  {
    merchantId: integer('merchant_id')
      .primaryKey()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
  },
  (table) => [index('partner_merchants_partner_idx').on(table.partnerId)],
);
