import { BarChartOutlined, TableOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Spin, Table } from 'antd';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../lib/i18n.ts';
import { lazyWithReload } from '../../lib/lazy-with-reload.ts';
import { formatFee } from '../../lib/number-format.ts';
import { CHART_HEIGHT, seriesTotals, type ChartName, type ChartSeries } from './chart-series.ts';

// chart.js (about 60 KB gzip) in a chunk of its own: the figures and the news show without waiting for it.
const ChartCanvas = lazyWithReload(() => import('./chart-canvas.tsx').then((m) => m.ChartCanvas));

const AXES: Record<ChartName, string> = { by_weekday: 'weekday', by_hour: 'hour', by_day: 'date' };

interface Row {
  label: string;
  charges: number;
  turnover: number;
}

/**
 * One of the dashboard's charts in a card, with the same data as a table a button away: for
 * screen readers, and for whoever wants the exact figures.
 */
export function SeriesChart({ name, series }: { name: ChartName; series: ChartSeries }) {
  const { t } = useTranslation('analytics');
  const lang = useLang();
  const [asTable, setAsTable] = useState(false);
  const title = t(`charts.${name}`);
  const names = useMemo(
    () => ({ x: t(`charts.${AXES[name]}`), charges: t('charts.charges'), turnover: t('charts.turnover') }),
    [t, name],
  );
  const totals = seriesTotals(series);
  const summary = t('charts.summary', {
    title,
    charges: totals.charges.toLocaleString(lang),
    turnover: formatFee(totals.turnover, lang),
  });
  const rows: Row[] = series.labels.map((label, i) => ({
    label,
    charges: series.charges[i] ?? 0,
    turnover: series.turnover[i] ?? 0,
  }));
  const headingId = `chart-${name}`;

  return (
    <Card
      size="small"
      title={
        <h2 id={headingId} style={{ margin: 0, fontSize: 'inherit', whiteSpace: 'normal' }}>
          {title}
        </h2>
      }
      extra={
        <Button
          size="small"
          icon={asTable ? <BarChartOutlined aria-hidden /> : <TableOutlined aria-hidden />}
          onClick={() => setAsTable(!asTable)}
        >
          {t(asTable ? 'charts.show_chart' : 'charts.show_table')}
        </Button>
      }
      data-testid={`chart-${name}`}
    >
      {asTable ? (
        <Table<Row>
          size="small"
          rowKey="label"
          dataSource={rows}
          pagination={{ pageSize: 31, hideOnSinglePage: true, showSizeChanger: false }}
          columns={[
            { key: 'label', title: names.x, dataIndex: 'label' },
            {
              key: 'charges',
              title: names.charges,
              align: 'right',
              render: (_, row) => row.charges.toLocaleString(lang),
            },
            {
              key: 'turnover',
              title: names.turnover,
              align: 'right',
              render: (_, row) => formatFee(row.turnover, lang),
            },
          ]}
        />
      ) : (
        <Suspense
          fallback={
            <Flex align="center" justify="center" style={{ height: CHART_HEIGHT }}>
              <Spin />
            </Flex>
          }
        >
          <ChartCanvas
            series={series}
            lang={lang}
            names={names}
            summary={summary}
            kind={name === 'by_day' ? 'line' : 'bar'}
          />
        </Suspense>
      )}
    </Card>
  );
}
