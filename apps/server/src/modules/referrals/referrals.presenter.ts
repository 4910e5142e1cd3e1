import { DECIMALS, fromMinorUnits } from '@evcms/contracts/decimal';
import type { Referral, ReferralDriver, ReferralSettings } from '@evcms/contracts/referrals';
import type { DriverSummary } from '../drivers/drivers.service.ts';
import type { SettingsRow } from './referrals.repository.ts';
import { referralStatus } from './referrals.rules.ts';
import type { ReferralRecord } from './referrals.service.ts';

/** Referrals as the API answers them: money in som. */

const som = (tyiyn: number) => fromMinorUnits(tyiyn, DECIMALS.money);
const somOrNull = (tyiyn: number | null) => (tyiyn === null ? null : som(tyiyn));

export function presentReferralSettings(row: SettingsRow): ReferralSettings {
  return {
    inviter_bonus: som(row.inviterBonusTyiyn),
    invited_bonus: som(row.invitedBonusTyiyn),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentInviter(driver: DriverSummary): ReferralDriver {
  return { id: driver.id, name: driver.name };
}

export function presentReferral(record: ReferralRecord): Referral {
  return {
    invited: record.invited,
    inviter: record.inviter,
    linked_at: record.linkedAt.toISOString(),
    status: referralStatus(record),
    inviter_bonus: somOrNull(record.inviterBonusTyiyn),
    invited_bonus: somOrNull(record.invitedBonusTyiyn),
    rewarded_at: record.rewardedAt?.toISOString() ?? null,
    charge_id: record.chargeId,
  };
}
