import type { ChargeDetail, ChargeListItem } from '@evcms/contracts/charges';
import type { Paged } from '@evcms/contracts/common';
import { finishedCharge } from '@evcms/contracts/examples/charges';
import type { PromotionListItem } from '@evcms/contracts/promotions';
import { tenPercentInDecember } from '@evcms/contracts/examples/promotions';
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

/** A promotion as GET /ads/promotions/ lists it, for the list's promotion filter: an active one (the promotions screens' row). */
export const aPromotion = (id: number, name: string): PromotionListItem => ({
  ...tenPercentInDecember,
  ...{ id, name, title: name, title_ru: name, title_en: name, title_ky: name },
  status: 0,
  active: true,
  charges_count: 1,
});

export const page = <T>(items: T[]): Response =>
  jsonResponse(200, { items, page: 1, pages: 1, size: 10, total: items.length } satisfies Paged<T>);
