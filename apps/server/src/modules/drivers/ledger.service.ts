import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Paged } from '@evcms/contracts/common';
import type { BalanceMethod, BalanceTopUp } from '@evcms/contracts/driver-balance';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { batchedRows, EXPORT_BATCH_SIZE } from '../../lib/exports/batched-rows.ts';
import { pagedResult, pageRequest, pageWindow } from '../../lib/pagination.ts';
import { managerNames } from '../accounts/accounts.service.ts';
import { getDriver, type DriverDetailRecord } from './drivers.service.ts';
import * as repo from './ledger.repository.ts';

/*
 * The balance ledger: every change of a driver's balance is one entry, written by
 * postBalanceEntry in the transaction that changes the balance, so a balance always equals the
 * sum of its entries (PRODUCT.md, Payment). Managers top up here; the charge services debit
 * through the same function.
 */

/** A ledger entry with its driver and the name of the manager who made it (null: the charge services, or a manager since removed). */
export type BalanceEntryRecord = repo.BalanceEntryRow & { managerName: string | null };

async function withManagerNames(db: Db, rows: readonly repo.BalanceEntryRow[]): Promise<BalanceEntryRecord[]> {
  const names = await managerNames(
    db,
    rows.flatMap((row) => (row.managerId === null ? [] : [row.managerId])),
  );
  return rows.map((row) => ({
    ...row,
    managerName: row.managerId === null ? null : (names.get(row.managerId) ?? null),
  }));
}

export interface LedgerDeps {
  db: Db;
}

export interface BalanceEntryListQuery {
  page?: number | undefined;
  size?: number | undefined;
  period__from?: string | undefined;
  period__to?: string | undefined;
  search?: string | undefined;
  user?: number | undefined;
}

/** A manager's top-up: one credit entry, in one transaction with the balance. Answers the driver. */
export async function topUpBalance(
  deps: LedgerDeps,
  driverId: number,
  input: BalanceTopUp,
  managerId: number,
): Promise<DriverDetailRecord> {
  await deps.db.transaction((tx) =>
    postBalanceEntry(tx, {
      driverId,
      creditTyiyn: input.amount,
      reason: input.reason,
      method: 'manager_top_up',
      managerId,
    }),
  );
  return getDriver(deps, driverId);
}

/** The ledger's filters as the repository takes them (the list and its export). */
function entryFilter(query: Omit<BalanceEntryListQuery, 'page' | 'size'>): repo.BalanceEntryFilter {
  return { from: query.period__from, to: query.period__to, search: query.search, driverId: query.user };
}

/** The ledger, newest first; `user` keeps one driver's entries. */
export async function listBalanceEntries(
  deps: LedgerDeps,
  query: BalanceEntryListQuery,
): Promise<Paged<BalanceEntryRecord>> {
  const page = pageRequest(query);
  const { rows, total } = await repo.listBalanceEntries(deps.db, entryFilter(query), pageWindow(page));
  return pagedResult(await withManagerNames(deps.db, rows), total, page);
}

/** Every entry the ledger's filters select, in its order, in keyset batches (GET /users/payments/export/). */
export function exportBalanceEntries(
  deps: LedgerDeps,
  query: Omit<BalanceEntryListQuery, 'page' | 'size'>,
): AsyncIterable<readonly BalanceEntryRecord[]> {
  const filter = entryFilter(query);
  return batchedRows<BalanceEntryRecord>(
    async (last, limit) => withManagerNames(deps.db, await repo.balanceEntriesAfter(deps.db, filter, last, limit)),
    EXPORT_BATCH_SIZE,
  );
}

// ---- For other modules

/** Money off the balance (a charge) or onto it (a top-up, a refund), in tyiyn: exactly one, above zero. */
export type BalanceMovement =
  { debitTyiyn: number; creditTyiyn?: undefined } | { creditTyiyn: number; debitTyiyn?: undefined };

export type BalanceEntryInput = BalanceMovement & {
  driverId: number;
  /** The spec's "base": why, in words (a manager's reason; the charge services' text). */
  reason: string;
  method: BalanceMethod;
  /** The charge paid for or refunded; a charge is debited at most once (unique index). */
  chargeId?: number | null | undefined;
  /** The manager who made the change, if a manager did. */
  managerId?: number | null | undefined;
  /** When the entry is booked; now unless told (demo data books history). A driver's chain is in id order whatever the dates. */
  at?: Date | undefined;
};

export interface PostedBalanceEntry {
  id: number;
  driverId: number;
  createdAt: Date;
  debitTyiyn: number;
  creditTyiyn: number;
  /** The driver's balance after this entry: the spec's "deposit". */
  balanceAfterTyiyn: number;
}

/**
 * Writes one ledger entry and changes the driver's balance by it, inside the caller's
 * transaction (it refuses to run outside one, where the balance and its entry could part). The
 * balance's UPDATE takes the driver's row lock and holds it to the commit, so concurrent postings
 * to one driver follow each other: each adds to the balance the previous one committed, and the
 * entries' `balance_after` values form a chain. A debit may take the balance below zero: a
 * charge is paid in full for energy already delivered. 404 when there is no such driver.
 */
export async function postBalanceEntry(tx: Db, input: BalanceEntryInput): Promise<PostedBalanceEntry> {
  if (!is(tx, PgTransaction)) throw new Error("postBalanceEntry must run inside the caller's transaction");
  const debitTyiyn = input.debitTyiyn ?? 0;
  const creditTyiyn = input.creditTyiyn ?? 0;
  const whole = (tyiyn: number) => Number.isSafeInteger(tyiyn) && tyiyn >= 0;
  if (!whole(debitTyiyn) || !whole(creditTyiyn) || debitTyiyn > 0 === creditTyiyn > 0) {
    throw new RangeError(
      `A ledger entry debits or credits a whole positive number of tyiyn (debit ${debitTyiyn}, credit ${creditTyiyn})`,
    );
  }
  const balanceAfterTyiyn = await repo.addToBalance(tx, input.driverId, creditTyiyn - debitTyiyn);
  if (balanceAfterTyiyn === undefined) throw notFound();
  // Dated once the lock is held, so a driver's entries are dated in the order of their chain.
  const createdAt = input.at ?? new Date();
  const id = await repo.insertBalanceEntry(tx, {
    driverId: input.driverId,
    createdAt,
    reason: input.reason,
    method: input.method,
    debitTyiyn,
    creditTyiyn,
    balanceAfterTyiyn,
    chargeId: input.chargeId ?? null,
    managerId: input.managerId ?? null,
  });
  return { id, driverId: input.driverId, createdAt, debitTyiyn, creditTyiyn, balanceAfterTyiyn };
}

/**
 * Holds the driver's balance to the end of the caller's transaction, before what decides an entry is
 * read: a second transaction holding it waits, then reads what the first committed (the promotions'
 * count of a driver's paid charges, settled one stop after the other).
 */
export async function holdBalance(tx: Db, driverId: number): Promise<void> {
  if (!is(tx, PgTransaction)) throw new Error("holdBalance must run inside the caller's transaction");
  await repo.lockBalance(tx, driverId);
}
