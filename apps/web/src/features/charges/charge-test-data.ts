import type { ChargeDetail, ChargeListItem } from '@evcms/contracts/charges';
import type { Paged } from '@evcms/contracts/common';
import { finishedCharge } from '@evcms/contracts/examples/charges';
import type { PromotionListItem } from '@evcms/contracts/promotions';
import { jsonResponse } from '../../lib/test-fetch.ts';

/** A charge as the list answers it: a driver's finished, paid charge of 12.345 kWh unless told otherwise. */
export const aCharge = (id: number, overrides: Partial<ChargeListItem> = {}): ChargeListItem => ({
  ...finishedCharge,
  id,
  ...overrides,
});

/** What a running charge differs in: 0.761 kWh and 12.56 so far, and no finish, total, payment or result yet. */
export const running = {
  finished_at: null,
  consumed: 0.761,
  amount: 12.56,
  total: 0,
  payment_method: null,
  status: 'in_progress',
  status_name: 'Charging',
  result: null,
} as const satisfies Partial<ChargeListItem>;

/** The same charge as its detail answers it, with the meter's story. */
export const aChargeDetail = (id: number, overrides: Partial<ChargeDetail> = {}): ChargeDetail => ({
  ...aCharge(id),
  meter_start: 100,
  meter_stop: 112.345,
  last_meter: 112.345,
  last_meter_at: '2024-05-06T10:00:00.000Z',
  power: 49.5,
  soc_percent: 80,
  price_source: 'custom',
  reservation_id: null,
  stop_requested_at: null,
  ...overrides,
});

/** A promotion as GET /ads/promotions/ lists it, for the list's promotion filter: 10 % off at two stations in May 2024. */
export const aPromotion = (id: number, name: string): PromotionListItem => ({
  id,
  title: name,
  title_ru: name,
  title_en: name,
  title_ky: name,
  name,
  image: `/media/promotion-images/${id}.png`,
  crop: null,
  initiator: 'company',
  initiator_name: 'Company',
  merchant: null,
  merchant_name: null,
  min_charge_amount: 0,
  min_charges: 0,
  discount_percent: 10,
  discount_amount: null,
  start_at: '2024-05-01T00:00:00.000Z',
  end_at: '2024-05-31T18:00:00.000Z',
  happy_hours_start: null,
  happy_hours_end: null,
  status: 0,
  active: true,
  expired: false,
  stations_count: 2,
  charges_count: 1,
  created_at: '2024-04-20T06:00:00.000Z',
});

export const page = <T>(items: T[]): Response =>
  jsonResponse(200, { items, page: 1, pages: 1, size: 10, total: items.length } satisfies Paged<T>);
