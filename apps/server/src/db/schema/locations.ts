import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { localizedColumns } from './localized.ts';

/*
 * The reference tables: any repository may join them for their names (docs/architecture.md);
 * nothing but migrations writes them. The catalog module serves them (locations.service.ts).
 */

/** Reference data, seeded by a migration with fixed ids so stations and demo data can name them. */
export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  /** ISO 3166-1 alpha-2. */
  code: text('code').notNull().unique(),
  ...localizedColumns('name'),
});

/** First-level divisions: regions, and cities of republican significance (Bishkek, Osh). */
export const districts = pgTable(
  'districts',
  {
    id: serial('id').primaryKey(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    ...localizedColumns('name'),
  },
  (table) => [index('districts_country_idx').on(table.countryId)],
);

/** Cities, towns and villages; `district_id` is null where the country's divisions are not kept. */
export const settlements = pgTable(
  'settlements',
  {
    id: serial('id').primaryKey(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    districtId: integer('district_id').references(() => districts.id),
    ...localizedColumns('name'),
  },
  (table) => [
    index('settlements_country_idx').on(table.countryId),
    index('settlements_district_idx').on(table.districtId),
  ],
);
