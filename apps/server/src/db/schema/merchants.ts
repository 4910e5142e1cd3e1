import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { infrastructureList, tagList } from './catalog-lists.ts';
import { scheduleColumn, statusColumn, timestamps } from './columns.ts';
import { localizedKeys } from '@evcms/contracts/localized';
import { localizedColumns } from './localized.ts';
import { countries, districts, settlements } from './locations.ts';
import { managers } from './managers.ts';
import { searchTextColumn, searchTextIndex } from './search-text.ts';

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
    schedule: scheduleColumn(),
    percentageBp: integer('percentage_bp').notNull(),
    status: statusColumn(),
    createdBy: integer('created_by').references(() => managers.id, { onDelete: 'set null' }),
    ...timestamps,
    searchText: searchTextColumn(SEARCHED_COLUMNS),
  },
  (table) => [
    index('merchants_status_idx').on(table.status),
    searchTextIndex('merchants_search_text_trgm_idx', table.searchText),
  ],
);

/** A merchant's tags and infrastructure items (the API's `environment`): `merchant_tags`, `merchant_surroundings` (catalog-lists.ts). */
export const merchantTags = tagList('merchant', () => merchants.id);
export const merchantInfrastructure = infrastructureList('merchant', () => merchants.id);
