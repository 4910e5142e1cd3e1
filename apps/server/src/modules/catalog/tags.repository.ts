import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tags } from '../../db/schema/catalog.ts';
import { titledWhere, type TitledFilter } from './catalog.repository.ts';

export type TagRow = typeof tags.$inferSelect;
export type TagValues = Pick<TagRow, 'titleRu' | 'titleEn' | 'titleKy' | 'status'>;

/** Newest first. */
export async function listTags(db: Db, filter: TitledFilter, window: { limit: number; offset: number }) {
  const where = titledWhere(tags, filter);
  const [rows, [total]] = await Promise.all([
    db.select().from(tags).where(where).orderBy(desc(tags.id)).limit(window.limit).offset(window.offset),
    db.select({ value: count() }).from(tags).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function insertTag(db: Db, values: TagValues): Promise<TagRow> {
  const [row] = await db.insert(tags).values(values).returning();
  return row!;
}

export async function updateTag(db: Db, id: number, values: Partial<TagValues>): Promise<TagRow | undefined> {
  const [row] = await db
    .update(tags)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(tags.id, id))
    .returning();
  return row;
}

export async function findTag(db: Db, id: number, options: { forUpdate?: boolean } = {}): Promise<TagRow | undefined> {
  const query = db.select().from(tags).where(eq(tags.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** Sets the status of those of `ids` that exist and returns them. */
export async function setTagStatuses(db: Db, ids: number[], status: number): Promise<TagRow[]> {
  return db.update(tags).set({ status, updatedAt: new Date() }).where(inArray(tags.id, ids)).returning();
}

export async function deleteTag(db: Db, id: number): Promise<void> {
  await db.delete(tags).where(eq(tags.id, id));
}
