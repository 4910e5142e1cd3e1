import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { HEAT_METRICS, type HeatMetric } from './heat-map-filters.ts';

/** Charges or average bill: what the heat, the circles and the grid's shades weigh by. */
export function MetricToggle({ value, onChange }: { value: HeatMetric; onChange: (metric: HeatMetric) => void }) {
  const { t } = useTranslation('heat-map');
  return (
    <div role="group" aria-label={t('metric.label')}>
      <Segmented<HeatMetric>
        value={value}
        options={HEAT_METRICS.map((metric) => ({ value: metric, label: t(`metric.${metric}`) }))}
        onChange={onChange}
      />
    </div>
  );
}
