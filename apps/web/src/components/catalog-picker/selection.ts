import type { CatalogItem } from './catalog-queries.ts';

/**
 * What a picker has chosen: id -> the item, or undefined for an id it started with but has not
 * seen on any page yet (say, an item made inactive since, which the picker's list leaves out).
 * A Map keeps the order of choosing, which is the order the picker returns.
 */
export type Selection = ReadonlyMap<number, CatalogItem | undefined>;

export function startSelection(ids: readonly number[], known: readonly CatalogItem[] = []): Selection {
  const byId = new Map(known.map((item) => [item.id, item]));
  return new Map(ids.map((id) => [id, byId.get(id)]));
}

/** The selection after a table reported its new keys; rows are the items the table shows now. */
export function applyKeys(selection: Selection, keys: readonly number[], rows: readonly CatalogItem[]): Selection {
  const wanted = new Set(keys);
  const rowById = new Map(rows.map((row) => [row.id, row]));
  const next = new Map<number, CatalogItem | undefined>();
  for (const [id, item] of selection) if (wanted.has(id)) next.set(id, rowById.get(id) ?? item);
  for (const id of keys) if (!next.has(id)) next.set(id, rowById.get(id));
  return next;
}

export function addItems(selection: Selection, items: readonly CatalogItem[]): Selection {
  const next = new Map(selection);
  for (const item of items) next.set(item.id, item);
  return next;
}

export function removeItems(selection: Selection, items: readonly CatalogItem[]): Selection {
  const next = new Map(selection);
  for (const item of items) next.delete(item.id);
  return next;
}

export function hasUnknown(selection: Selection): boolean {
  return [...selection.values()].some((item) => item === undefined);
}

/**
 * The chosen items, unknown ones looked up in `all`. An id found nowhere no longer exists (deleted
 * since the form loaded) and is dropped rather than sent back to the server.
 */
export function chosenItems(selection: Selection, all: readonly CatalogItem[] = []): CatalogItem[] {
  const byId = new Map(all.map((item) => [item.id, item]));
  return [...selection].flatMap(([id, item]) => item ?? byId.get(id) ?? []);
}
