import { pgTable, serial, text } from 'drizzle-orm/pg-core';
import { statusColumn, timestamps } from './columns.ts';
import { localizedColumns } from './localized.ts';

/** Tags a station can carry. */
export const tags = pgTable('tags', {
  id: serial('id').primaryKey(),
  ...localizedColumns('title'),
  status: statusColumn(),
  ...timestamps,
});

/**
 * Infrastructure around stations (cafe, toilet, ...); `icon` is the stored svg's path below the
 * uploads folder. The table keeps the API's name, `surroundings`.
 */
export const infrastructure = pgTable('surroundings', {
  id: serial('id').primaryKey(),
  ...localizedColumns('title'),
  icon: text('icon').notNull(),
  status: statusColumn(),
  ...timestamps,
});
