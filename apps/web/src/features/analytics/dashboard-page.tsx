import { useQuery } from '@tanstack/react-query';
import { Col, Flex, Row } from 'antd';
import { QueryContent } from '../../components/load-failure/query-content.tsx';
import { analyticsApi } from './analytics-api.ts';
import { DashboardCharts } from './dashboard-charts.tsx';
import { FigureCards } from './figure-cards.tsx';
import { NewsTimeline } from './news-timeline.tsx';
import { PeriodPicker, useDashboardPeriod } from '../../components/period-picker/period-picker.tsx';

/**
 * `/`, the main screen (spec 2.6): the period's figures against the period before, its charges and
 * turnover charted, and the news of what was made. The header's title is the page's h1. Figures and
 * charts load apart, each with its skeleton or its failure and Retry.
 */
export function DashboardPage() {
  const [period, setPeriod] = useDashboardPeriod();
  const figures = useQuery(analyticsApi.figuresQueryOptions(period));
  const graph = useQuery(analyticsApi.graphQueryOptions(period));
  return (
    <Flex vertical gap="large" data-testid="dashboard">
      <PeriodPicker period={period} onChange={setPeriod} />
      <QueryContent query={figures}>{(data) => <FigureCards figures={data} />}</QueryContent>
      <Row gutter={[16, 16]}>
        <Col xs={24} xxl={16}>
          <QueryContent query={graph}>{(data) => <DashboardCharts graph={data} />}</QueryContent>
        </Col>
        <Col xs={24} xxl={8}>
          <NewsTimeline />
        </Col>
      </Row>
    </Flex>
  );
}
