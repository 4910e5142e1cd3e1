import { tenPercentInDecember } from '@evcms/contracts/examples/promotions';
import type { Promotion, PromotionListItem } from '@evcms/contracts/promotions';

/** A promotion as the list answers it, for the screen tests: 10 % off at two stations, all of December 2026. */
export const aPromotionRow = (
  id: number,
  name: string,
  overrides: Partial<PromotionListItem> = {},
): PromotionListItem => {
  const status = overrides.status ?? 1;
  return {
    ...tenPercentInDecember,
    ...{ id, name, title: name, title_ru: name, title_en: name, title_ky: name },
    image: `/media/promotions/${id}.jpg`,
    ...overrides,
    status,
    active: status === 0,
  };
};

/** One promotion with its stations, as GET /ads/promotions/{id}/ answers it. */
export const aPromotion = (overrides: Partial<Promotion> = {}): Promotion => ({
  ...aPromotionRow(5, 'Night discount', {
    title_ru: 'Ночная скидка',
    title_ky: 'Түнкү арзандатуу',
    initiator: 'merchant',
    initiator_name: 'Merchant',
    merchant: 7,
    merchant_name: 'Volt Energy',
    min_charge_amount: 100,
    min_charges: 2,
    discount_percent: null,
    discount_amount: 50,
    happy_hours_start: '22:00:00',
    happy_hours_end: '06:00:00',
    status: 0,
  }),
  stations: [
    { id: 11, name: 'Volt Chui', merchant: 7 },
    { id: 12, name: 'Volt Osh', merchant: 7 },
  ],
  ...overrides,
});
