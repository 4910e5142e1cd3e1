import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The sign-in and recovery attempt windows (lib/attempts.ts, `createSharedAttempts`), counted in
 * the database so that every process on it holds a client to the same limits. A key is the
 * SHA-256 of what it counts (an action, a client address, an email address), never those in clear;
 * expired windows are swept as new ones are counted.
 */
export const attemptWindows = pgTable(
  'attempt_windows',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('attempt_windows_ends_at_idx').on(table.endsAt)],
);
