import type { Db } from '../../db/client.ts';
import { readAppFeed, type AppFeedRecords } from '../read-models/app-feed.read-model.ts';

/*
 * The drivers' app's feed: what is showing now. The read crosses banners, promotions and stations,
 * so it is the read module's (read-models/app-feed.read-model.ts); this module answers it over
 * HTTP, held briefly for a burst of app clients (app-feed-answers.ts).
 */

export type { AppFeedRecords } from '../read-models/app-feed.read-model.ts';

export interface AppFeedDeps {
  db: Db;
}

/** Active items inside their period, with their active stations, newest first. */
export function showingNow(deps: AppFeedDeps): Promise<AppFeedRecords> {
  return readAppFeed(deps.db, new Date());
}
