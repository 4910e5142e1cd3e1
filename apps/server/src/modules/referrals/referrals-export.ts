import { DECIMALS } from '@evcms/contracts/decimal';
import type { Lang } from '@evcms/contracts/i18n';
import { REFERRAL_EXPORT_LABELS } from '@evcms/contracts/referrals';
import type { ExportColumn } from '../../lib/exports/columns.ts';
import { referralStatus } from './referrals.rules.ts';
import type { ReferralRecord } from './referrals.service.ts';

/* The columns of the referrals' export (GET /referrals/export/), headed in the request's language. */

export function referralExportColumns(lang: Lang): ExportColumn<ReferralRecord>[] {
  const label = (key: keyof typeof REFERRAL_EXPORT_LABELS) => REFERRAL_EXPORT_LABELS[key][lang];
  return [
    { kind: 'text', header: label('inviter'), value: (row) => row.inviter.name },
    { kind: 'text', header: label('inviter_phone'), value: (row) => `+${row.inviter.phone}` },
    { kind: 'text', header: label('invited'), value: (row) => row.invited.name },
    { kind: 'text', header: label('invited_phone'), value: (row) => `+${row.invited.phone}` },
    { kind: 'datetime', header: label('linked_at'), value: (row) => row.linkedAt },
    { kind: 'text', header: label('status'), value: (row) => label(referralStatus(row)) },
    { kind: 'decimal', scale: DECIMALS.money, header: label('inviter_bonus'), value: (row) => row.inviterBonusTyiyn },
    { kind: 'decimal', scale: DECIMALS.money, header: label('invited_bonus'), value: (row) => row.invitedBonusTyiyn },
    { kind: 'datetime', header: label('rewarded_at'), value: (row) => row.rewardedAt },
    { kind: 'integer', header: label('charge_id'), value: (row) => row.chargeId },
  ];
}
