import { index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Tags a station can carry. `status`: 0 active, 1 inactive. */
export const tags = pgTable('tags', {
  id: serial('id').primaryKey(),
  titleRu: text('title_ru').notNull(),
  titleEn: text('title_en').notNull(),
  titleKy: text('title_ky').notNull(),
  status: smallint('status').notNull().default(0),
  ...timestamps,
});

/** Infrastructure around stations (cafe, toilet, ...); `icon` is the stored svg's path below the uploads folder. */
export const surroundings = pgTable('surroundings', {
  id: serial('id').primaryKey(),
  titleRu: text('title_ru').notNull(),
  titleEn: text('title_en').notNull(),
  titleKy: text('title_ky').notNull(),
  icon: text('icon').notNull(),
  status: smallint('status').notNull().default(0),
  ...timestamps,
});

/** Reference data, seeded by a migration with fixed ids so stations and demo data can name them. */
export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  /** ISO 3166-1 alpha-2. */
  code: text('code').notNull().unique(),
  nameRu: text('name_ru').notNull(),
  nameEn: text('name_en').notNull(),
  nameKy: text('name_ky').notNull(),
});

/** First-level divisions: regions, and cities of republican significance (Bishkek, Osh). */
export const districts = pgTable(
  'districts',
  {
    id: serial('id').primaryKey(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    nameRu: text('name_ru').notNull(),
    nameEn: text('name_en').notNull(),
    nameKy: text('name_ky').notNull(),
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
    nameRu: text('name_ru').notNull(),
    nameEn: text('name_en').notNull(),
    nameKy: text('name_ky').notNull(),
  },
  (table) => [index('settlements_country_idx').on(table.countryId), index('settlements_district_idx').on(table.districtId)],
);
