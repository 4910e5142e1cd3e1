import { DECIMALS, fromMinorUnits } from '@evcms/contracts/decimal';
import type { Lang } from '@evcms/contracts/i18n';
import { presentLocalized } from '@evcms/contracts/localized';
import { PROMOTION_INITIATORS, type Promotion, type PromotionListItem } from '@evcms/contracts/promotions';
import { isActive, STATUS_INACTIVE } from '@evcms/contracts/status';
import { mediaUrl } from '../../lib/uploads.ts';
import type { PromotionDetailRecord, PromotionListRecord } from './promotions.service.ts';

/** Promotions as the API answers them: money in som, the discount in percent, names in the request's language. */

const money = (tyiyn: number) => fromMinorUnits(tyiyn, DECIMALS.money);

export function presentPromotionListItem(promotion: PromotionListRecord, lang: Lang): PromotionListItem {
  // A promotion whose end has passed is inactive, whether or not the sweep has stored it so yet.
  const status = promotion.expired ? STATUS_INACTIVE : promotion.status;
  return {
    id: promotion.id,
    ...presentLocalized('title', promotion.title, lang),
    name: promotion.title[lang],
    image: mediaUrl(promotion.image),
    crop: promotion.crop,
    initiator: promotion.initiator,
    initiator_name: PROMOTION_INITIATORS[promotion.initiator][lang],
    merchant: promotion.merchantId,
    merchant_name: promotion.merchantName?.[lang] ?? null,
    min_charge_amount: money(promotion.minChargeTyiyn),
    min_charges: promotion.minCharges,
    discount_percent:
      promotion.discountBasisPoints === null ? null : fromMinorUnits(promotion.discountBasisPoints, DECIMALS.percent),
    discount_amount: promotion.discountTyiyn === null ? null : money(promotion.discountTyiyn),
    start_at: promotion.startAt.toISOString(),
    end_at: promotion.endAt.toISOString(),
    happy_hours_start: promotion.happyHoursStart,
    happy_hours_end: promotion.happyHoursEnd,
    status,
    active: isActive(status),
    expired: promotion.expired,
    stations_count: promotion.stationIds.length,
    charges_count: promotion.chargesCount,
    created_at: promotion.createdAt.toISOString(),
  };
}

export function presentPromotion(promotion: PromotionDetailRecord, lang: Lang): Promotion {
  return {
    ...presentPromotionListItem(promotion, lang),
    stations: promotion.stations.map((station) => ({
      id: station.id,
      name: station.name[lang],
      merchant: station.merchantId,
    })),
  };
}
