import type { Paged } from '@evcms/contracts/common';
import type { Localized } from '@evcms/contracts/localized';
import {
  promotionTermsProblems,
  type PromotionCreate,
  type PromotionFilters,
  type PromotionUpdate,
} from '@evcms/contracts/promotions';
import { isActive, STATUS_INACTIVE, type StatusesRequest } from '@evcms/contracts/status';
import type { Db } from '../../db/client.ts';
import { changeEveryIdOrNone, uniqueIds } from '../../lib/bulk.ts';
import { violatedConstraint } from '../../lib/db-errors.ts';
import { conflict, fieldError, notFound } from '../../lib/errors.ts';
import { keepFiles, removeFiles, type FileDeps, type IncomingFile } from '../../lib/media-files.ts';
import { pagedResult, pageRequest, pageWindow, PICKER_SIZE_CAP } from '../../lib/pagination.ts';
import { recordNews } from '../news/news.service.ts';
import {
  merchantNames,
  promotionChargeCounts,
  stationNames,
  type PromotionStationName,
} from '../read-models/promotion-names.read-model.ts';
import { promotionsChanged } from './promotion-discounts.service.ts';
import * as repo from './promotions.repository.ts';
import {
  activatesExpired,
  canDelete,
  isExpired,
  created,
  merged,
  promotionValues,
  termsOf,
  type Terms,
} from './promotions.rules.ts';

/* Promotions: reading, creating, editing, status changes, deletion and the end's sweep, each write in one transaction. */

export type { PromotionRecord } from './promotions.repository.ts';
export type { PromotionStationName } from '../read-models/promotion-names.read-model.ts';

export interface PromotionsDeps extends FileDeps {
  db: Db;
}

export interface PromotionListRecord extends repo.PromotionRecord {
  /** Its end had passed when it was read: shown inactive whatever its stored status. */
  expired: boolean;
  merchantName: Localized | null;
  chargesCount: number;
}

export interface PromotionDetailRecord extends PromotionListRecord {
  stations: PromotionStationName[];
}

/** The image of a create or an update (the route's multipart hook streams it). */
export type PromotionImage = { image?: IncomingFile | undefined };

/** Where the images are kept in the media store. */
export const PROMOTION_IMAGES_FOLDER = 'promotion-images';

// ---- Reading

/** Merchant names and charge counts of a page, from the read model: two queries, one after the other (`db` may be a transaction). */
async function withNames(db: Db, rows: repo.PromotionRecord[], now: Date): Promise<PromotionListRecord[]> {
  const names = await merchantNames(
    db,
    uniqueIds(rows.flatMap((row) => (row.merchantId === null ? [] : [row.merchantId]))),
  );
  const counts = await promotionChargeCounts(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...row,
    expired: isExpired(row, now),
    merchantName: row.merchantId === null ? null : (names.get(row.merchantId) ?? null),
    chargesCount: counts.get(row.id) ?? 0,
  }));
}

export async function getPromotion(deps: { db: Db }, id: number): Promise<PromotionDetailRecord> {
  const promotion = await repo.findPromotion(deps.db, id);
  if (!promotion) throw notFound();
  const [listed] = await withNames(deps.db, [promotion], new Date());
  return { ...listed!, stations: await stationNames(deps.db, promotion.stationIds) };
}

export async function listPromotions(deps: { db: Db }, query: PromotionFilters): Promise<Paged<PromotionListRecord>> {
  const now = new Date();
  // The list is also the promotions' picker (the charge list's and the report's filters name up to 1000).
  const page = pageRequest(query, PICKER_SIZE_CAP);
  const filter = {
    search: query.search,
    active: query.active,
    status: query.status,
    periodFrom: query.period__from,
    periodTo: query.period__to,
    stationIds: query.station_id__in,
  };
  const { rows, total } = await repo.listPromotions(deps.db, filter, pageWindow(page), now);
  return pagedResult(await withNames(deps.db, rows, now), total, page);
}

// ---- Writing

/** The constraints the database settles: stations and merchants that are not there, charges that name the promotion. */
function mappedViolation(error: unknown): unknown {
  const constraint = violatedConstraint(error)?.constraint;
  if (constraint === 'promotion_stations_station_id_stations_id_fk') return fieldError('stations', 'invalid_choice');
  if (constraint === 'promotions_merchant_id_merchants_id_fk') return fieldError('merchant', 'invalid_choice');
  if (constraint === 'charges_promotion_id_promotions_id_fk') return conflict('promotion_used_delete');
  return error;
}

/** The first problem of spec 5's cross-field rules as a 400 on its field. */
function checkTerms(terms: Terms): void {
  const [first] = promotionTermsProblems(termsOf(terms));
  if (first) throw fieldError(first.field, first.message);
}

/** The image moved into the store; the caller removes it if its write fails. */
async function keepImage(deps: PromotionsDeps, image: IncomingFile | undefined): Promise<string | undefined> {
  if (!image) return undefined;
  const [stored] = await keepFiles(deps, [{ file: image, folder: PROMOTION_IMAGES_FOLDER }]);
  return stored;
}

/**
 * Creates the promotion with its stations, image and news event in one transaction (409 when it
 * would be active with its end passed); answers the detail.
 */
export async function createPromotion(
  deps: PromotionsDeps,
  input: PromotionCreate & PromotionImage,
  managerId: number | null,
): Promise<PromotionDetailRecord> {
  const terms = created(input);
  checkTerms(terms);
  if (activatesExpired(terms, new Date())) throw conflict('promotion_expired_activate');
  // The route's schema requires the image; a caller without one is a programming error.
  if (!input.image) throw fieldError('image', 'promotion_image_required');
  const image = (await keepImage(deps, input.image))!;
  let id: number;
  try {
    id = await deps.db.transaction(async (tx) => {
      const promotionId = await repo.insertPromotion(tx, { ...promotionValues(terms), image, createdBy: managerId });
      await repo.replacePromotionStations(tx, promotionId, terms.stationIds);
      await recordNews(tx, 'promotion_created', promotionId, terms.title, managerId);
      return promotionId;
    });
  } catch (error) {
    await removeFiles(deps, [image]);
    throw mappedViolation(error);
  }
  promotionsChanged(deps.db);
  return getPromotion(deps, id);
}

/**
 * Changes the fields sent (`stations` sent replaces the list, an image sent replaces the image),
 * the rules checked on the promotion as it will be. Activating one whose end has passed is a 409;
 * an edit that leaves an active promotion's end passed, without asking to activate it, stores it
 * inactive, as the sweep would. An active promotion may be edited. The old image goes after the commit.
 */
export async function updatePromotion(
  deps: PromotionsDeps,
  id: number,
  input: PromotionUpdate & PromotionImage,
): Promise<PromotionDetailRecord> {
  const image = await keepImage(deps, input.image);
  let replaced: string | undefined;
  try {
    replaced = await deps.db.transaction(async (tx) => {
      const current = await repo.findPromotion(tx, id, { forUpdate: true });
      if (!current) throw notFound();
      const next = merged(current, input);
      checkTerms(next);
      if (activatesExpired(next, new Date())) {
        if (input.status !== undefined) throw conflict('promotion_expired_activate');
        next.status = STATUS_INACTIVE;
      }
      await repo.updatePromotion(tx, id, { ...promotionValues(next), ...(image && { image }) });
      if (input.stations) await repo.replacePromotionStations(tx, id, next.stationIds);
      return image && current.image;
    });
  } catch (error) {
    if (image) await removeFiles(deps, [image]);
    throw mappedViolation(error);
  }
  promotionsChanged(deps.db);
  if (replaced) await removeFiles(deps, [replaced]);
  return getPromotion(deps, id);
}

/**
 * Every id gets the status, or none does: a missing id is a 404 naming it, activating a
 * promotion whose end has passed a 409. Answers list records in the order asked.
 */
export async function setPromotionStatuses(deps: { db: Db }, input: StatusesRequest): Promise<PromotionListRecord[]> {
  const now = new Date();
  const changed = await changeEveryIdOrNone(deps.db, input.ids, async (tx, ids) => {
    await repo.lockPromotions(tx, ids);
    const found = await repo.listPromotionsByIds(tx, ids);
    // changeEveryIdOrNone answers 404 naming what is missing, with nothing changed.
    if (found.length < ids.length) return found;
    if (isActive(input.status) && found.some((promotion) => isExpired(promotion, now)))
      throw conflict('promotion_expired_activate');
    await repo.setPromotionStatuses(tx, ids, input.status);
    return repo.listPromotionsByIds(tx, ids);
  });
  promotionsChanged(deps.db);
  return withNames(deps.db, changed, now);
}

/** An active promotion (409 'promotion_active_delete') or one a charge used (409 'promotion_used_delete') stays. */
export async function deletePromotion(deps: PromotionsDeps, id: number): Promise<void> {
  let image: string;
  try {
    image = await deps.db.transaction(async (tx) => {
      const promotion = await repo.findPromotion(tx, id, { forUpdate: true });
      if (!promotion) throw notFound();
      if (!canDelete(promotion, new Date())) throw conflict('promotion_active_delete');
      // A charge naming it refuses the delete by its foreign key: no race with a charge being priced.
      await repo.deletePromotion(tx, id);
      return promotion.image;
    });
  } catch (error) {
    throw mappedViolation(error);
  }
  promotionsChanged(deps.db);
  await removeFiles(deps, [image]);
}

/**
 * PRODUCT.md: a promotion whose end passes becomes inactive by itself. Stores status 1 on the
 * active promotions whose end is at or before `now` (promotion-sweep.ts runs it every minute);
 * answers their ids.
 */
export async function deactivateEndedPromotions(deps: { db: Db }, now = new Date()): Promise<number[]> {
  const ids = await repo.deactivateEnded(deps.db, now);
  if (ids.length) promotionsChanged(deps.db);
  return ids;
}
