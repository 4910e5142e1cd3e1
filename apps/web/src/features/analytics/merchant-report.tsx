import { useQuery } from '@tanstack/react-query';
import { Empty, Flex, Skeleton, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MerchantReportRow } from '@evcms/contracts/analytics';
import { ExportButton } from '../../components/export-button/export-button.tsx';
import { ListCard } from '../../components/list-screen/list-card.tsx';
import { LoadFailure } from '../../components/load-failure/load-failure.tsx';
import { useShownFailure } from '../../components/load-failure/use-shown-failure.ts';
import { DateRangeFilter } from '../../components/range-filters/range-filters.tsx';
import { SearchMultiSelect } from '../../components/search-select/search-multi-select.tsx';
import { useLang } from '../../lib/i18n.ts';
import { merchantReportApi } from './merchant-report-api.ts';
import { reportColumns, reportLabel, TotalsRow } from './merchant-report-columns.tsx';
import { MerchantStations } from './merchant-stations.tsx';
import { refusalMessages, ReportRefusal } from './report-refusal.tsx';
import { useReportFilters } from './use-report-filters.ts';

/**
 * /merchant-report (issue 33): for a period (the current month unless picked) and some merchants
 * (all unless picked), per merchant: its agency percentage, stations, completed charges, energy,
 * turnover and its turnover split between the merchant and the network, with the totals; a
 * merchant's row opens onto its stations; the same downloaded as xlsx or csv.
 */
export function MerchantReport() {
  const { t } = useTranslation('merchant-report');
  const lang = useLang();
  const filters = useReportFilters();
  const { sent } = filters;
  const query = useQuery({ ...merchantReportApi.reportQueryOptions(sent), enabled: !filters.pending });
  // Kept while it is asked again (Retry, the live updates), so no skeleton flashes in between.
  const failure = useShownFailure(query.error, query.isFetching);
  const refused = refusalMessages(failure);
  const period = { period__from: sent.period__from, period__to: sent.period__to };

  return (
    <ListCard>
      <Flex wrap gap="middle" align="center">
        <DateRangeFilter
          label={t('filters.period')}
          placeholders={[t('filters.date_from'), t('filters.date_to')]}
          from={filters.period.from}
          to={filters.period.to}
          onChange={filters.setPeriod}
          labelled
          style={{ width: 360 }}
        />
        <SearchMultiSelect
          value={filters.merchants}
          onChange={filters.setMerchants}
          options={merchantReportApi.merchantOptionsQueryOptions}
          placeholder={t('filters.merchants')}
          aria-label={t('filters.merchants')}
          notFound={t('filters.merchants_none')}
          maxTagCount="responsive"
          style={{ width: 320, maxWidth: '100%' }}
        />
        <div style={{ marginInlineStart: 'auto' }}>
          <ExportButton path="/analytics/merchant-report/export/" query={{ ...sent }} fileName="merchant-report" />
        </div>
      </Flex>
      {refused ? (
        <ReportRefusal messages={refused} />
      ) : failure !== null && query.data === undefined ? (
        <LoadFailure error={failure} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data === undefined ? (
        <Skeleton active />
      ) : (
        <Table<MerchantReportRow>
          rowKey="merchant"
          loading={query.isFetching}
          dataSource={query.data.items}
          columns={reportColumns<MerchantReportRow>({
            lang,
            nameTitle: reportLabel('name', lang),
            name: (row) => <Link to={`/merchants/merchant/${row.merchant}`}>{row.name}</Link>,
            percentage: (row) => row.percentage,
          })}
          expandable={{
            expandedRowRender: (row) => <MerchantStations merchant={row.merchant} period={period} />,
          }}
          pagination={false}
          // Wide figures scroll inside the card on a phone, never the page.
          scroll={{ x: 1000 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> }}
          summary={() =>
            query.data.items.length > 0 && (
              // After the expand toggle and the name, the percentage: no total of percentages.
              <TotalsRow totals={query.data.totals} lang={lang} lead={3} testId="merchant-report-totals" />
            )
          }
          data-testid="merchant-report"
        />
      )}
    </ListCard>
  );
}
