import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ConnectorType } from '@evcms/contracts/catalog';
import type { RateType } from '@evcms/contracts/rates';
import { STATUS_INACTIVE } from '@evcms/contracts/status';
import { statusColumn, timestamps } from './columns.ts';
import { merchants } from './merchants.ts';

/**
 * Rates (tariffs): a price per kWh in tyiyn for one connector type (`typo`, a key of
 * contracts/catalog.ts), `default` or `personal`. `status`: 0 active, 1 inactive; a new rate is
 * inactive. At most one active default rate per connector type: the partial unique index settles
 * two activations racing, on PostgreSQL and PGlite alike.
 */
export const rates = pgTable(
  'rates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type').$type<RateType>().notNull(),
    typo: text('typo').$type<ConnectorType>().notNull(),
    priceTyiyn: integer('price_tyiyn').notNull(),
    status: statusColumn().default(STATUS_INACTIVE),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('rates_active_default_typo_key')
      .on(table.typo)
      .where(sql`type = 'default' and status = 0`),
    check('rates_type_check', sql`${table.type} in ('default', 'personal')`),
    check('rates_price_check', sql`${table.priceTyiyn} >= 0`),
  ],
);

/**
 * The merchants of a personal rate. `typo` and `active` copy the rate's connector type and status
 * (rates.repository.ts keeps them in step, in the transaction that changes the rate), so that the
 * rule "a merchant has at most one active personal rate per connector type" is a partial unique
 * index too, and the price lookup of a charge reads one index.
 */
export const rateMerchants = pgTable(
  'rate_merchants',
  {
    rateId: integer('rate_id')
      .notNull()
      .references(() => rates.id, { onDelete: 'cascade' }),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    typo: text('typo').$type<ConnectorType>().notNull(),
    active: boolean('active').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.rateId, table.merchantId] }),
    index('rate_merchants_merchant_idx').on(table.merchantId),
    uniqueIndex('rate_merchants_active_typo_key')
      .on(table.merchantId, table.typo)
      .where(sql`active`),
  ],
);
