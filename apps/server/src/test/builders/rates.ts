import { rateCreateRequest, type RateCreateRequest } from '@evcms/contracts/rates';
import { STATUS_ACTIVE, STATUS_INACTIVE, type Status } from '@evcms/contracts/status';
import type { Database } from '../../db/client.ts';
import { createRate, type RateRecord } from '../../modules/rates/rates.service.ts';
import { next } from './sequence.ts';

/** A valid rate create request: an inactive default rate for Type 2 at 12.50 som per kWh, with overrides. */
export function aRateRequest(overrides: Partial<RateCreateRequest> = {}): RateCreateRequest {
  return { name: `Rate ${next()}`, type: 'default', typo: 'type2', price: 12.5, ...overrides };
}

/**
 * A rate made through the rates service (an active one is checked against the rates already
 * active): inactive, default, Type 2, 12.50 som (1250 tyiyn) unless told; a personal one needs `merchantIds`.
 */
export async function aRate(
  database: Database,
  overrides: Partial<Pick<RateRecord, 'name' | 'type' | 'typo' | 'priceTyiyn' | 'status' | 'merchantIds'>> = {},
): Promise<RateRecord> {
  const { merchantIds = [], priceTyiyn = 1250, status = STATUS_INACTIVE as Status, ...values } = overrides;
  const input = rateCreateRequest.parse({
    ...aRateRequest(values),
    price: priceTyiyn / 100,
    status,
    merchants: merchantIds,
  });
  return createRate({ db: database.db }, input);
}

/** An active personal rate of the merchants given, through aRate (Type 2 at 12.50 som unless told). */
export function anActivePersonalRate(
  database: Database,
  merchantIds: number[],
  overrides: Partial<Pick<RateRecord, 'name' | 'typo' | 'priceTyiyn'>> = {},
): Promise<RateRecord> {
  return aRate(database, { ...overrides, type: 'personal', status: STATUS_ACTIVE, merchantIds });
}
