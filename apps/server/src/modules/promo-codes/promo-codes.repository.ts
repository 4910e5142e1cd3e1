import { and, count, desc, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Status } from '@evcms/contracts/status';
import type { Db } from '../../db/client.ts';
import { promoCodeRedemptions, promoCodes } from '../../db/schema/promo-codes.ts';
import { lockInIdOrder } from '../../lib/bulk.ts';
import { dayStart } from '../../lib/periods.ts';
import { containsPattern } from '../../lib/search.ts';

export type PromoCodeValues = Omit<typeof promoCodes.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'usedCount'>;

/** A promo code as the service works with it. */
export interface PromoCodeRecord {
  id: number;
  code: string;
  bonusTyiyn: number;
  validFrom: Date | null;
  validTo: Date | null;
  totalUses: number | null;
  usesPerDriver: number;
  usedCount: number;
  batch: string | null;
  status: Status;
  createdAt: Date;
}

const columns = {
  id: promoCodes.id,
  code: promoCodes.code,
  bonusTyiyn: promoCodes.bonusTyiyn,
  validFrom: promoCodes.validFrom,
  validTo: promoCodes.validTo,
  totalUses: promoCodes.totalUses,
  usesPerDriver: promoCodes.usesPerDriver,
  usedCount: promoCodes.usedCount,
  batch: promoCodes.batch,
  status: promoCodes.status,
  createdAt: promoCodes.createdAt,
};

export interface PromoCodeFilter {
  search?: string | undefined;
  status?: Status | undefined;
  /** Bishkek days (YYYY-MM-DD) the validity must meet; either end may be open. */
  periodFrom?: string | undefined;
  periodTo?: string | undefined;
}

function promoCodeWhere(filter: PromoCodeFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.search) conditions.push(ilike(promoCodes.code, containsPattern(filter.search)));
  if (filter.status !== undefined) conditions.push(eq(promoCodes.status, filter.status));
  if (filter.periodFrom !== undefined)
    conditions.push(sql`(${promoCodes.validTo} is null or ${promoCodes.validTo} > ${dayStart(filter.periodFrom)})`);
  if (filter.periodTo !== undefined)
    conditions.push(
      sql`(${promoCodes.validFrom} is null or ${promoCodes.validFrom} < ${dayStart(filter.periodTo, 1)})`,
    );
  return and(...conditions);
}

const newestFirst = [desc(promoCodes.createdAt), desc(promoCodes.id)];

export async function listPromoCodes(db: Db, filter: PromoCodeFilter, window: { limit: number; offset: number }) {
  const where = promoCodeWhere(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(promoCodes)
      .where(where)
      .orderBy(...newestFirst)
      .limit(window.limit)
      .offset(window.offset),
    db.select({ value: count() }).from(promoCodes).where(where),
  ]);
  return { rows: rows as PromoCodeRecord[], total: total?.value ?? 0 };
}

/** The export's keyset batch: the list's order, after `last`. */
export async function promoCodesAfter(
  db: Db,
  filter: PromoCodeFilter,
  last: PromoCodeRecord | undefined,
  limit: number,
): Promise<PromoCodeRecord[]> {
  const after =
    last &&
    or(
      lt(promoCodes.createdAt, last.createdAt),
      and(eq(promoCodes.createdAt, last.createdAt), lt(promoCodes.id, last.id)),
    );
  const rows = await db
    .select(columns)
    .from(promoCodes)
    .where(and(promoCodeWhere(filter), after))
    .orderBy(...newestFirst)
    .limit(limit);
  return rows as PromoCodeRecord[];
}

export async function listPromoCodesByIds(db: Db, ids: readonly number[]): Promise<PromoCodeRecord[]> {
  if (!ids.length) return [];
  const rows = await db
    .select(columns)
    .from(promoCodes)
    .where(inArray(promoCodes.id, [...ids]));
  return rows as PromoCodeRecord[];
}

/** The code, locked for a change with `forUpdate`. */
export async function findPromoCode(
  db: Db,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<PromoCodeRecord | undefined> {
  const query = db.select(columns).from(promoCodes).where(eq(promoCodes.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row as PromoCodeRecord | undefined;
}

/** The code as typed in any case (the unique index on lower(code) serves it). */
export async function findPromoCodeByCode(db: Db, code: string): Promise<PromoCodeRecord | undefined> {
  const [row] = await db
    .select(columns)
    .from(promoCodes)
    .where(sql`lower(${promoCodes.code}) = lower(${code})`);
  return row as PromoCodeRecord | undefined;
}

export async function insertPromoCode(db: Db, values: PromoCodeValues): Promise<number> {
  const [row] = await db.insert(promoCodes).values(values).returning({ id: promoCodes.id });
  return row!.id;
}

/** Inserts the codes that do not clash with an existing one (in any case); answers the ids and codes inserted. */
export async function insertNewPromoCodes(db: Db, values: readonly PromoCodeValues[]) {
  if (!values.length) return [];
  return db
    .insert(promoCodes)
    .values([...values])
    .onConflictDoNothing()
    .returning({ id: promoCodes.id, code: promoCodes.code });
}

export async function updatePromoCode(db: Db, id: number, values: Partial<PromoCodeValues>): Promise<void> {
  await db
    .update(promoCodes)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(promoCodes.id, id));
}

export async function deletePromoCode(db: Db, id: number): Promise<void> {
  await db.delete(promoCodes).where(eq(promoCodes.id, id));
}

/**
 * One use of the code, if it may be used now: raises `used_count` in the same statement that
 * checks status, validity and the total limit, and keeps the row locked to the caller's commit, so
 * every process's redemptions of one code follow each other and none passes the limit.
 */
export async function takeOneUse(db: Db, code: string, now: Date): Promise<PromoCodeRecord | undefined> {
  const at = now.toISOString();
  const [row] = await db
    .update(promoCodes)
    .set({ usedCount: sql`${promoCodes.usedCount} + 1`, updatedAt: now })
    .where(
      and(
        sql`lower(${promoCodes.code}) = lower(${code})`,
        eq(promoCodes.status, 0),
        sql`(${promoCodes.validFrom} is null or ${promoCodes.validFrom} <= ${at}::timestamptz)`,
        sql`(${promoCodes.validTo} is null or ${promoCodes.validTo} > ${at}::timestamptz)`,
        sql`(${promoCodes.totalUses} is null or ${promoCodes.usedCount} < ${promoCodes.totalUses})`,
      ),
    )
    .returning(columns);
  return row as PromoCodeRecord | undefined;
}

/** How many times the driver has redeemed the code. */
export async function countDriverRedemptions(db: Db, promoCodeId: number, driverId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(promoCodeRedemptions)
    .where(and(eq(promoCodeRedemptions.promoCodeId, promoCodeId), eq(promoCodeRedemptions.driverId, driverId)));
  return row?.value ?? 0;
}

export async function insertRedemption(db: Db, values: typeof promoCodeRedemptions.$inferInsert): Promise<number> {
  const [row] = await db.insert(promoCodeRedemptions).values(values).returning({ id: promoCodeRedemptions.id });
  return row!.id;
}

/** Whether the code has any redemption (a code with one is never deleted). */
export async function hasRedemptions(db: Db, promoCodeId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: promoCodeRedemptions.id })
    .from(promoCodeRedemptions)
    .where(eq(promoCodeRedemptions.promoCodeId, promoCodeId))
    .limit(1);
  return row !== undefined;
}

/** Locks the rows of `ids` in id order (bulk changes), so overlapping changes wait for each other. */
export function lockPromoCodes(db: Db, ids: readonly number[]): Promise<void> {
  return lockInIdOrder(db, promoCodes, promoCodes.id, ids);
}

export async function setPromoCodeStatuses(db: Db, ids: readonly number[], status: Status): Promise<void> {
  if (!ids.length) return;
  await db
    .update(promoCodes)
    .set({ status, updatedAt: new Date() })
    .where(inArray(promoCodes.id, [...ids]));
}
