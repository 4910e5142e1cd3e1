import type { Paged } from '@evcms/contracts/common';
import type { Referral, ReferralSettings } from '@evcms/contracts/referrals';
import { jsonResponse } from '../../lib/test-fetch.ts';

/** An invitation as the API answers it, for the screen tests: pending unless told. */
export const aReferral = (invitedId: number, overrides: Partial<Referral> = {}): Referral => ({
  invited: { id: invitedId, name: 'Bekov Nurlan', phone: '996555000002', account: '10000002' },
  inviter: { id: 1, name: 'Asanova Aida', phone: '996555000001', account: '10000001' },
  linked_at: '2025-03-01T17:30:00.000Z',
  status: 'pending',
  inviter_bonus: null,
  invited_bonus: null,
  rewarded_at: null,
  charge_id: null,
  ...overrides,
});

export const referralPage = (items: Referral[]) =>
  jsonResponse(200, { items, page: 1, pages: 1, size: 10, total: items.length } satisfies Paged<Referral>);

export const settingsAnswer = (overrides: Partial<ReferralSettings> = {}) =>
  jsonResponse(200, {
    inviter_bonus: 100,
    invited_bonus: 50.5,
    updated_at: '2025-03-01T00:00:00.000Z',
    ...overrides,
  } satisfies ReferralSettings);
