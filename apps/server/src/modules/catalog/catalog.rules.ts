import type { Lang } from '@evcms/contracts/i18n';
import { localizedChanges, type LocalizedKey } from '@evcms/contracts/localized';
import { isActive, statusOf, type Status } from '@evcms/contracts/status';
import type { TitledChanges } from './catalog.repository.ts';

/** Rules of the catalogue, as plain functions over records and requests. */

/** A partial change of a tag or infrastructure item, as validated. */
export type TitledUpdate = Partial<Record<LocalizedKey<'title'>, string | undefined>> & {
  active?: boolean | undefined;
};

/** The change a request makes; an absent field stays as it is. */
export function titledChanges(input: TitledUpdate): TitledChanges {
  const title = localizedChanges('title', input);
  return {
    ...(Object.keys(title).length > 0 && { title }),
    ...(input.active !== undefined && { status: statusOf(input.active) }),
  };
}

/** An active tag or infrastructure item cannot be deleted; it is deactivated first. */
export function canDelete(item: { status: Status }): boolean {
  return !isActive(item.status);
}

/** Sorts by the name in the request's language, as a reader of that language expects. */
export function byName<T>(items: T[], name: (item: T) => string, lang: Lang): T[] {
  const collator = new Intl.Collator(lang, { sensitivity: 'base', numeric: true });
  return [...items].sort((a, b) => collator.compare(name(a), name(b)));
}
