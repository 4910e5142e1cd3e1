import { MERCHANT_REPORT_LABELS } from '@evcms/contracts/analytics';
import { DECIMALS } from '@evcms/contracts/decimal';
import type { Lang } from '@evcms/contracts/i18n';
import type { ExportColumn } from '../../lib/exports/columns.ts';
import type { MerchantReportExportRow } from './merchant-report.service.ts';

/* The columns of the merchant report's export (GET /analytics/merchant-report/export/), headed in the request's language. */

export function merchantReportExportColumns(lang: Lang): ExportColumn<MerchantReportExportRow>[] {
  const label = (key: keyof typeof MERCHANT_REPORT_LABELS) => MERCHANT_REPORT_LABELS[key][lang];
  const money = DECIMALS.money;
  return [
    { kind: 'integer', header: label('merchant'), value: (row) => row.merchantId },
    // The totals' row has no merchant: its name cell says what it is.
    { kind: 'text', header: label('name'), value: (row) => (row.name ? row.name[lang] : label('totals')) },
    { kind: 'decimal', scale: DECIMALS.percent, header: label('percentage'), value: (row) => row.percentageBp },
    { kind: 'integer', header: label('stations'), value: (row) => row.stations },
    { kind: 'integer', header: label('charges'), value: (row) => row.charges },
    { kind: 'decimal', scale: DECIMALS.energy, header: label('energy'), value: (row) => row.energyWh },
    { kind: 'decimal', scale: money, header: label('turnover'), value: (row) => row.turnoverTyiyn },
    { kind: 'decimal', scale: money, header: label('merchant_share'), value: (row) => row.merchantShareTyiyn },
    { kind: 'decimal', scale: money, header: label('network_share'), value: (row) => row.networkShareTyiyn },
  ];
}
