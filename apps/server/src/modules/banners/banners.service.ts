import {
  bannerTermsProblems,
  type BannerCreate,
  type BannerFilters,
  type BannerUpdate,
} from '@evcms/contracts/banners';
import type { Paged } from '@evcms/contracts/common';
import type { Localized } from '@evcms/contracts/localized';
import { isActive, STATUS_INACTIVE, type StatusesRequest } from '@evcms/contracts/status';
import type { Db } from '../../db/client.ts';
import { changeEveryIdOrNone, uniqueIds } from '../../lib/bulk.ts';
import { violatedConstraint } from '../../lib/db-errors.ts';
import { conflict, fieldError, notFound } from '../../lib/errors.ts';
import { keepFiles, removeFiles, type FileDeps, type FileStore, type IncomingFile } from '../../lib/media-files.ts';
import { pagedResult, pageRequest, pageWindow } from '../../lib/pagination.ts';
import { recordNews } from '../news/news.service.ts';
import {
  merchantNames,
  stationNames,
  type PromotionStationName as StationName,
} from '../read-models/promotion-names.read-model.ts';
import * as repo from './banners.repository.ts';
import {
  activatesEnded,
  bannerValues,
  canDelete,
  copied,
  created,
  isArchived,
  keptStations,
  merged,
  termsOf,
  type Terms,
} from './banners.rules.ts';

/* Banners and fullscreens: reading, creating, editing, copying, status changes and deletion, each write in one transaction. */

export type { BannerRecord } from './banners.repository.ts';

export interface BannersDeps extends FileDeps {
  db: Db;
  media: FileStore & { copy(stored: string, folder: string): Promise<string> };
}

export interface BannerListRecord extends repo.BannerRecord {
  /** Inactive or past its end when it was read. */
  archived: boolean;
  merchantName: Localized | null;
}

export interface BannerDetailRecord extends BannerListRecord {
  stations: StationName[];
}

/** The image of a create or an update (the route's multipart hook streams it). */
export type BannerImage = { image?: IncomingFile | undefined };

/** Where the images are kept in the media store. */
export const BANNER_IMAGES_FOLDER = 'banner-images';

// ---- Reading

async function withNames(db: Db, rows: repo.BannerRecord[], now: Date): Promise<BannerListRecord[]> {
  const names = await merchantNames(
    db,
    uniqueIds(rows.flatMap((row) => (row.merchantId === null ? [] : [row.merchantId]))),
  );
  return rows.map((row) => ({
    ...row,
    archived: isArchived(row, now),
    merchantName: row.merchantId === null ? null : (names.get(row.merchantId) ?? null),
  }));
}

export async function getBanner(deps: { db: Db }, id: number): Promise<BannerDetailRecord> {
  const banner = await repo.findBanner(deps.db, id);
  if (!banner) throw notFound();
  const [listed] = await withNames(deps.db, [banner], new Date());
  return { ...listed!, stations: await stationNames(deps.db, banner.stationIds) };
}

export async function listBanners(deps: { db: Db }, query: BannerFilters): Promise<Paged<BannerListRecord>> {
  const now = new Date();
  const page = pageRequest(query);
  const filter = { type: query.type, archive: query.archive, search: query.search };
  const { rows, total } = await repo.listBanners(deps.db, filter, pageWindow(page), now);
  return pagedResult(await withNames(deps.db, rows, now), total, page);
}

// ---- Writing

/** The constraints the database settles: stations and merchants that are not there. */
function mappedViolation(error: unknown): unknown {
  const constraint = violatedConstraint(error)?.constraint;
  if (constraint === 'banner_stations_station_id_stations_id_fk') return fieldError('stations', 'invalid_choice');
  if (constraint === 'banners_merchant_id_merchants_id_fk') return fieldError('merchant', 'invalid_choice');
  return error;
}

/** The first cross-field problem as a 400 on its field. */
function checkTerms(terms: Terms): void {
  const [first] = bannerTermsProblems(termsOf(terms));
  if (first) throw fieldError(first.field, first.message);
}

/** Writes a new banner with its stations and news event; the caller removes `image` if this fails. */
async function insertWithNews(tx: Db, terms: Terms, image: string, managerId: number | null): Promise<number> {
  const id = await repo.insertBanner(tx, { ...bannerValues(terms), image, createdBy: managerId });
  await repo.replaceBannerStations(tx, id, keptStations(terms));
  const name = terms.name;
  await recordNews(tx, 'banner_created', id, { ru: name, en: name, ky: name }, managerId);
  return id;
}

async function inserted(deps: BannersDeps, terms: Terms, image: string, managerId: number | null): Promise<number> {
  try {
    return await deps.db.transaction((tx) => insertWithNews(tx, terms, image, managerId));
  } catch (error) {
    await removeFiles(deps, [image]);
    throw mappedViolation(error);
  }
}

/** Creates it with its stations, image and news event in one transaction (409 when active with its end passed). */
export async function createBanner(
  deps: BannersDeps,
  input: BannerCreate & BannerImage,
  managerId: number | null,
): Promise<BannerDetailRecord> {
  const terms = created(input);
  checkTerms(terms);
  if (activatesEnded(terms, new Date())) throw conflict('banner_expired_activate');
  // The route's schema requires the image; a caller without one is a programming error.
  if (!input.image) throw fieldError('image', 'banner_image_required');
  const [image] = await keepFiles(deps, [{ file: input.image, folder: BANNER_IMAGES_FOLDER }]);
  return getBanner(deps, await inserted(deps, terms, image!, managerId));
}

/**
 * Changes the fields sent. Activating one whose end has passed is a 409; an edit that leaves an
 * active one's end passed, without asking to activate it, stores it inactive. The old image goes after the commit.
 */
export async function updateBanner(
  deps: BannersDeps,
  id: number,
  input: BannerUpdate & BannerImage,
): Promise<BannerDetailRecord> {
  const [image] = input.image ? await keepFiles(deps, [{ file: input.image, folder: BANNER_IMAGES_FOLDER }]) : [];
  let replaced: string | undefined;
  try {
    replaced = await deps.db.transaction(async (tx) => {
      const current = await repo.findBanner(tx, id, { forUpdate: true });
      if (!current) throw notFound();
      const next = merged(current, input);
      checkTerms(next);
      if (activatesEnded(next, new Date())) {
        if (input.status !== undefined) throw conflict('banner_expired_activate');
        next.status = STATUS_INACTIVE;
      }
      await repo.updateBanner(tx, id, { ...bannerValues(next), ...(image && { image }) });
      if (input.stations) await repo.replaceBannerStations(tx, id, keptStations(next));
      return image && current.image;
    });
  } catch (error) {
    if (image) await removeFiles(deps, [image]);
    throw mappedViolation(error);
  }
  if (replaced) await removeFiles(deps, [replaced]);
  return getBanner(deps, id);
}

/** A new inactive item with the fields, stations and a copy of the image of `id` (docs/decisions.md 'Banners'). */
export async function copyBanner(deps: BannersDeps, id: number, managerId: number | null): Promise<BannerDetailRecord> {
  const original = await repo.findBanner(deps.db, id);
  if (!original) throw notFound();
  // An image file lost from the store (a restore without the media) is said, not a 500.
  const image = await deps.media.copy(original.image, BANNER_IMAGES_FOLDER).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw conflict('banner_image_missing');
    throw error;
  });
  return getBanner(deps, await inserted(deps, copied(original), image, managerId));
}

/** Every id gets the status, or none does: a missing id is a 404, activating one past its end a 409. */
export async function setBannerStatuses(deps: { db: Db }, input: StatusesRequest): Promise<BannerListRecord[]> {
  const now = new Date();
  const changed = await changeEveryIdOrNone(deps.db, input.ids, async (tx, ids) => {
    await repo.lockBanners(tx, ids);
    const found = await repo.listBannersByIds(tx, ids);
    if (found.length < ids.length) return found;
    if (isActive(input.status) && found.some((banner) => activatesEnded({ ...banner, status: input.status }, now)))
      throw conflict('banner_expired_activate');
    await repo.setBannerStatuses(tx, ids, input.status);
    return repo.listBannersByIds(tx, ids);
  });
  return withNames(deps.db, changed, now);
}

/** An active one stays (409 'banner_active_delete'); an archived one goes with its image. */
export async function deleteBanner(deps: BannersDeps, id: number): Promise<void> {
  const image = await deps.db.transaction(async (tx) => {
    const banner = await repo.findBanner(tx, id, { forUpdate: true });
    if (!banner) throw notFound();
    if (!canDelete(banner, new Date())) throw conflict('banner_active_delete');
    await repo.deleteBanner(tx, id);
    return banner.image;
  });
  await removeFiles(deps, [image]);
}
