import { and, asc, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { FullscreenCategory, FullscreenDestination } from '@evcms/contracts/banners';
import type { Localized } from '@evcms/contracts/localized';
import { STATUS_ACTIVE } from '@evcms/contracts/status';
import type { Db } from '../../db/client.ts';
import { banners, bannerStations } from '../../db/schema/banners.ts';
import { localizedSelection } from '../../db/schema/localized.ts';
import { promotions, promotionStations } from '../../db/schema/promotions.ts';
import { stations } from '../../db/schema/stations.ts';

/*
 * The drivers' app's feed (modules/app-feed) across banners, promotions and stations: what is
 * showing at `now`, that is active and inside its period, with the active stations each names. An
 * item whose stations are all inactive is shown nowhere, so it is left out (a banner with no
 * stations at all is shown everywhere and stays). Four queries, whatever the number of items.
 */

export interface AppFeedStationRecord {
  id: number;
  name: Localized;
  latitude: string;
  longitude: string;
}

export interface AppFeedBannerRecord {
  id: number;
  type: 'banner' | 'fullscreen';
  name: string;
  image: string;
  link: string;
  startAt: Date;
  endAt: Date;
  buttonName: string | null;
  buttonColour: string | null;
  category: FullscreenCategory | null;
  destination: FullscreenDestination | null;
  /** Its active stations; empty: every station. */
  stationIds: number[];
}

export interface AppFeedPromotionRecord {
  id: number;
  title: Localized;
  image: string;
  discountBasisPoints: number | null;
  discountTyiyn: number | null;
  minChargeTyiyn: number;
  minCharges: number;
  happyHoursStart: string | null;
  happyHoursEnd: string | null;
  startAt: Date;
  endAt: Date;
  stations: AppFeedStationRecord[];
}

export interface AppFeedRecords {
  /** Banners and fullscreens, newest first. */
  banners: AppFeedBannerRecord[];
  /** Newest first. */
  promotions: AppFeedPromotionRecord[];
}

/** The active stations of each of the banners of `ids`; `linked` holds every banner with any station at all. */
async function bannerStationIds(db: Db, ids: number[]) {
  if (!ids.length) return { active: new Map<number, number[]>(), linked: new Set<number>() };
  const rows = await db
    .select({ itemId: bannerStations.bannerId, stationId: bannerStations.stationId, status: stations.status })
    .from(bannerStations)
    .innerJoin(stations, eq(stations.id, bannerStations.stationId))
    .where(inArray(bannerStations.bannerId, ids))
    .orderBy(asc(bannerStations.stationId));
  const active = new Map<number, number[]>();
  const linked = new Set<number>();
  for (const row of rows) {
    linked.add(row.itemId);
    if (row.status !== STATUS_ACTIVE) continue;
    const list = active.get(row.itemId);
    if (list) list.push(row.stationId);
    else active.set(row.itemId, [row.stationId]);
  }
  return { active, linked };
}

async function showingBanners(db: Db, now: Date): Promise<AppFeedBannerRecord[]> {
  const rows = await db
    .select({
      id: banners.id,
      type: banners.type,
      name: banners.name,
      image: banners.image,
      link: banners.link,
      startAt: banners.startAt,
      endAt: banners.endAt,
      buttonName: banners.buttonName,
      buttonColour: banners.buttonColour,
      category: banners.category,
      destination: banners.destination,
    })
    .from(banners)
    .where(and(eq(banners.status, STATUS_ACTIVE), lte(banners.startAt, now), gt(banners.endAt, now)))
    .orderBy(desc(banners.createdAt), desc(banners.id));
  const { active, linked } = await bannerStationIds(
    db,
    rows.map((row) => row.id),
  );
  return rows
    .filter((row) => !linked.has(row.id) || active.has(row.id))
    .map((row) => ({ ...row, stationIds: active.get(row.id) ?? [] }));
}

async function showingPromotions(db: Db, now: Date): Promise<AppFeedPromotionRecord[]> {
  const rows = await db
    .select({
      id: promotions.id,
      title: localizedSelection(promotions, 'title'),
      image: promotions.image,
      discountBasisPoints: promotions.discountBasisPoints,
      discountTyiyn: promotions.discountTyiyn,
      minChargeTyiyn: promotions.minChargeTyiyn,
      minCharges: promotions.minCharges,
      happyHoursStart: promotions.happyHoursStart,
      happyHoursEnd: promotions.happyHoursEnd,
      startAt: promotions.startAt,
      endAt: promotions.endAt,
    })
    .from(promotions)
    .where(and(eq(promotions.status, STATUS_ACTIVE), lte(promotions.startAt, now), gt(promotions.endAt, now)))
    .orderBy(desc(promotions.createdAt), desc(promotions.id));
  if (!rows.length) return [];
  const links = await db
    .select({
      promotionId: promotionStations.promotionId,
      id: stations.id,
      name: localizedSelection(stations, 'name'),
      latitude: stations.latitude,
      longitude: stations.longitude,
    })
    .from(promotionStations)
    .innerJoin(stations, eq(stations.id, promotionStations.stationId))
    .where(
      and(
        inArray(
          promotionStations.promotionId,
          rows.map((row) => row.id),
        ),
        eq(stations.status, STATUS_ACTIVE),
      ),
    )
    .orderBy(asc(stations.id));
  const byPromotion = new Map<number, AppFeedStationRecord[]>();
  for (const { promotionId, ...station } of links) {
    const list = byPromotion.get(promotionId);
    if (list) list.push(station);
    else byPromotion.set(promotionId, [station]);
  }
  // A promotion applies only at its stations: with none active it is shown nowhere.
  return rows.flatMap((row) => {
    const found = byPromotion.get(row.id);
    return found ? [{ ...row, stations: found }] : [];
  });
}

/** What the feed shows at `now`. */
export async function readAppFeed(db: Db, now: Date): Promise<AppFeedRecords> {
  const [bannerRows, promotionRows] = await Promise.all([showingBanners(db, now), showingPromotions(db, now)]);
  return { banners: bannerRows, promotions: promotionRows };
}
