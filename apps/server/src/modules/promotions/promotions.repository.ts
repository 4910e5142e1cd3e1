import { and, asc, count, desc, eq, gt, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { LANGUAGES, type Lang } from '@evcms/contracts/i18n';
import type { Localized } from '@evcms/contracts/localized';
import type { PromotionInitiator } from '@evcms/contracts/promotions';
import { isActive, STATUS_ACTIVE, STATUS_INACTIVE, type Status } from '@evcms/contracts/status';
import type { Db } from '../../db/client.ts';
import { localizedSelection } from '../../db/schema/localized.ts';
import { promotions, promotionStations, type StoredCrop } from '../../db/schema/promotions.ts';
import { lockInIdOrder } from '../../lib/bulk.ts';
import { dayStart } from '../../lib/periods.ts';
import { containsPattern, searchedId } from '../../lib/search.ts';

export type PromotionValues = Omit<typeof promotions.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** A promotion as the service works with it: money in tyiyn, its stations' ids ascending. */
export interface PromotionRecord {
  id: number;
  title: Localized;
  image: string;
  crop: StoredCrop | null;
  initiator: PromotionInitiator;
  merchantId: number | null;
  minChargeTyiyn: number;
  minCharges: number;
  discountBasisPoints: number | null;
  discountTyiyn: number | null;
  startAt: Date;
  endAt: Date;
  /** HH:mm:ss in Bishkek, or null (no happy hours). */
  happyHoursStart: string | null;
  happyHoursEnd: string | null;
  status: Status;
  createdAt: Date;
  stationIds: number[];
}

const promotionColumns = {
  id: promotions.id,
  title: localizedSelection(promotions, 'title'),
  image: promotions.image,
  crop: promotions.crop,
  initiator: promotions.initiator,
  merchantId: promotions.merchantId,
  minChargeTyiyn: promotions.minChargeTyiyn,
  minCharges: promotions.minCharges,
  discountBasisPoints: promotions.discountBasisPoints,
  discountTyiyn: promotions.discountTyiyn,
  startAt: promotions.startAt,
  endAt: promotions.endAt,
  happyHoursStart: promotions.happyHoursStart,
  happyHoursEnd: promotions.happyHoursEnd,
  status: promotions.status,
  createdAt: promotions.createdAt,
};

type PromotionRow = Omit<PromotionRecord, 'stationIds'>;

/** The station ids of a page of promotions: one query. */
async function withStations(db: Db, rows: PromotionRow[]): Promise<PromotionRecord[]> {
  if (!rows.length) return [];
  const links = await db
    .select({ promotionId: promotionStations.promotionId, stationId: promotionStations.stationId })
    .from(promotionStations)
    .where(
      inArray(
        promotionStations.promotionId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(promotionStations.stationId));
  const byPromotion = new Map<number, number[]>();
  for (const link of links)
    byPromotion.set(link.promotionId, [...(byPromotion.get(link.promotionId) ?? []), link.stationId]);
  return rows.map((row) => ({ ...row, stationIds: byPromotion.get(row.id) ?? [] }));
}

export interface PromotionFilter {
  search?: string | undefined;
  /** As shown: a promotion whose end has passed is inactive whatever its stored status. */
  active?: boolean | undefined;
  /** The same as `active`, as a status number (0 active, 1 inactive). */
  status?: number | undefined;
  /** Bishkek days (YYYY-MM-DD) the promotion's period must meet; either end may be open. */
  periodFrom?: string | undefined;
  periodTo?: string | undefined;
  stationIds?: number[] | undefined;
}

const titleColumns: Record<Lang, typeof promotions.titleRu> = localizedSelection(promotions, 'title');

/** Active as the list shows it: stored active and not yet ended (inactive: either not). */
function shownActive(active: boolean, now: Date): SQL | undefined {
  return active
    ? and(eq(promotions.status, STATUS_ACTIVE), gt(promotions.endAt, now))
    : or(eq(promotions.status, STATUS_INACTIVE), lte(promotions.endAt, now));
}

/** `search` matches a title in any language ignoring case, or the id exactly when it is a number. */
function promotionWhere(filter: PromotionFilter, now: Date): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.search) {
    const id = searchedId(filter.search);
    const pattern = containsPattern(filter.search);
    conditions.push(
      or(
        ...LANGUAGES.map((lang) => ilike(titleColumns[lang], pattern)),
        id === undefined ? undefined : eq(promotions.id, id),
      ),
    );
  }
  if (filter.active !== undefined) conditions.push(shownActive(filter.active, now));
  if (filter.status !== undefined) conditions.push(shownActive(isActive(filter.status), now));
  if (filter.periodFrom !== undefined) conditions.push(sql`${promotions.endAt} > ${dayStart(filter.periodFrom)}`);
  if (filter.periodTo !== undefined) conditions.push(sql`${promotions.startAt} < ${dayStart(filter.periodTo, 1)}`);
  if (filter.stationIds?.length)
    conditions.push(
      sql`${promotions.id} in (select ${promotionStations.promotionId} from ${promotionStations} where ${inArray(promotionStations.stationId, filter.stationIds)})`,
    );
  return and(...conditions);
}

/** Newest first: one query for the page, one for the count, one for the page's stations. */
export async function listPromotions(
  db: Db,
  filter: PromotionFilter,
  window: { limit: number; offset: number },
  now: Date,
) {
  const where = promotionWhere(filter, now);
  const [rows, [total]] = await Promise.all([
    db
      .select(promotionColumns)
      .from(promotions)
      .where(where)
      .orderBy(desc(promotions.createdAt), desc(promotions.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ value: count() }).from(promotions).where(where),
  ]);
  return { rows: await withStations(db, rows as PromotionRow[]), total: total?.value ?? 0 };
}

export async function listPromotionsByIds(db: Db, ids: readonly number[]): Promise<PromotionRecord[]> {
  if (!ids.length) return [];
  const rows = await db
    .select(promotionColumns)
    .from(promotions)
    .where(inArray(promotions.id, [...ids]));
  return withStations(db, rows as PromotionRow[]);
}

/** The promotion, locked for a change with `forUpdate`; undefined when there is none. */
export async function findPromotion(
  db: Db,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<PromotionRecord | undefined> {
  const query = db.select(promotionColumns).from(promotions).where(eq(promotions.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row && (await withStations(db, [row as PromotionRow]))[0];
}

export async function insertPromotion(db: Db, values: PromotionValues): Promise<number> {
  const [row] = await db.insert(promotions).values(values).returning({ id: promotions.id });
  return row!.id;
}

export async function updatePromotion(db: Db, id: number, values: Partial<PromotionValues>): Promise<void> {
  await db
    .update(promotions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(promotions.id, id));
}

/** The promotion's stations become `stationIds`. */
export async function replacePromotionStations(db: Db, id: number, stationIds: readonly number[]): Promise<void> {
  await db.delete(promotionStations).where(eq(promotionStations.promotionId, id));
  if (stationIds.length)
    await db.insert(promotionStations).values(stationIds.map((stationId) => ({ promotionId: id, stationId })));
}

/** Locks the rows of `ids` in id order (bulk changes), so overlapping changes wait for each other. */
export function lockPromotions(db: Db, ids: readonly number[]): Promise<void> {
  return lockInIdOrder(db, promotions, promotions.id, ids);
}

export async function setPromotionStatuses(db: Db, ids: readonly number[], status: Status): Promise<void> {
  if (!ids.length) return;
  await db
    .update(promotions)
    .set({ status, updatedAt: new Date() })
    .where(inArray(promotions.id, [...ids]));
}

/** Makes inactive the active promotions whose end is at or before `now`; answers their ids. */
export async function deactivateEnded(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .update(promotions)
    .set({ status: STATUS_INACTIVE, updatedAt: now })
    .where(and(eq(promotions.status, STATUS_ACTIVE), lte(promotions.endAt, now)))
    .returning({ id: promotions.id });
  return rows.map((row) => row.id);
}

/** Deletes the promotion; its station links go with it. */
export async function deletePromotion(db: Db, id: number): Promise<void> {
  await db.delete(promotions).where(eq(promotions.id, id));
}
