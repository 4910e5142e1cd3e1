import { useQuery } from '@tanstack/react-query';
import { Skeleton, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MerchantStationRow } from '@evcms/contracts/analytics';
import { LoadFailure } from '../../components/load-failure/load-failure.tsx';
import { useShownFailure } from '../../components/load-failure/use-shown-failure.ts';
import { useLang } from '../../lib/i18n.ts';
import type { ReportPeriod } from '../../lib/report-period.ts';
import { merchantReportApi } from './merchant-report-api.ts';
import { reportColumns, TotalsRow } from './merchant-report-columns.tsx';

/** An expanded merchant's row: its stations with the same figures for the same period, asked when opened. */
export function MerchantStations({ merchant, period }: { merchant: number; period: ReportPeriod }) {
  const { t } = useTranslation('merchant-report');
  const lang = useLang();
  const query = useQuery(merchantReportApi.stationsQueryOptions(merchant, period));
  const failure = useShownFailure(query.error, query.isFetching);

  if (query.data === undefined) {
    if (failure === null) return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
    return (
      <LoadFailure
        error={failure}
        title={t('stations.failed')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const report = query.data;
  return (
    <Table<MerchantStationRow>
      size="small"
      rowKey="station"
      dataSource={report.items}
      columns={reportColumns<MerchantStationRow>({
        lang,
        nameTitle: t('stations.name'),
        name: (row) => <Link to={`/merchants/merchant/${merchant}/station-info/${row.station}`}>{row.name}</Link>,
        percentage: () => report.percentage,
      })}
      pagination={false}
      // In the row's width: on a phone the stations scroll inside it, as the merchants do inside the card.
      scroll={{ x: 900 }}
      locale={{ emptyText: t('stations.empty') }}
      summary={() => (
        <TotalsRow totals={report.totals} lang={lang} lead={2} testId={`merchant-stations-totals-${merchant}`} />
      )}
      data-testid={`merchant-stations-${merchant}`}
    />
  );
}
