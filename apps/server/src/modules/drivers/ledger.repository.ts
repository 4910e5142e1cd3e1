import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { BalanceMethod } from '@evcms/contracts/driver-balance';
import type { Db } from '../../db/client.ts';
import { balanceEntries, drivers, listedDriverColumns, type ListedDriver } from '../../db/schema/drivers.ts';
import { withinDays } from '../../lib/periods.ts';
import { searchTextContains } from './drivers.repository.ts';

export type BalanceEntryValues = Omit<typeof balanceEntries.$inferInsert, 'id'>;

/** A ledger entry with what the list shows of its driver (the manager's name comes from the accounts service). */
export interface BalanceEntryRow {
  id: number;
  createdAt: Date;
  driver: ListedDriver;
  reason: string;
  method: BalanceMethod;
  debitTyiyn: number;
  creditTyiyn: number;
  balanceAfterTyiyn: number;
  chargeId: number | null;
  /** Null for the charge services' entries, or when that manager's account is gone. */
  managerId: number | null;
}

/**
 * Adds `deltaTyiyn` to the driver's balance and answers the new balance (undefined: no such
 * driver). The UPDATE locks the row until the transaction ends; a concurrent one waits for that
 * commit and then adds to the balance it left, so no change is lost and the entries written
 * after each form a chain.
 */
export async function addToBalance(db: Db, driverId: number, deltaTyiyn: number): Promise<number | undefined> {
  const [row] = await db
    .update(drivers)
    .set({ balanceTyiyn: sql`${drivers.balanceTyiyn} + ${deltaTyiyn}`, updatedAt: new Date() })
    .where(eq(drivers.id, driverId))
    .returning({ balanceTyiyn: drivers.balanceTyiyn });
  return row?.balanceTyiyn;
}

/** Locks the driver's row (its balance) until the transaction ends. */
export async function lockBalance(db: Db, driverId: number): Promise<void> {
  await db.select({ id: drivers.id }).from(drivers).where(eq(drivers.id, driverId)).for('update');
}

export async function insertBalanceEntry(db: Db, values: BalanceEntryValues): Promise<number> {
  const [row] = await db.insert(balanceEntries).values(values).returning({ id: balanceEntries.id });
  return row!.id;
}

export interface BalanceEntryFilter {
  /** Bishkek days, both included. */
  from?: string | undefined;
  to?: string | undefined;
  /** The driver's name, phone or account. */
  search?: string | undefined;
  driverId?: number | undefined;
}

function entryWhere(filter: BalanceEntryFilter): SQL | undefined {
  return and(
    ...withinDays(balanceEntries.createdAt, filter.from, filter.to),
    filter.search ? searchTextContains(filter.search) : undefined,
    filter.driverId === undefined ? undefined : eq(balanceEntries.driverId, filter.driverId),
  );
}

function selectEntries(db: Db) {
  return db
    .select({
      id: balanceEntries.id,
      createdAt: balanceEntries.createdAt,
      driver: listedDriverColumns,
      reason: balanceEntries.reason,
      method: balanceEntries.method,
      debitTyiyn: balanceEntries.debitTyiyn,
      creditTyiyn: balanceEntries.creditTyiyn,
      balanceAfterTyiyn: balanceEntries.balanceAfterTyiyn,
      chargeId: balanceEntries.chargeId,
      managerId: balanceEntries.managerId,
    })
    .from(balanceEntries)
    .innerJoin(drivers, eq(drivers.id, balanceEntries.driverId));
}

/** Newest first: one query for the page, one for the count (which joins the drivers only to search them). */
export async function listBalanceEntries(
  db: Db,
  filter: BalanceEntryFilter,
  window: { limit: number; offset: number },
) {
  const where = entryWhere(filter);
  const counted = db.select({ value: count() }).from(balanceEntries);
  const [rows, [total]] = await Promise.all([
    selectEntries(db)
      .where(where)
      .orderBy(desc(balanceEntries.createdAt), desc(balanceEntries.id))
      .limit(window.limit)
      .offset(window.offset),
    (filter.search ? counted.innerJoin(drivers, eq(drivers.id, balanceEntries.driverId)) : counted).where(where),
  ]);
  return { rows: rows satisfies BalanceEntryRow[], total: total?.value ?? 0 };
}

/**
 * The ledger's next `limit` entries after `last` in its order (newest first): a keyset batch of
 * an export. From the last entry's stored time, not its JS Date (batched-rows.ts says why).
 */
export function balanceEntriesAfter(
  db: Db,
  filter: BalanceEntryFilter,
  last: BalanceEntryRow | undefined,
  limit: number,
): Promise<BalanceEntryRow[]> {
  const after =
    last &&
    sql`(${balanceEntries.createdAt}, ${balanceEntries.id}) < (select created_at, id from balance_entries where id = ${last.id})`;
  return selectEntries(db)
    .where(and(entryWhere(filter), after))
    .orderBy(desc(balanceEntries.createdAt), desc(balanceEntries.id))
    .limit(limit);
}

export async function findBalanceEntry(db: Db, id: number): Promise<BalanceEntryRow | undefined> {
  const [row] = await selectEntries(db).where(eq(balanceEntries.id, id));
  return row;
}
