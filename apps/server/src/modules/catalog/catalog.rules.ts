import type { Lang } from '@evcms/contracts/i18n';
import { isActive, statusOf } from '../../lib/status.ts';

/** Rules of the catalogue, as plain functions over rows. */

/** The list query of tags and infrastructure, as validated. */
export interface TitledListQuery {
  page?: number | undefined;
  size?: number | undefined;
  search?: string | undefined;
  active?: boolean | undefined;
}

/** A partial change of a tag or infrastructure item, as validated. */
export interface TitledChanges {
  title_ru?: string | undefined;
  title_en?: string | undefined;
  title_ky?: string | undefined;
  active?: boolean | undefined;
}

/** The columns a change touches; an absent field stays as it is. */
export function titledValues(input: TitledChanges): { titleRu?: string; titleEn?: string; titleKy?: string; status?: number } {
  return {
    ...(input.title_ru !== undefined && { titleRu: input.title_ru }),
    ...(input.title_en !== undefined && { titleEn: input.title_en }),
    ...(input.title_ky !== undefined && { titleKy: input.title_ky }),
    ...(input.active !== undefined && { status: statusOf(input.active) }),
  };
}

/** An active tag or infrastructure item cannot be deleted; it is deactivated first. */
export function canDelete(item: { status: number }): boolean {
  return !isActive(item);
}

/** Sorts by the name in the request's language, as a reader of that language expects. */
export function byName<T>(items: T[], name: (item: T) => string, lang: Lang): T[] {
  const collator = new Intl.Collator(lang, { sensitivity: 'base', numeric: true });
  return [...items].sort((a, b) => collator.compare(name(a), name(b)));
}
