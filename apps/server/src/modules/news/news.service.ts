import type { Localized } from '@evcms/contracts/localized';
import type { Db } from '../../db/client.ts';
import { localizedValues } from '../../db/schema/localized.ts';
import { insertNewsEvent } from './news.repository.ts';

/** What the dashboard's timeline shows of a created object. */
export type NewsEventKind =
  'merchant_created' | 'promotion_created' | 'banner_created' | 'user_created' | 'station_created';

export interface NewsEvent {
  kind: NewsEventKind;
  subjectId: number;
  /** The subject's name, copied so the timeline still reads after it is renamed or deleted. */
  title: Localized;
  createdBy: number | null;
}

/** Call it in the transaction that creates the subject, so the timeline never names what was rolled back. */
export function recordNews(db: Db, event: NewsEvent): Promise<number> {
  const { title, ...rest } = event;
  return insertNewsEvent(db, { ...rest, ...localizedValues('title', title) });
}
