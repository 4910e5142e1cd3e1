import { useQuery } from '@tanstack/react-query';
import type { HeatMap } from '@evcms/contracts/heat-map';
import { Card, Empty, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryContent } from '../../components/load-failure/query-content.tsx';
import { PeriodPicker } from '../../components/period-picker/period-picker.tsx';
import { heatMapApi } from './heat-map-api.ts';
import { heatMapRequest, type HeatMetric } from './heat-map-filters.ts';
import { HeatMapTotals } from './heat-map-totals.tsx';
import { HeatMapView } from './heat-map-view.tsx';
import { HoursPicker } from './hours-picker.tsx';
import { MetricToggle } from './metric-toggle.tsx';
import { StationTable } from './station-table.tsx';
import { useHeatMapChoices } from './use-heat-map-choices.ts';
import { WeekdayHourGrid } from './weekday-hour-grid.tsx';

/**
 * `/heat-map` (spec 2.7): where and when the period's charges completed. The dashboard's period,
 * a time of day and the metric (charges or average bill) are in the address; the map, the stations'
 * table and the weekday by hour grid show the same answer. The header's title is the page's h1.
 */
export function HeatMapPage() {
  const choices = useHeatMapChoices();
  const query = useQuery(heatMapApi.queryOptions(heatMapRequest(choices.period, choices.hours)));
  return (
    <Flex vertical gap="large" data-testid="heat-map-page">
      <Flex wrap gap="middle" align="center">
        <PeriodPicker period={choices.period} onChange={choices.setPeriod} />
        <HoursPicker value={choices.hours} onChange={choices.setHours} />
        <MetricToggle value={choices.metric} onChange={choices.setMetric} />
      </Flex>
      <QueryContent query={query}>{(data) => <HeatMapContent data={data} metric={choices.metric} />}</QueryContent>
    </Flex>
  );
}

function HeatMapContent({ data, metric }: { data: HeatMap; metric: HeatMetric }) {
  const { t } = useTranslation('heat-map');
  // No charges at all; charges at stations not drawn (deleted, or without coordinates) still show their totals and grid.
  if (data.totals.charges === 0) {
    return (
      <Card>
        <Empty description={t('empty')} data-testid="heat-map-empty" />
      </Card>
    );
  }
  return (
    <Flex vertical gap="large">
      <HeatMapTotals totals={data.totals} />
      <HeatMapView stations={data.stations} metric={metric} />
      <WeekdayHourGrid grid={data.grid} metric={metric} />
      <StationTable stations={data.stations} metric={metric} />
    </Flex>
  );
}
