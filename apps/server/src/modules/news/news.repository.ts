import type { Db } from '../../db/client.ts';
import { newsEvents } from '../../db/schema/news.ts';

export type NewsEventRow = typeof newsEvents.$inferSelect;
/** What the dashboard's timeline shows of a created object. */
export type NewsEventKind = 'merchant_created' | 'promotion_created' | 'banner_created' | 'user_created' | 'station_created';

export interface NewsEventValues {
  kind: NewsEventKind;
  subjectId: number;
  titleRu: string;
  titleEn: string;
  titleKy: string;
  createdBy: number | null;
}

/** Written in the transaction that creates the subject, so the timeline never names what was rolled back. */
export async function insertNewsEvent(db: Db, values: NewsEventValues): Promise<NewsEventRow> {
  const [row] = await db.insert(newsEvents).values(values).returning();
  return row!;
}
