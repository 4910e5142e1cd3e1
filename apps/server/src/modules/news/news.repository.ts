import type { Db } from '../../db/client.ts';
import { newsEvents } from '../../db/schema/news.ts';

export type NewsEventValues = typeof newsEvents.$inferInsert;

export async function insertNewsEvent(db: Db, values: NewsEventValues): Promise<number> {
  const [row] = await db.insert(newsEvents).values(values).returning({ id: newsEvents.id });
  return row!.id;
}
