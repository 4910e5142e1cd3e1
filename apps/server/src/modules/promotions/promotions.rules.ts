import type { PromotionTerms } from '@evcms/contracts/promotions';
import { isActive, STATUS_INACTIVE, type Status } from '@evcms/contracts/status';
import type { PromotionRecord } from './promotions.repository.ts';

/** Rules of promotions (spec 5, PRODUCT.md), as plain functions over records and requests. */

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

/** What the cross-field rules read of a stored (or about to be stored) promotion. */
export function termsOf(
  promotion: Omit<PromotionRecord, 'id' | 'title' | 'image' | 'crop' | 'createdAt'>,
): PromotionTerms {
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
