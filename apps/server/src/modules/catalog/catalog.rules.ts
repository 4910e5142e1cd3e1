import { STATUS_ACTIVE, STATUS_INACTIVE, type Status } from '@evcms/contracts/catalog';
import type { Lang } from '@evcms/contracts/i18n';
import { AppError } from '../../lib/errors.ts';

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

export function isActive(item: { status: number }): boolean {
  return item.status === STATUS_ACTIVE;
}

export function statusOf(active: boolean): Status {
  return active ? STATUS_ACTIVE : STATUS_INACTIVE;
}

/** An active tag or infrastructure item cannot be deleted; it is deactivated first. */
export function canDelete(item: { status: number }): boolean {
  return !isActive(item);
}

/** The ids asked for once each, in the order first asked. */
export function uniqueIds(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}

/** Ids asked for that were not found, ascending: a bulk change with any of them changes nothing. */
export function missingIds(requested: readonly number[], found: readonly number[]): number[] {
  const present = new Set(found);
  return uniqueIds(requested)
    .filter((id) => !present.has(id))
    .sort((a, b) => a - b);
}

/** A bulk change that names a missing id: 404 naming them, and nothing changed. */
export function objectsNotFound(ids: readonly number[]): AppError {
  return new AppError(404, 'objects_not_found', { params: { ids: ids.join(', ') } });
}

/** Rows in the order their ids were asked for. */
export function inRequestedOrder<T extends { id: number }>(rows: readonly T[], ids: readonly number[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The text of a `*_ru/_en/_ky` triple in the request's language. */
export function inLanguage(texts: { ru: string; en: string; ky: string }, lang: Lang): string {
  return texts[lang];
}

/** A LIKE pattern that matches the text literally anywhere in a value. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A search that is a whole number also matches the id. */
export function searchedId(search: string): number | undefined {
  return /^\d{1,9}$/.test(search) ? Number(search) : undefined;
}

/** Sorts by the name in the request's language, as a reader of that language expects. */
export function byName<T>(items: T[], name: (item: T) => string, lang: Lang): T[] {
  const collator = new Intl.Collator(lang, { sensitivity: 'base', numeric: true });
  return [...items].sort((a, b) => collator.compare(name(a), name(b)));
}
