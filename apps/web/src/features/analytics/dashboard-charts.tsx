import type { AnalyticsGraph } from '@evcms/contracts/analytics';
import { Col, Row } from 'antd';
import { useMemo } from 'react';
import { useLang } from '../../lib/i18n.ts';
import { chartSeries } from './chart-series.ts';
import { SeriesChart } from './series-chart.tsx';

/** The period's charges and turnover by weekday, by hour of day (Bishkek), and by day (spec 2.6). */
export function DashboardCharts({ graph }: { graph: AnalyticsGraph }) {
  const lang = useLang();
  const series = useMemo(() => chartSeries(graph, lang), [graph, lang]);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <SeriesChart name="by_weekday" series={series.by_weekday} />
      </Col>
      <Col xs={24} xl={12}>
        <SeriesChart name="by_hour" series={series.by_hour} />
      </Col>
      <Col xs={24}>
        <SeriesChart name="by_day" series={series.by_day} />
      </Col>
    </Row>
  );
}
