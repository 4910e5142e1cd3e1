import type { PromotionListItem } from '../promotions.ts';

/*
 * Example records of the promotions' answers, for the web's test data (the promotions screens, the
 * charge list's promotion filter). For tests only: lint refuses an import from any other file.
 */

/** An inactive promotion as the list answers it: 10 % off at two stations, all of December 2026 in Bishkek. */
export const tenPercentInDecember: PromotionListItem = {
  id: 1,
  title: 'Ten percent',
  title_ru: 'Ten percent',
  title_en: 'Ten percent',
  title_ky: 'Ten percent',
  name: 'Ten percent',
  image: '/media/promotion-images/1.jpg',
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
  status: 1,
  active: false,
  expired: false,
  stations_count: 2,
  charges_count: 0,
  created_at: '2026-11-20T08:30:00.000Z',
};
