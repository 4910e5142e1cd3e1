import { describe, expect, it } from 'vitest';
import { bonusEntries, linkRefusal, referralStatus, unlinkRefusal } from './referrals.rules.ts';

describe('linkRefusal', () => {
  const base = { invitedId: 1, inviterId: 2, current: undefined, inChain: false };

  it('lets a new link or a pending one be made', () => {
    expect(linkRefusal(base)).toBeNull();
    expect(linkRefusal({ ...base, current: { inviterDriverId: 3, rewardedAt: null } })).toBeNull();
  });

  it('refuses the driver themselves, a rewarded link and a circle', () => {
    expect(linkRefusal({ ...base, inviterId: 1 })).toEqual({ status: 400, key: 'referral_self' });
    expect(linkRefusal({ ...base, current: { inviterDriverId: 3, rewardedAt: new Date() } })).toEqual({
      status: 409,
      key: 'referral_rewarded',
    });
    expect(linkRefusal({ ...base, inChain: true })).toEqual({ status: 409, key: 'referral_cycle' });
  });
});

describe('the rest', () => {
  it('keeps a rewarded link and says its status', () => {
    expect(unlinkRefusal(undefined)).toBeNull();
    expect(unlinkRefusal({ rewardedAt: new Date() })).toBe('referral_rewarded');
    expect(referralStatus({ rewardedAt: null })).toBe('pending');
    expect(referralStatus({ rewardedAt: new Date() })).toBe('rewarded');
  });

  it('writes an entry for each bonus above 0', () => {
    const reward = { inviterDriverId: 1, invitedDriverId: 2, inviterBonusTyiyn: 0, invitedBonusTyiyn: 500 };
    expect(bonusEntries(reward)).toEqual([{ side: 'invited', driverId: 2, creditTyiyn: 500 }]);
    expect(bonusEntries({ ...reward, invitedBonusTyiyn: null })).toEqual([]);
  });
});
