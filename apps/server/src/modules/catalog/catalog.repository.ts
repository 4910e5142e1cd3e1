import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { surroundings, tags } from '../../db/schema/catalog.ts';
import { containsPattern, searchedId } from '../../lib/search.ts';
import { statusOf } from '../../lib/status.ts';

/** Tags and infrastructure: titled in three languages, with a status; infrastructure adds an icon. */
type TitledTable = typeof tags | typeof surroundings;

export interface TitledFilter {
  search?: string | undefined;
  active?: boolean | undefined;
}

/** `search` matches a title in any language (case-insensitive) or the id; `active` the status. */
export function titledWhere(table: TitledTable, filter: TitledFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    const id = searchedId(filter.search);
    conditions.push(
      or(
        ilike(table.titleRu, pattern),
        ilike(table.titleEn, pattern),
        ilike(table.titleKy, pattern),
        id === undefined ? undefined : eq(table.id, id),
      ),
    );
  }
  if (filter.active !== undefined) conditions.push(eq(table.status, statusOf(filter.active)));
  return and(...conditions);
}

/**
 * The SQL of one titled catalogue table. Drizzle cannot type a query over a union of tables, so
 * the queries are written once against the tags table's shape and typed back to `T`'s rows here.
 */
function titledRepository<T extends TitledTable>(tableOfT: T) {
  type Row = T['$inferSelect'];
  type Values = Omit<T['$inferInsert'], 'id' | 'createdAt' | 'updatedAt'>;
  const table = tableOfT as typeof tags;

  return {
    /** Newest first. */
    async list(db: Db, filter: TitledFilter, window: { limit: number; offset: number }): Promise<{ rows: Row[]; total: number }> {
      const where = titledWhere(table, filter);
      const [rows, [total]] = await Promise.all([
        db.select().from(table).where(where).orderBy(desc(table.id)).limit(window.limit).offset(window.offset),
        db.select({ value: count() }).from(table).where(where),
      ]);
      return { rows: rows as Row[], total: total?.value ?? 0 };
    },

    async insert(db: Db, values: Values): Promise<Row> {
      const [row] = await db.insert(table).values(values as typeof tags.$inferInsert).returning();
      return row as Row;
    },

    async update(db: Db, id: number, values: Partial<Values>): Promise<Row | undefined> {
      const [row] = await db
        .update(table)
        .set({ ...(values as Partial<typeof tags.$inferInsert>), updatedAt: new Date() })
        .where(eq(table.id, id))
        .returning();
      return row as Row | undefined;
    },

    async find(db: Db, id: number, options: { forUpdate?: boolean } = {}): Promise<Row | undefined> {
      const query = db.select().from(table).where(eq(table.id, id)).limit(1);
      const [row] = options.forUpdate ? await query.for('update') : await query;
      return row as Row | undefined;
    },

    /** Sets the status of those of `ids` that exist and returns them. */
    async setStatuses(db: Db, ids: number[], status: number): Promise<Row[]> {
      const rows = await db.update(table).set({ status, updatedAt: new Date() }).where(inArray(table.id, ids)).returning();
      return rows as Row[];
    },

    async remove(db: Db, id: number): Promise<void> {
      await db.delete(table).where(eq(table.id, id));
    },
  };
}

export const tagsRepository = titledRepository(tags);
export type TagRow = typeof tags.$inferSelect;

export const surroundingsRepository = titledRepository(surroundings);
export type SurroundingRow = typeof surroundings.$inferSelect;
