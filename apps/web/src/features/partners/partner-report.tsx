import { useQuery } from '@tanstack/react-query';
import { Flex, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isCalendarDate } from '@evcms/contracts/dates';
import type { Lang } from '@evcms/contracts/i18n';
import { PARTNER_REPORT_LABELS, type PartnerReport as Report, type PartnerReportRow } from '@evcms/contracts/partners';
import { ExportButton } from '../../components/export-button/export-button.tsx';
import { ListCard } from '../../components/list-screen/list-card.tsx';
import { ReportTotalsRow } from '../../components/report-table/report-totals-row.tsx';
import { LoadFailure } from '../../components/load-failure/load-failure.tsx';
import { useShownFailure } from '../../components/load-failure/use-shown-failure.ts';
import { DateRangeFilter } from '../../components/range-filters/range-filters.tsx';
import { useLang } from '../../lib/i18n.ts';
import { formatEnergy, formatFee, formatPercent } from '../../lib/number-format.ts';
import { currentMonth, type ReportPeriod } from '../../lib/report-period.ts';
import { partnerReportApi } from './partner-report-api.ts';

/** The period in the address; an end missing or malformed is the current month's. */
function usePeriod(): [ReportPeriod, (period: { from: string | null; to: string | null }) => void] {
  const [params, setParams] = useSearchParams();
  const month = currentMonth();
  const day = (name: keyof ReportPeriod) => {
    const value = params.get(name);
    return value && isCalendarDate(value) ? value : month[name];
  };
  const set = ({ from, to }: { from: string | null; to: string | null }) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of [
      ['period__from', from],
      ['period__to', to],
    ] as const)
      if (value) next.set(name, value);
      else next.delete(name);
    setParams(next, { replace: true });
  };
  return [{ period__from: day('period__from'), period__to: day('period__to') }, set];
}

/**
 * /software-rental-partners/report: for a period (the current month unless picked), per partner:
 * its stations, the charges its merchants completed, energy, turnover and the fee due, with the
 * totals; the same downloaded as xlsx or csv.
 */
export function PartnerReport() {
  const { t } = useTranslation('partners');
  const lang = useLang();
  const [period, setPeriod] = usePeriod();
  const query = useQuery(partnerReportApi.reportQueryOptions(period));
  // Kept while it is asked again (Retry, the live updates), so no empty table flashes in between.
  const failure = useShownFailure(query.error, query.isFetching);

  return (
    <ListCard>
      <Flex wrap gap="middle" align="center">
        <DateRangeFilter
          label={t('report.period')}
          placeholders={[t('report.date_from'), t('report.date_to')]}
          from={period.period__from}
          to={period.period__to}
          onChange={setPeriod}
          labelled
          style={{ width: 360 }}
        />
        <div style={{ marginInlineStart: 'auto' }}>
          <ExportButton path="/partners/report/export/" query={{ ...period }} fileName="partners-report" />
        </div>
      </Flex>
      {failure !== null && query.data === undefined ? (
        <LoadFailure error={failure} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <Table<PartnerReportRow>
          rowKey="partner"
          loading={query.isFetching}
          dataSource={query.data?.items ?? []}
          columns={reportColumns(lang, t('report.fee_month'))}
          pagination={false}
          scroll={{ x: 1000 }}
          locale={{ emptyText: t('report.empty') }}
          summary={() => query.data && <TotalsRow totals={query.data.totals} lang={lang} />}
          data-testid="partner-report"
        />
      )}
    </ListCard>
  );
}

type Figures = Report['totals'];
const FIGURES = ['stations', 'charges', 'energy', 'turnover', 'fee_due'] as const;
const label = (key: keyof typeof PARTNER_REPORT_LABELS, lang: Lang) => PARTNER_REPORT_LABELS[key][lang];

function figureText(figures: Figures, key: keyof Figures, lang: Lang): string {
  const value = figures[key];
  if (key === 'energy') return formatEnergy(value, lang);
  return key === 'stations' || key === 'charges' ? value.toLocaleString(lang) : formatFee(value, lang);
}

// The headers are the export's (contracts), so the screen and the file say the same.
function reportColumns(lang: Lang, perMonth: string): ColumnsType<PartnerReportRow> {
  return [
    { key: 'partner', title: label('partner', lang), dataIndex: 'partner', width: 100 },
    { key: 'name', title: label('name', lang), dataIndex: 'name' },
    {
      key: 'fee',
      title: `${label('fee_fixed', lang)} / ${label('fee_percent', lang)}`,
      width: 200,
      render: (_, row) =>
        row.fee_model === 'percent'
          ? formatPercent(row.fee_percent ?? 0, lang)
          : `${formatFee(row.fee_fixed ?? 0, lang)} ${perMonth}`,
    },
    ...FIGURES.map((key) => ({
      key,
      title: label(key, lang),
      align: 'right' as const,
      render: (_: unknown, row: PartnerReportRow) => figureText(row, key, lang),
    })),
  ];
}

function TotalsRow({ totals, lang }: { totals: Figures; lang: Lang }) {
  return (
    <ReportTotalsRow
      label={label('totals', lang)}
      lead={3}
      cells={FIGURES.map((key) => figureText(totals, key, lang))}
      data-testid="partner-report-totals"
    />
  );
}
