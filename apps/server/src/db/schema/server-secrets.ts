import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The secrets every process on one database must share (lib/secrets.ts): `jwt-secret` signs
 * access tokens, `station-key` keys station password hashes. A generated secret is kept here
 * (`value`); one set in the environment only by its SHA-256 (`digest`, `value` null), so a process
 * started with another one, or without it, is refused instead of disagreeing in silence.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value'),
  digest: text('digest').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
