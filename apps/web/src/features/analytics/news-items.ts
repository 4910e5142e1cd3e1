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
 * import (docs/architecture.md); app/news-paths.test.ts checks each against the route table. A
 * station's card sits under its merchant and a banner's form differs by its type: the item says
 * both while they exist; once gone, the item leads to their list.
 */
type Linked = Pick<TimelineItem, 'kind' | 'subject_id' | 'merchant_id' | 'banner_type'>;

const PATHS: Record<NewsKind, (item: Linked) => string> = {
  merchant_created: (item) => `/merchants/merchant/${item.subject_id}`,
  station_created: (item) =>
    item.merchant_id === null
      ? '/merchants'
      : `/merchants/merchant/${item.merchant_id}/station-info/${item.subject_id}`,
  user_created: (item) => `/users/user/${item.subject_id}`,
  promotion_created: (item) => `/promotions/creating-promotion/${item.subject_id}`,
  banner_created: (item) =>
    item.banner_type === null
      ? '/banners'
      : `/banners/${item.banner_type === 'banner' ? 'create-banner' : 'create-fullscr'}/${item.subject_id}`,
};

/** Where an item of the timeline leads: what it tells of, or the list it is in. */
export function newsPath(item: Linked): string {
  return PATHS[item.kind](item);
}
