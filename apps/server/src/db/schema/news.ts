import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { localizedColumns } from './localized.ts';
import { managers } from './managers.ts';

/**
 * The dashboard's news timeline: one row per merchant, promotion, banner, user or station created.
 * The subject's name is copied in all three languages, so the timeline still reads after it is
 * renamed or deleted.
 */
export const newsEvents = pgTable(
  'news_events',
  {
    id: serial('id').primaryKey(),
    /** 'merchant_created', 'station_created', ... */
    kind: text('kind').notNull(),
    subjectId: integer('subject_id').notNull(),
    ...localizedColumns('title'),
    createdBy: integer('created_by').references(() => managers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('news_events_created_at_idx').on(table.createdAt)],
);
