import type { HeatMapStation } from '@evcms/contracts/heat-map';
import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../lib/i18n.ts';
import { formatFee } from '../../lib/number-format.ts';
import type { HeatMetric } from './heat-map-filters.ts';
import { stationPath } from './station-path.ts';

/**
 * The stations on the map as a table: what a keyboard or a screen reader
 * reaches of the map, and all there is of it when the tiles cannot load; the chosen figure's largest first.
 */
export function StationTable({ stations, metric }: { stations: readonly HeatMapStation[]; metric: HeatMetric }) {
  const { t } = useTranslation('heat-map');
  const lang = useLang();
  const sorted = [...stations].sort((a, b) => b[metric] - a[metric]);
  return (
    <Card size="small" title={<h2 style={{ margin: 0, fontSize: 'inherit' }}>{t('stations.title')}</h2>}>
      <Table<HeatMapStation>
        size="small"
        rowKey="station"
        dataSource={sorted}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        data-testid="heat-stations"
        columns={[
          {
            key: 'name',
            title: t('stations.name'),
            render: (_, station) => <Link to={stationPath(station)}>{station.name}</Link>,
          },
          {
            key: 'charges',
            title: t('stations.charges'),
            align: 'right',
            render: (_, station) => station.charges.toLocaleString(lang),
          },
          {
            key: 'average_bill',
            title: t('stations.average_bill'),
            align: 'right',
            render: (_, station) => formatFee(station.average_bill, lang),
          },
          {
            key: 'turnover',
            title: t('stations.turnover'),
            align: 'right',
            render: (_, station) => formatFee(station.turnover, lang),
          },
        ]}
      />
    </Card>
  );
}
