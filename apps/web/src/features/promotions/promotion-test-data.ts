import type { Promotion, PromotionListItem } from '@evcms/contracts/promotions';

/** A promotion as the list answers it, for the screen tests: 10 % off at two stations, all of December 2026. */
export const aPromotionRow = (
  id: number,
  name: string,
  overrides: Partial<PromotionListItem> = {},
): PromotionListItem => {
  const status = overrides.status ?? 1;
  return {
    id,
    title: name,
    title_ru: name,
    title_en: name,
    title_ky: name,
    name,
    image: `/media/promotions/${id}.jpg`,
    crop: null,
    initiator: 'company',
    initiator_name: 'Company',
    merchant: null,
    merchant_name: null,
    min_charge_amount: 0,
    min_charges: 0,
    discount_percent: 10,
    discount_amount: null,
    // Bishkek midnight to midnight: 01.12.2026 00:00 to 01.01.2027 00:00 on screen.
    start_at: '2026-11-30T18:00:00.000Z',
    end_at: '2026-12-31T18:00:00.000Z',
    happy_hours_start: null,
    happy_hours_end: null,
    expired: false,
    stations_count: 2,
    charges_count: 0,
    created_at: '2026-11-20T08:30:00.000Z',
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
