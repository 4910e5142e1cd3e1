import type { Localized } from '@evcms/contracts/localized';
import type { Db } from '../../db/client.ts';
import { localizedValues } from '../../db/schema/localized.ts';
import { insertNewsEvent } from './news.repository.ts';

/** What the dashboard's timeline shows of a created object. */
export type NewsEventKind =
  'merchant_created' | 'promotion_created' | 'banner_created' | 'user_created' | 'station_created';

/**
 * Writes that `createdBy` created the subject `subjectId` of `kind`, titled `title` (copied, so the timeline
 * still reads after a rename or a delete). Call it in the transaction that creates the subject, so the
 * timeline never names what was rolled back.
 */
export function recordNews(
  db: Db,
  kind: NewsEventKind,
  subjectId: number,
  title: Localized,
  createdBy: number | null,
): Promise<number> {
  return insertNewsEvent(db, { kind, subjectId, createdBy, ...localizedValues('title', title) });
}
