import { DECIMALS } from '@evcms/contracts/decimal';
import type { Lang } from '@evcms/contracts/i18n';
import { PARTNER_REPORT_LABELS } from '@evcms/contracts/partners';
import type { ExportColumn } from '../../lib/exports/columns.ts';
import type { PartnerReportExportRow } from './partner-report.service.ts';

/* The columns of the partners report's export (GET /partners/report/export/), headed in the request's language. */

export function partnerReportExportColumns(lang: Lang): ExportColumn<PartnerReportExportRow>[] {
  const label = (key: keyof typeof PARTNER_REPORT_LABELS) => PARTNER_REPORT_LABELS[key][lang];
  const money = DECIMALS.money;
  return [
    { kind: 'integer', header: label('partner'), value: (row) => row.partnerId },
    // The totals' row has no partner: its name cell says what it is.
    { kind: 'text', header: label('name'), value: (row) => (row.name ? row.name[lang] : label('totals')) },
    { kind: 'decimal', scale: money, header: label('fee_fixed'), value: (row) => row.feeFixedTyiyn },
    { kind: 'decimal', scale: DECIMALS.percent, header: label('fee_percent'), value: (row) => row.feePercentBp },
    { kind: 'integer', header: label('stations'), value: (row) => row.stations },
    { kind: 'integer', header: label('charges'), value: (row) => row.charges },
    { kind: 'decimal', scale: DECIMALS.energy, header: label('energy'), value: (row) => row.energyWh },
    { kind: 'decimal', scale: money, header: label('turnover'), value: (row) => row.turnoverTyiyn },
    { kind: 'decimal', scale: money, header: label('fee_due'), value: (row) => row.feeDueTyiyn },
  ];
}
