import { pgTable, text, bigint, customType } from 'drizzle-orm/pg-core';

/** PostgreSQL's 64-bit transaction id (pg_current_xact_id()). */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * A number that every committed change of a table moves on, for a process's cache of that table:
 * the cache is current while the number read beside a query equals the one read with the cache.
 * A deferred trigger bumps it once a transaction, at commit (migration 0038), so the row's lock is
 * the last one a writing transaction takes and cannot close a cycle of waits. Kept for `stations`
 * (the heat map's names and coordinates).
 */
export const tableVersions = pgTable('table_versions', {
  tableName: text('table_name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  /** The transaction that moved it last: its later rows leave it as it is. */
  changedBy: xid8('changed_by'),
});
