import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { surroundings } from '../../db/schema/catalog.ts';
import { titledWhere, type TitledFilter } from './catalog.repository.ts';

export type SurroundingRow = typeof surroundings.$inferSelect;
export type SurroundingValues = Pick<SurroundingRow, 'titleRu' | 'titleEn' | 'titleKy' | 'icon' | 'status'>;

/** Newest first. */
export async function listSurroundings(db: Db, filter: TitledFilter, window: { limit: number; offset: number }) {
  const where = titledWhere(surroundings, filter);
  const [rows, [total]] = await Promise.all([
    db.select().from(surroundings).where(where).orderBy(desc(surroundings.id)).limit(window.limit).offset(window.offset),
    db.select({ value: count() }).from(surroundings).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function insertSurrounding(db: Db, values: SurroundingValues): Promise<SurroundingRow> {
  const [row] = await db.insert(surroundings).values(values).returning();
  return row!;
}

export async function updateSurrounding(db: Db, id: number, values: Partial<SurroundingValues>): Promise<SurroundingRow | undefined> {
  const [row] = await db
    .update(surroundings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(surroundings.id, id))
    .returning();
  return row;
}

export async function findSurrounding(db: Db, id: number, options: { forUpdate?: boolean } = {}): Promise<SurroundingRow | undefined> {
  const query = db.select().from(surroundings).where(eq(surroundings.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** Sets the status of those of `ids` that exist and returns them. */
export async function setSurroundingStatuses(db: Db, ids: number[], status: number): Promise<SurroundingRow[]> {
  return db.update(surroundings).set({ status, updatedAt: new Date() }).where(inArray(surroundings.id, ids)).returning();
}

export async function deleteSurrounding(db: Db, id: number): Promise<void> {
  await db.delete(surroundings).where(eq(surroundings.id, id));
}
