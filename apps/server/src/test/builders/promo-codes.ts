import type { PromoCodeCreate } from '@evcms/contracts/promo-codes';
import type { Database } from '../../db/client.ts';
import { createPromoCode, type PromoCodeListRecord } from '../../modules/promo-codes/promo-codes.service.ts';
import { next } from './sequence.ts';

/** A promo code made through the service: `CODE<n>`, 100 som, open validity, unlimited, once per driver, active; with overrides. */
export async function aPromoCode(
  database: Database,
  overrides: Partial<PromoCodeCreate> = {},
): Promise<PromoCodeListRecord> {
  const input: PromoCodeCreate = {
    code: `CODE${next()}`,
    bonus: 10_000,
    valid_from: null,
    valid_to: null,
    total_uses: null,
    uses_per_driver: 1,
    status: 0,
    ...overrides,
  };
  return createPromoCode({ db: database.db }, input, null);
}
