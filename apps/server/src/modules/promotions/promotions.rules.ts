import { localizedChanges } from '@evcms/contracts/localized';
import type { PromotionCreate, PromotionTerms, PromotionUpdate } from '@evcms/contracts/promotions';
import { isActive, STATUS_INACTIVE, type Status } from '@evcms/contracts/status';
import { localizedValues } from '../../db/schema/localized.ts';
import { uniqueIds } from '../../lib/bulk.ts';
import { storedCrop } from '../../lib/media-files.ts';
import type { PromotionRecord, PromotionValues } from './promotions.repository.ts';

/** Rules of promotions (spec 5, PRODUCT.md), as plain functions over records and requests. */

// ---- The end of a promotion

/** Its end has passed: whatever its stored status, it gives no discount and shows as inactive. */
export function isExpired(promotion: { endAt: Date }, now: Date): boolean {
  return promotion.endAt.getTime() <= now.getTime();
}

/** The status shown: inactive once its end has passed, until the sweep stores it so. */
export function shownStatus(promotion: { status: Status; endAt: Date }, now: Date): Status {
  return isExpired(promotion, now) ? STATUS_INACTIVE : promotion.status;
}

/** Spec 5: a promotion whose period has passed cannot be activated. */
export function activatesExpired(promotion: { status: Status; endAt: Date }, now: Date): boolean {
  return isActive(promotion.status) && isExpired(promotion, now);
}

/** An active promotion cannot be deleted; one whose end passed is no longer active. */
export function canDelete(promotion: { status: Status; endAt: Date }, now: Date): boolean {
  return !isActive(shownStatus(promotion, now));
}

// ---- A promotion as it will be stored

/** A promotion as a create or an update will store it: its columns and its stations. */
export type Terms = Omit<PromotionRecord, 'id' | 'image' | 'createdAt'>;

/** What the cross-field rules of the contract read of it. */
export function termsOf(promotion: Terms): PromotionTerms {
  return {
    initiator: promotion.initiator,
    merchant: promotion.merchantId,
    minChargeTyiyn: promotion.minChargeTyiyn,
    discountBasisPoints: promotion.discountBasisPoints,
    discountTyiyn: promotion.discountTyiyn,
    stations: promotion.stationIds,
    startAt: promotion.startAt,
    endAt: promotion.endAt,
    happyHoursStart: promotion.happyHoursStart,
    happyHoursEnd: promotion.happyHoursEnd,
  };
}

const ascending = (ids: readonly number[]) => uniqueIds(ids).sort((a, b) => a - b);

/** A create request as it will be stored. */
export function created(input: PromotionCreate): Terms {
  return {
    title: { ru: input.title_ru, en: input.title_en, ky: input.title_ky },
    crop: storedCrop(input.crop),
    initiator: input.initiator,
    merchantId: input.merchant,
    minChargeTyiyn: input.min_charge_amount,
    minCharges: input.min_charges,
    discountBasisPoints: input.discount_percent,
    discountTyiyn: input.discount_amount,
    startAt: input.start_at,
    endAt: input.end_at,
    happyHoursStart: input.happy_hours_start,
    happyHoursEnd: input.happy_hours_end,
    status: input.status,
    stationIds: ascending(input.stations),
  };
}

/** `current` with the fields of `input` that were sent (null is a value: a field cleared). */
export function merged(current: PromotionRecord, input: PromotionUpdate): Terms {
  const sent = <T>(value: T | undefined, kept: T) => (value === undefined ? kept : value);
  return {
    title: { ...current.title, ...localizedChanges('title', input) },
    crop: input.crop === undefined ? current.crop : storedCrop(input.crop),
    initiator: sent(input.initiator, current.initiator),
    merchantId: sent(input.merchant, current.merchantId),
    minChargeTyiyn: sent(input.min_charge_amount, current.minChargeTyiyn),
    minCharges: sent(input.min_charges, current.minCharges),
    discountBasisPoints: sent(input.discount_percent, current.discountBasisPoints),
    discountTyiyn: sent(input.discount_amount, current.discountTyiyn),
    startAt: sent(input.start_at, current.startAt),
    endAt: sent(input.end_at, current.endAt),
    happyHoursStart: sent(input.happy_hours_start, current.happyHoursStart),
    happyHoursEnd: sent(input.happy_hours_end, current.happyHoursEnd),
    status: sent(input.status, current.status),
    stationIds: input.stations ? ascending(input.stations) : current.stationIds,
  };
}

/** The columns of `terms`; a merchant is kept only for a merchant's promotion (the form may leave one chosen). */
export function promotionValues(terms: Terms): Omit<PromotionValues, 'image'> {
  const { stationIds: _stations, title, ...columns } = terms;
  return {
    ...localizedValues('title', title),
    ...columns,
    merchantId: terms.initiator === 'merchant' ? terms.merchantId : null,
  };
}
