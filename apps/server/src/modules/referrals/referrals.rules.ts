import type { MessageKey } from '@evcms/contracts/messages';
import type { ReferralStatus } from '@evcms/contracts/referrals';

/* The referrals' decisions, over what the service read (PRODUCT.md, Referral). */

export interface LinkCheck {
  invitedId: number;
  inviterId: number;
  /** The invited driver's link as it stands, if any. */
  current: { inviterDriverId: number; rewardedAt: Date | null } | undefined;
  /** The invited driver is among the inviter's own inviters (or the inviter itself). */
  inChain: boolean;
}

/** Why the link is refused (400 for the driver themselves, 409 for the others), or null. */
export function linkRefusal(check: LinkCheck): { status: 400 | 409; key: MessageKey } | null {
  if (check.invitedId === check.inviterId) return { status: 400, key: 'referral_self' };
  // Paid once: the bonuses went to this inviter, so the link is history now.
  if (check.current?.rewardedAt) return { status: 409, key: 'referral_rewarded' };
  if (check.inChain) return { status: 409, key: 'referral_cycle' };
  return null;
}

/** A link may be removed while its bonuses are not paid. */
export function unlinkRefusal(current: { rewardedAt: Date | null } | undefined): MessageKey | null {
  return current?.rewardedAt ? 'referral_rewarded' : null;
}

export function referralStatus(row: { rewardedAt: Date | null }): ReferralStatus {
  return row.rewardedAt ? 'rewarded' : 'pending';
}

/** The ledger entries a reward writes: a bonus of 0 writes none. */
export function bonusEntries(reward: {
  inviterDriverId: number;
  invitedDriverId: number;
  inviterBonusTyiyn: number | null;
  invitedBonusTyiyn: number | null;
}): { side: 'inviter' | 'invited'; driverId: number; creditTyiyn: number }[] {
  return [
    { side: 'inviter' as const, driverId: reward.inviterDriverId, creditTyiyn: reward.inviterBonusTyiyn ?? 0 },
    { side: 'invited' as const, driverId: reward.invitedDriverId, creditTyiyn: reward.invitedBonusTyiyn ?? 0 },
  ].filter((entry) => entry.creditTyiyn > 0);
}
