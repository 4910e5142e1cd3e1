import type { NewsKind, TimelineItem } from '@evcms/contracts/analytics';
import { localDate } from '@evcms/contracts/dates';

/* The news timeline's rules: which Bishkek day an item is in, and where it leads. */

export interface NewsDay {
  /** YYYY-MM-DD in Bishkek. */
  day: string;
  items: TimelineItem[];
}

/** Items (newest first, as the API sends them) under their Bishkek day, the days newest first. */
export function groupByDay(items: readonly TimelineItem[]): NewsDay[] {
  const days: NewsDay[] = [];
  for (const item of items) {
    const day = localDate(new Date(item.created_at));
    const last = days.at(-1);
    if (last?.day === day) last.items.push(item);
    else days.push({ day, items: [item] });
  }
  return days;
}

/*
 * Written here rather than taken from the other features' path modules, which a feature does not
 * import (docs/architecture.md); app/news-paths.test.ts checks each against the route table.
 * A station's card sits under its merchant, whose id an item does not carry: it leads to the
 * merchants. A banner's form differs by its type (banner or fullscreen), which an item does not
 * carry either: it leads to the banners.
 */
const PATHS: Record<NewsKind, (id: number) => string> = {
  merchant_created: (id) => `/merchants/merchant/${id}`,
  station_created: () => '/merchants',
  user_created: (id) => `/users/user/${id}`,
  promotion_created: (id) => `/promotions/creating-promotion/${id}`,
  banner_created: () => '/banners',
};

/** Where an item of the timeline leads: what it tells of, or the list it is in. */
export function newsPath(item: Pick<TimelineItem, 'kind' | 'subject_id'>): string {
  return PATHS[item.kind](item.subject_id);
}
