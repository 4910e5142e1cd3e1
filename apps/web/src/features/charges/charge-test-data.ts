import type { ChargeDetail, ChargeListItem } from '@evcms/contracts/charges';
import type { Paged } from '@evcms/contracts/common';
import { jsonResponse } from '../../lib/test-fetch.ts';

/** A charge as the list answers it: a driver's finished, paid charge of 12.345 kWh unless told otherwise. */
export const aCharge = (id: number, overrides: Partial<ChargeListItem> = {}): ChargeListItem => ({
  id,
  driver: { id: 7, name: 'Asanov Bakyt', phone: '996555123456', account: '10000007' },
  id_tag: '04A1B2C3',
  station: { id: 3, name: 'Ala-Too' },
  connector: { ocpp_16_id: 2, typo: 'ccs2', typo_name: 'CCS Combo 2' },
  started_at: '2024-05-06T08:30:00.000Z',
  finished_at: '2024-05-06T10:00:00.000Z',
  duration_seconds: 5400,
  consumed: 12.345,
  price: 10,
  amount: 123.45,
  discount: 0,
  total: 123.45,
  payment_method: 'balance',
  payment_method_name: 'Personal balance',
  status: 'finished',
  status_name: 'Finished',
  result: 'successful',
  stop_reason: 'EVDisconnected',
  refusal: null,
  review_reason: null,
  ...overrides,
});

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
  source: 'card',
  source_name: 'Card at the station',
  reservation_id: null,
  stop_requested_at: null,
  ...overrides,
});

export const page = <T>(items: T[]): Response =>
  jsonResponse(200, { items, page: 1, pages: 1, size: 10, total: items.length } satisfies Paged<T>);
