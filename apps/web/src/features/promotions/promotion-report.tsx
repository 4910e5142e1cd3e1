import { Button, Flex } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@evcms/contracts/i18n';
import { PROMOTION_REPORT_LABELS, type PromotionReport as Report } from '@evcms/contracts/promotions';
import { ExportButton } from '../../components/export-button/export-button.tsx';
import { ListCard } from '../../components/list-screen/list-card.tsx';
import { ReportTotalsRow } from '../../components/report-table/report-totals-row.tsx';
import { useListScreen } from '../../components/list-screen/use-list-screen.ts';
import { pagedQueryProps } from '../../components/paged-table/paged-query-props.ts';
import { PagedTable } from '../../components/paged-table/paged-table.tsx';
import { DateRangeFilter, rangeFilterProps } from '../../components/range-filters/range-filters.tsx';
import { SearchMultiSelect, type OptionsQuery } from '../../components/search-select/search-multi-select.tsx';
import { useLang } from '../../lib/i18n.ts';
import { formatEnergy, formatFee } from '../../lib/number-format.ts';
import {
  PROMOTION_REPORT_FILTERS,
  promotionReportApi,
  promotionReportFiltersToSend,
  totalsOf,
  type PromotionReportLine,
} from './promotion-report-api.ts';

/**
 * /promotions-report (issue 31, 'Screens'): per promotion, the completed, paid charges it
 * discounted, by the Bishkek days they started, promotions and stations; the totals of every row
 * the filters keep under the page, and the same downloaded as xlsx or csv. Filters act 500 ms
 * after their last change (spec 2.5).
 */
export function PromotionReport() {
  const { t } = useTranslation('promotion-report');
  const lang = useLang();
  const { list, shown, sent, query, filtered } = useListScreen({
    query: promotionReportApi.reportQueryOptions,
    filters: PROMOTION_REPORT_FILTERS,
    send: promotionReportFiltersToSend,
    search: false,
  });
  // The pickers show only ids the API takes (an address edited by hand may hold others).
  const picked = promotionReportFiltersToSend(shown.shown);
  const totals = totalsOf(query.data);

  return (
    <ListCard>
      <Flex wrap gap="middle" align="center">
        <DateRangeFilter
          label={t('filters.period')}
          placeholders={[t('filters.date_from'), t('filters.date_to')]}
          {...rangeFilterProps(shown, 'period')}
          labelled
          style={{ width: 360 }}
        />
        <IdsPicker
          value={picked.promotion_id__in}
          onChange={(value) => shown.setFilter('promotion_id__in', value)}
          options={promotionReportApi.promotionOptionsQueryOptions}
          label={t('filters.promotions')}
          notFound={t('filters.promotions_none')}
        />
        <IdsPicker
          value={picked.station_id__in}
          onChange={(value) => shown.setFilter('station_id__in', value)}
          options={promotionReportApi.stationOptionsQueryOptions}
          label={t('filters.stations')}
          notFound={t('filters.stations_none')}
        />
        {filtered && <Button onClick={shown.reset}>{t('filters.reset')}</Button>}
        <div style={{ marginInlineStart: 'auto' }}>
          <ExportButton path="/ads/promotions/report/export/" query={sent} fileName="promotions-report" />
        </div>
      </Flex>
      <PagedTable<PromotionReportLine>
        {...pagedQueryProps(query, list)}
        rowKey="id"
        columns={reportColumns(lang)}
        locale={{ emptyText: t(filtered ? 'nothing_found' : 'empty') }}
        summary={() => totals && <TotalsRow totals={totals} lang={lang} />}
        data-testid="promotion-report"
      />
    </ListCard>
  );
}

/** A filter of ids searched on the server, kept as the URL's comma list (none: no filter). */
function IdsPicker(props: {
  value: string | undefined;
  onChange: (value: string | null) => void;
  options: OptionsQuery;
  label: string;
  notFound: string;
}) {
  return (
    <SearchMultiSelect
      value={props.value ? props.value.split(',').map(Number) : []}
      onChange={(ids) => props.onChange(ids.length ? ids.join(',') : null)}
      options={props.options}
      placeholder={props.label}
      aria-label={props.label}
      notFound={props.notFound}
      maxTagCount="responsive"
      style={{ width: 280, maxWidth: '100%' }}
    />
  );
}

type Figures = Report['totals'];
const FIGURES = ['charges', 'drivers', 'energy', 'turnover', 'discount', 'turnover_after'] as const;
const label = (key: keyof typeof PROMOTION_REPORT_LABELS, lang: Lang) => PROMOTION_REPORT_LABELS[key][lang];

/** A figure as a row and the totals show it: counts whole, kWh with 3 decimals, som with 2. */
function figureText(figures: Figures, key: keyof Figures, lang: Lang): string {
  const value = figures[key];
  if (key === 'energy') return formatEnergy(value, lang);
  return key === 'charges' || key === 'drivers' ? value.toLocaleString(lang) : formatFee(value, lang);
}

// The headers are the export's (contracts), so the screen and the file say the same.
function reportColumns(lang: Lang): ColumnsType<PromotionReportLine> {
  return [
    { key: 'promotion', title: label('promotion', lang), dataIndex: 'promotion', width: 110 },
    { key: 'name', title: label('name', lang), dataIndex: 'name' },
    ...FIGURES.map((key) => ({
      key,
      title: label(key, lang),
      align: 'right' as const,
      render: (_: unknown, row: PromotionReportLine) => figureText(row, key, lang),
    })),
  ];
}

/** The totals of every row the filters keep, under the page's rows. */
function TotalsRow({ totals, lang }: { totals: Figures; lang: Lang }) {
  return (
    <ReportTotalsRow
      label={label('totals', lang)}
      lead={2}
      cells={FIGURES.map((key) => figureText(totals, key, lang))}
      data-testid="promotion-report-totals"
    />
  );
}
