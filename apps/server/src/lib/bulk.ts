import { inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Status } from '@evcms/contracts/status';
import { queryRows, type Db } from '../db/client.ts';
import { AppError } from './errors.ts';
import { arrayLiteral } from './prepared.ts';

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
function objectsNotFound(ids: readonly number[]): AppError {
  return new AppError(404, 'objects_not_found', { params: { ids: ids.join(', ') } });
}

/** Rows in the order their ids were asked for. */
export function inRequestedOrder<T extends { id: number }>(rows: readonly T[], ids: readonly number[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Runs `change` over the ids (once each) in one transaction and answers the rows it returns in
 * the order asked. An id it returns no row for rolls everything back with a 404 naming it.
 */
export async function changeEveryIdOrNone<T extends { id: number }>(
  db: Db,
  ids: readonly number[],
  change: (tx: Db, ids: number[]) => Promise<T[]>,
): Promise<T[]> {
  const unique = uniqueIds(ids);
  const rows = await db.transaction(async (tx) => {
    const changed = await change(tx, unique);
    const missing = missingIds(
      unique,
      changed.map((row) => row.id),
    );
    if (missing.length) throw objectsNotFound(missing);
    return changed;
  });
  return inRequestedOrder(rows, unique);
}

/**
 * Locks the rows of `ids` in id order before a bulk change writes them. Two transactions changing
 * overlapping sets then wait for each other; left to the UPDATE, each locks rows in the order it
 * meets them on disk, and on PostgreSQL they deadlock.
 */
export async function lockInIdOrder(db: Db, table: PgTable, id: PgColumn, ids: readonly number[]): Promise<void> {
  await db
    .select({ id })
    .from(table)
    .where(inArray(id, [...ids]))
    .orderBy(id)
    .for('update');
}

/** A table whose rows have an id, a status and the time they were last changed. */
type StatusTable = PgTable & { id: PgColumn; status: PgColumn; updatedAt: PgColumn };

/**
 * Sets `status` on every row of `ids` or on none, in one statement, so no transaction stays open
 * (its locks held) across round trips: the rows are locked in id order (as `lockInIdOrder`, so
 * overlapping changes wait for each other), and written only when every id was found, and only
 * where the status differs (a row at it already gets no new version). A missing id answers 404
 * naming it, nothing written. The rows are to be read after it.
 */
export async function setStatusEveryIdOrNone(
  db: Db,
  table: StatusTable,
  ids: readonly number[],
  status: Status,
): Promise<void> {
  const unique = uniqueIds(ids);
  const found = await queryRows<{ id: number }>(
    db,
    sql`with locked as (
      select ${table.id} as id, ${table.status} as status from ${table}
      where ${table.id} = any(${arrayLiteral(unique)}::int[]) order by ${table.id} for update
    ), changed as (
      update ${table} set ${sql.identifier(table.status.name)} = ${status}, ${sql.identifier(table.updatedAt.name)} = ${new Date().toISOString()}::timestamptz
      from locked where ${table.id} = locked.id and locked.status <> ${status} and (select count(*) from locked) = ${unique.length}
    )
    select id from locked`,
  );
  const missing = missingIds(
    unique,
    found.map((row) => Number(row.id)),
  );
  if (missing.length) throw objectsNotFound(missing);
}
