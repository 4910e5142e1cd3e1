/*
 * The rules of a list screen's state, as plain functions: which status filter the URL asks for,
 * and which rows a selection holds.
 */

/** The status filter as the API takes it: 'true' active, 'false' inactive; absent for all. */
export type StatusFilterValue = 'true' | 'false';

/** The URL's filter value; anything else (a malformed or hand-edited URL) means no filter. */
export function readStatusFilter(raw: string | undefined): StatusFilterValue | undefined {
  return raw === 'true' || raw === 'false' ? raw : undefined;
}

/**
 * The selection after a table reported its keys: ids still chosen keep their place, new ones
 * follow in the table's order. The order matters: the bulk rule reads the first picked row.
 */
export function keepPickOrder(previous: readonly number[], keys: readonly number[]): number[] {
  const wanted = new Set(keys);
  const kept = previous.filter((id) => wanted.has(id));
  const known = new Set(kept);
  return [...kept, ...keys.filter((id) => !known.has(id))];
}

/**
 * The selected rows as the current answer has them (so a status changed meanwhile is seen), in
 * pick order; ids no longer on screen are left out.
 */
export function selectedRows<Row extends { id: number }>(ids: readonly number[], rows: readonly Row[]): Row[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
