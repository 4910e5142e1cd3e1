import { AppError } from './errors.ts';

/** Bulk changes by id (`PATCH .../statuses/`) change every id asked for or none. */

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
