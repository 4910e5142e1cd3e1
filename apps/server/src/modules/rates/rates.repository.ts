import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { ConnectorType } from '@evcms/contracts/catalog';
import type { RateType } from '@evcms/contracts/rates';
import { isActive, STATUS_ACTIVE, statusOf, type Status } from '@evcms/contracts/status';
import type { Db } from '../../db/client.ts';
import { rateMerchants, rates } from '../../db/schema/rates.ts';
import { lockInIdOrder } from '../../lib/bulk.ts';
import { containsPattern, searchedId } from '../../lib/search.ts';

export type RateValues = Omit<typeof rates.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** A rate as the service works with it: its merchants' ids ascending (none for a default rate). */
export interface RateRecord {
  id: number;
  name: string;
  type: RateType;
  typo: ConnectorType;
  priceTyiyn: number;
  status: Status;
  merchantIds: number[];
  createdAt: Date;
}

const rateColumns = {
  id: rates.id,
  name: rates.name,
  type: rates.type,
  typo: rates.typo,
  priceTyiyn: rates.priceTyiyn,
  status: rates.status,
  createdAt: rates.createdAt,
};

/** The merchant ids of each rate of `rateIds`: one query for a whole page. */
async function withMerchants(db: Db, rows: Omit<RateRecord, 'merchantIds'>[]): Promise<RateRecord[]> {
  if (!rows.length) return [];
  const links = await db
    .select({ rateId: rateMerchants.rateId, merchantId: rateMerchants.merchantId })
    .from(rateMerchants)
    .where(
      inArray(
        rateMerchants.rateId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(rateMerchants.merchantId));
  const byRate = new Map<number, number[]>();
  for (const link of links) {
    const list = byRate.get(link.rateId);
    if (list) list.push(link.merchantId);
    else byRate.set(link.rateId, [link.merchantId]);
  }
  return rows.map((row) => ({ ...row, merchantIds: byRate.get(row.id) ?? [] }));
}

export interface RateFilter {
  search?: string | undefined;
  active?: boolean | undefined;
  /** True: default rates; false: personal ones. */
  isDefault?: boolean | undefined;
  typo?: ConnectorType | undefined;
}

/** `search` matches the name ignoring case, or the id exactly when it is a number. */
function rateWhere(filter: RateFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.search) {
    const id = searchedId(filter.search);
    conditions.push(
      or(ilike(rates.name, containsPattern(filter.search)), id === undefined ? undefined : eq(rates.id, id)),
    );
  }
  if (filter.active !== undefined) conditions.push(eq(rates.status, statusOf(filter.active)));
  if (filter.isDefault !== undefined) conditions.push(eq(rates.type, filter.isDefault ? 'default' : 'personal'));
  if (filter.typo !== undefined) conditions.push(eq(rates.typo, filter.typo));
  return and(...conditions);
}

/** Newest first: one query for the page, one for the count, one for the page's merchants. */
export async function listRates(db: Db, filter: RateFilter, window: { limit: number; offset: number }) {
  const where = rateWhere(filter);
  const [rows, [total]] = await Promise.all([
    db.select(rateColumns).from(rates).where(where).orderBy(desc(rates.id)).limit(window.limit).offset(window.offset),
    db.select({ value: count() }).from(rates).where(where),
  ]);
  return { rows: await withMerchants(db, rows), total: total?.value ?? 0 };
}

export async function listRatesByIds(db: Db, ids: readonly number[]): Promise<RateRecord[]> {
  if (!ids.length) return [];
  return withMerchants(
    db,
    await db
      .select(rateColumns)
      .from(rates)
      .where(inArray(rates.id, [...ids])),
  );
}

/** The rate, locked for a change with `forUpdate`; undefined when there is none. */
export async function findRate(
  db: Db,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<RateRecord | undefined> {
  const query = db.select(rateColumns).from(rates).where(eq(rates.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row && (await withMerchants(db, [row]))[0];
}

/** Active rates of the connector types `typos`, with their merchants: what an activation is checked against. */
export async function listActiveRates(db: Db, typos: readonly ConnectorType[]): Promise<RateRecord[]> {
  if (!typos.length) return [];
  const rows = await db
    .select(rateColumns)
    .from(rates)
    .where(and(eq(rates.status, STATUS_ACTIVE), inArray(rates.typo, [...typos])));
  return withMerchants(db, rows);
}

/** The active default rates, one per connector type at most. */
export function listActiveDefaultRates(db: Db) {
  return db
    .select({ id: rates.id, name: rates.name, typo: rates.typo, priceTyiyn: rates.priceTyiyn })
    .from(rates)
    .where(and(eq(rates.type, 'default'), eq(rates.status, STATUS_ACTIVE)));
}

/**
 * The prices of the merchant's active personal rate and of the active default rate for `typo`
 * (each null when none). One after the other: callers pass their transaction, which is one connection.
 */
export async function findActivePrices(db: Db, merchantId: number, typo: ConnectorType) {
  const [personal] = await db
    .select({ priceTyiyn: rates.priceTyiyn })
    .from(rateMerchants)
    .innerJoin(rates, eq(rates.id, rateMerchants.rateId))
    .where(and(eq(rateMerchants.merchantId, merchantId), eq(rateMerchants.typo, typo), eq(rateMerchants.active, true)))
    .limit(1);
  const [fallback] = await db
    .select({ priceTyiyn: rates.priceTyiyn })
    .from(rates)
    .where(and(eq(rates.type, 'default'), eq(rates.typo, typo), eq(rates.status, STATUS_ACTIVE)))
    .limit(1);
  return { personal: personal?.priceTyiyn ?? null, fallback: fallback?.priceTyiyn ?? null };
}

export async function insertRate(db: Db, values: RateValues): Promise<number> {
  const [row] = await db.insert(rates).values(values).returning({ id: rates.id });
  return row!.id;
}

/**
 * Writes the columns given and keeps the copies on the rate's merchant links in step. A change
 * that deactivates is written before one that activates, by the callers, so that the unique
 * indexes never see two active rates for a moment.
 */
export async function updateRate(db: Db, id: number, values: Partial<RateValues>): Promise<void> {
  await db
    .update(rates)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(rates.id, id));
  if (values.typo !== undefined || values.status !== undefined) {
    await db
      .update(rateMerchants)
      .set({
        ...(values.typo !== undefined && { typo: values.typo }),
        ...(values.status !== undefined && { active: isActive(values.status) }),
      })
      .where(eq(rateMerchants.rateId, id));
  }
}

/** The rate's merchants become `merchantIds`, carrying the rate's connector type and status. */
export async function replaceRateMerchants(
  db: Db,
  rate: { id: number; typo: ConnectorType; status: Status },
  merchantIds: readonly number[],
): Promise<void> {
  await db.delete(rateMerchants).where(eq(rateMerchants.rateId, rate.id));
  if (!merchantIds.length) return;
  await db.insert(rateMerchants).values(
    merchantIds.map((merchantId) => ({
      rateId: rate.id,
      merchantId,
      typo: rate.typo,
      active: isActive(rate.status),
    })),
  );
}

/** Locks the rows of `ids` in id order (bulk changes), so overlapping changes wait for each other. */
export function lockRates(db: Db, ids: readonly number[]): Promise<void> {
  return lockInIdOrder(db, rates, rates.id, ids);
}

/** Sets the status of the rates of `ids`, and of their merchant links. */
export async function setRateStatuses(db: Db, ids: readonly number[], status: Status): Promise<void> {
  if (!ids.length) return;
  await db
    .update(rates)
    .set({ status, updatedAt: new Date() })
    .where(inArray(rates.id, [...ids]));
  await db
    .update(rateMerchants)
    .set({ active: isActive(status) })
    .where(inArray(rateMerchants.rateId, [...ids]));
}

/** Deletes the rate; its merchant links go with it. */
export async function deleteRate(db: Db, id: number): Promise<void> {
  await db.delete(rates).where(eq(rates.id, id));
}
