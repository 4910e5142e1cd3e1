import { and, asc, count, desc, eq, gt, ilike, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { BannerType, FullscreenCategory, FullscreenDestination } from '@evcms/contracts/banners';
import { STATUS_ACTIVE, STATUS_INACTIVE, type Status } from '@evcms/contracts/status';
import type { Db } from '../../db/client.ts';
import { banners, bannerStations } from '../../db/schema/banners.ts';
import type { StoredCrop } from '../../db/schema/columns.ts';
import { lockInIdOrder } from '../../lib/bulk.ts';
import { containsPattern, searchedId } from '../../lib/search.ts';

export type BannerValues = Omit<typeof banners.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** A banner or fullscreen as the service works with it, its stations' ids ascending. */
export interface BannerRecord {
  id: number;
  type: BannerType;
  name: string;
  image: string;
  crop: StoredCrop | null;
  link: string;
  merchantId: number | null;
  startAt: Date;
  endAt: Date;
  status: Status;
  buttonName: string | null;
  buttonColour: string | null;
  category: FullscreenCategory | null;
  destination: FullscreenDestination | null;
  createdAt: Date;
  stationIds: number[];
}

const bannerColumns = {
  id: banners.id,
  type: banners.type,
  name: banners.name,
  image: banners.image,
  crop: banners.crop,
  link: banners.link,
  merchantId: banners.merchantId,
  startAt: banners.startAt,
  endAt: banners.endAt,
  status: banners.status,
  buttonName: banners.buttonName,
  buttonColour: banners.buttonColour,
  category: banners.category,
  destination: banners.destination,
  createdAt: banners.createdAt,
};

type BannerRow = Omit<BannerRecord, 'stationIds'>;

/** The station ids of a page of banners: one query. */
async function withStations(db: Db, rows: BannerRow[]): Promise<BannerRecord[]> {
  if (!rows.length) return [];
  const links = await db
    .select({ bannerId: bannerStations.bannerId, stationId: bannerStations.stationId })
    .from(bannerStations)
    .where(
      inArray(
        bannerStations.bannerId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(bannerStations.stationId));
  const byBanner = new Map<number, number[]>();
  for (const link of links) byBanner.set(link.bannerId, [...(byBanner.get(link.bannerId) ?? []), link.stationId]);
  return rows.map((row) => ({ ...row, stationIds: byBanner.get(row.id) ?? [] }));
}

export interface BannerFilter {
  type: BannerType;
  /** true: inactive or past the end; false: active and not yet ended. */
  archive?: boolean | undefined;
  search?: string | undefined;
}

/** `search` matches the name ignoring case, or the id exactly when it is a number. */
function bannerWhere(filter: BannerFilter, now: Date): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(banners.type, filter.type)];
  if (filter.search) {
    const id = searchedId(filter.search);
    conditions.push(
      or(ilike(banners.name, containsPattern(filter.search)), id === undefined ? undefined : eq(banners.id, id)),
    );
  }
  if (filter.archive === true) conditions.push(or(eq(banners.status, STATUS_INACTIVE), lte(banners.endAt, now)));
  if (filter.archive === false) conditions.push(and(eq(banners.status, STATUS_ACTIVE), gt(banners.endAt, now)));
  return and(...conditions);
}

/** Newest first: one query for the page, one for the count, one for the page's stations. */
export async function listBanners(db: Db, filter: BannerFilter, window: { limit: number; offset: number }, now: Date) {
  const where = bannerWhere(filter, now);
  const [rows, [total]] = await Promise.all([
    db
      .select(bannerColumns)
      .from(banners)
      .where(where)
      .orderBy(desc(banners.createdAt), desc(banners.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ value: count() }).from(banners).where(where),
  ]);
  return { rows: await withStations(db, rows as BannerRow[]), total: total?.value ?? 0 };
}

export async function listBannersByIds(db: Db, ids: readonly number[]): Promise<BannerRecord[]> {
  if (!ids.length) return [];
  const rows = await db
    .select(bannerColumns)
    .from(banners)
    .where(inArray(banners.id, [...ids]));
  return withStations(db, rows as BannerRow[]);
}

/** The banner, locked for a change with `forUpdate`; undefined when there is none. */
export async function findBanner(
  db: Db,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<BannerRecord | undefined> {
  const query = db.select(bannerColumns).from(banners).where(eq(banners.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row && (await withStations(db, [row as BannerRow]))[0];
}

export async function insertBanner(db: Db, values: BannerValues): Promise<number> {
  const [row] = await db.insert(banners).values(values).returning({ id: banners.id });
  return row!.id;
}

export async function updateBanner(db: Db, id: number, values: Partial<BannerValues>): Promise<void> {
  await db
    .update(banners)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(banners.id, id));
}

/** The banner's stations become `stationIds`. */
export async function replaceBannerStations(db: Db, id: number, stationIds: readonly number[]): Promise<void> {
  await db.delete(bannerStations).where(eq(bannerStations.bannerId, id));
  if (stationIds.length)
    await db.insert(bannerStations).values(stationIds.map((stationId) => ({ bannerId: id, stationId })));
}

/** Locks the rows of `ids` in id order (bulk changes), so overlapping changes wait for each other. */
export function lockBanners(db: Db, ids: readonly number[]): Promise<void> {
  return lockInIdOrder(db, banners, banners.id, ids);
}

export async function setBannerStatuses(db: Db, ids: readonly number[], status: Status): Promise<void> {
  if (!ids.length) return;
  await db
    .update(banners)
    .set({ status, updatedAt: new Date() })
    .where(inArray(banners.id, [...ids]));
}

/** Deletes the banner; its station links go with it. */
export async function deleteBanner(db: Db, id: number): Promise<void> {
  await db.delete(banners).where(eq(banners.id, id));
}
