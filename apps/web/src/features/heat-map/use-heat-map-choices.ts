import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { periodFromParams, withPeriod, type PeriodQuery } from '../../components/period-picker/dashboard-period.ts';
import { hoursFromParams, metricFromParams, withChoices, type HeatMetric, type Hours } from './heat-map-filters.ts';

export interface HeatMapChoices {
  period: PeriodQuery;
  hours: Hours | null;
  metric: HeatMetric;
  setPeriod: (period: PeriodQuery) => void;
  setHours: (hours: Hours | null) => void;
  setMetric: (metric: HeatMetric) => void;
}

/** The period, time of day and metric in the address (reload and Back keep them); each change adds a history entry. */
export function useHeatMapChoices(): HeatMapChoices {
  const [params, setParams] = useSearchParams();
  const chosen = useMemo(
    () => ({ period: periodFromParams(params), hours: hoursFromParams(params), metric: metricFromParams(params) }),
    [params],
  );
  return {
    ...chosen,
    setPeriod: (period) => setParams(withPeriod(params, period)),
    setHours: (hours) => setParams(withChoices(params, { hours })),
    setMetric: (metric) => setParams(withChoices(params, { metric })),
  };
}
