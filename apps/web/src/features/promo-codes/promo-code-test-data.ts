import type { PromoCode, PromoCodeRedemption } from '@evcms/contracts/promo-codes';

/** A promo code as the list answers it, for the screen tests: 100 som, open validity, unlimited, active. */
export const aPromoCodeRow = (id: number, code: string, overrides: Partial<PromoCode> = {}): PromoCode => {
  const status = overrides.status ?? 0;
  return {
    id,
    code,
    bonus: 100,
    valid_from: null,
    valid_to: null,
    total_uses: null,
    uses_per_driver: 1,
    used_count: 0,
    remaining: null,
    batch: null,
    expired: false,
    created_at: '2026-11-01T06:00:00.000Z',
    ...overrides,
    status,
    active: status === 0,
  };
};

/** A redemption as GET /ads/promo-codes/{id}/redemptions/ answers it. */
export const aRedemption = (id: number, overrides: Partial<PromoCodeRedemption> = {}): PromoCodeRedemption => ({
  id,
  date: '2026-11-20T09:15:00.000Z',
  driver: { id: 7, name: 'Asanov Bakyt', phone: '996555123456', account: '10000007' },
  manager: 'Administrator',
  amount: 100,
  ...overrides,
});
