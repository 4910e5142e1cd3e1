import { DECIMALS } from '@evcms/contracts/decimal';
import type { Lang } from '@evcms/contracts/i18n';
import { PROMOTION_REPORT_LABELS } from '@evcms/contracts/promotions';
import type { ExportColumn } from '../../lib/exports/columns.ts';
import type { PromotionReportExportRow } from './promotion-report.service.ts';

/* The columns of the promotions report's export (GET /ads/promotions/report/export/), headed in the request's language. */

export function promotionReportExportColumns(lang: Lang): ExportColumn<PromotionReportExportRow>[] {
  const label = (key: keyof typeof PROMOTION_REPORT_LABELS) => PROMOTION_REPORT_LABELS[key][lang];
  const money = DECIMALS.money;
  return [
    { kind: 'integer', header: label('promotion'), value: (row) => row.promotionId },
    // The totals' row has no promotion: its name cell says what it is.
    { kind: 'text', header: label('name'), value: (row) => (row.title ? row.title[lang] : label('totals')) },
    { kind: 'integer', header: label('charges'), value: (row) => row.charges },
    { kind: 'integer', header: label('drivers'), value: (row) => row.drivers },
    { kind: 'decimal', scale: DECIMALS.energy, header: label('energy'), value: (row) => row.energyWh },
    { kind: 'decimal', scale: money, header: label('turnover'), value: (row) => row.amountTyiyn },
    { kind: 'decimal', scale: money, header: label('discount'), value: (row) => row.discountTyiyn },
    { kind: 'decimal', scale: money, header: label('turnover_after'), value: (row) => row.totalTyiyn },
  ];
}
