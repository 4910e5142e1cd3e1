import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { infrastructure, tags } from './catalog.ts';
import { statusColumn, timestamps, type StoredScheduleItem } from './columns.ts';
import { localizedKeys } from '@evcms/contracts/localized';
import { localizedColumns } from './localized.ts';
import { countries, districts, settlements } from './locations.ts';
import { managers } from './managers.ts';

/**
 * A GIN index normally queues new rows in a pending list that only VACUUM merges, and every search
 * reads that list whole. PGlite has no autovacuum, so the list would only grow; merchants are
 * written rarely, so rows go straight into the index instead.
 */
const noPendingList = { fastupdate: false };

/** What the list search reads, in this order (the generated column's expression is part of the schema). */
const SEARCHED_COLUMNS = [...localizedKeys('name'), 'agreement_number', 'legal_name', 'phone', 'email'];

/** Owners of charging networks. `status`: 0 active, 1 inactive; `percentage_bp`: agency share in hundredths of a percent. */
export const merchants = pgTable(
  'merchants',
  {
    id: serial('id').primaryKey(),
    ...localizedColumns('name'),
    agreementNumber: text('agreement_number').notNull(),
    legalName: text('legal_name').notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    districtId: integer('district_id').references(() => districts.id),
    cityId: integer('city_id')
      .notNull()
      .references(() => settlements.id),
    street: text('street').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    // A week is at most 14 small entries, always read and written whole with its merchant.
    schedule: jsonb('schedule').$type<StoredScheduleItem[]>().notNull().default([]),
    percentageBp: integer('percentage_bp').notNull(),
    status: statusColumn(),
    createdBy: integer('created_by').references(() => managers.id, { onDelete: 'set null' }),
    ...timestamps,
    /**
     * Every searched text, lower-cased, one per line: the list search is one LIKE on it (seven
     * ILIKEs cost 7x as much on a full read) and one trigram index serves it.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql.raw(`lower(${SEARCHED_COLUMNS.join(' || chr(10) || ')})`)),
  },
  (table) => [
    index('merchants_status_idx').on(table.status),
    // Serves the list's "contains" search for three characters or more; shorter ones read the column.
    index('merchants_search_text_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')).with(noPendingList),
  ],
);

export const merchantTags = pgTable(
  'merchant_tags',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    // Only inactive tags can be deleted; a deleted one simply leaves the merchants that had it.
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.merchantId, table.tagId] }), index('merchant_tags_tag_idx').on(table.tagId)],
);

/** A merchant's infrastructure items (the API's `environment`). */
export const merchantInfrastructure = pgTable(
  'merchant_surroundings',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    itemId: integer('surrounding_id')
      .notNull()
      .references(() => infrastructure.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.merchantId, table.itemId] }),
    index('merchant_surroundings_surrounding_idx').on(table.itemId),
  ],
);
