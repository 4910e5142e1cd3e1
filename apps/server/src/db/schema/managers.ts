import { bigint, bigserial, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const managers = pgTable('managers', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull().default(''),
  passwordHash: text('password_hash').notNull(),
  language: text('language').notNull().default('ru'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Refresh tokens are opaque; only their SHA-256 is kept, so a database leak does not leak sessions.
 * A session is a family of tokens: the first one (`session_id` null, its own id names the session)
 * and each token that replaced another on refresh (`session_id` = the first one's id).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    managerId: integer('manager_id')
      .notNull()
      .references(() => managers.id, { onDelete: 'cascade' }),
    sessionId: bigint('session_id', { mode: 'number' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the token was exchanged for a new one; presenting it again later is a reuse. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('refresh_tokens_manager_idx').on(table.managerId),
    index('refresh_tokens_session_idx').on(table.sessionId),
  ],
);

export const passwordResets = pgTable('password_resets', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  managerId: integer('manager_id')
    .notNull()
    .references(() => managers.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
