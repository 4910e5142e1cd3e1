import { DECIMALS } from '@evcms/contracts/decimal';
import type { Lang } from '@evcms/contracts/i18n';
import { PROMO_CODE_LABELS } from '@evcms/contracts/promo-codes';
import { isActive } from '@evcms/contracts/status';
import type { ExportColumn } from '../../lib/exports/columns.ts';
import { remainingUses } from './promo-codes.rules.ts';
import type { PromoCodeListRecord } from './promo-codes.service.ts';

/* The columns of the promo codes' export (GET /ads/promo-codes/export/), headed in the request's language; an empty limit is unlimited. */

export function promoCodeExportColumns(lang: Lang): ExportColumn<PromoCodeListRecord>[] {
  const label = (key: keyof typeof PROMO_CODE_LABELS) => PROMO_CODE_LABELS[key][lang];
  return [
    { kind: 'text', header: label('code'), value: (code) => code.code },
    { kind: 'decimal', scale: DECIMALS.money, header: label('bonus'), value: (code) => code.bonusTyiyn },
    { kind: 'datetime', header: label('valid_from'), value: (code) => code.validFrom },
    { kind: 'datetime', header: label('valid_to'), value: (code) => code.validTo },
    { kind: 'integer', header: label('total_uses'), value: (code) => code.totalUses },
    { kind: 'integer', header: label('uses_per_driver'), value: (code) => code.usesPerDriver },
    { kind: 'integer', header: label('used_count'), value: (code) => code.usedCount },
    { kind: 'integer', header: label('remaining'), value: (code) => remainingUses(code) },
    { kind: 'text', header: label('batch'), value: (code) => code.batch },
    { kind: 'text', header: label('status'), value: (code) => label(isActive(code.status) ? 'active' : 'inactive') },
    { kind: 'datetime', header: label('created_at'), value: (code) => code.createdAt },
  ];
}
