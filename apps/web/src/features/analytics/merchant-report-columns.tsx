import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { MERCHANT_REPORT_LABELS, type MerchantReport } from '@evcms/contracts/analytics';
import type { Lang } from '@evcms/contracts/i18n';
import { ReportTotalsRow } from '../../components/report-table/report-totals-row.tsx';
import { formatEnergy, formatFee, formatPercent } from '../../lib/number-format.ts';

/* The merchant report's columns, shared by the merchants' rows and a merchant's stations' rows. */

export type Figures = MerchantReport['totals'];
const FIGURES = ['stations', 'charges', 'energy', 'turnover', 'merchant_share', 'network_share'] as const;

export const reportLabel = (key: keyof typeof MERCHANT_REPORT_LABELS, lang: Lang) => MERCHANT_REPORT_LABELS[key][lang];

/** A figure as a row and the totals show it: counts whole, kWh with 3 decimals, som with 2. */
function figureText(figures: Figures, key: keyof Figures, lang: Lang): string {
  const value = figures[key];
  if (key === 'energy') return formatEnergy(value, lang);
  return key === 'stations' || key === 'charges' ? value.toLocaleString(lang) : formatFee(value, lang);
}

interface ColumnsOptions<Row> {
  lang: Lang;
  /** The first column's header: 'Merchant', or 'Station' in the drill-down. */
  nameTitle: string;
  /** The name as a link to the record's card. */
  name: (row: Row) => ReactNode;
  percentage: (row: Row) => number;
}

// The headers are the export's (contracts), so the screen and the file say the same.
export function reportColumns<Row extends Figures>({
  lang,
  nameTitle,
  name,
  percentage,
}: ColumnsOptions<Row>): ColumnsType<Row> {
  return [
    { key: 'name', title: nameTitle, render: (_, row) => name(row) },
    {
      key: 'percentage',
      title: reportLabel('percentage', lang),
      align: 'right',
      width: 150,
      render: (_, row) => formatPercent(percentage(row), lang),
    },
    ...FIGURES.map((key) => ({
      key,
      title: reportLabel(key, lang),
      align: 'right' as const,
      render: (_: unknown, row: Row) => figureText(row, key, lang),
    })),
  ];
}

/** The totals under the rows; `lead` counts the columns before the figures (the expand toggle's too). */
export function TotalsRow({
  totals,
  lang,
  lead,
  testId,
}: {
  totals: Figures;
  lang: Lang;
  lead: number;
  testId: string;
}) {
  return (
    <ReportTotalsRow
      label={reportLabel('totals', lang)}
      lead={lead}
      cells={FIGURES.map((key) => figureText(totals, key, lang))}
      data-testid={testId}
    />
  );
}
