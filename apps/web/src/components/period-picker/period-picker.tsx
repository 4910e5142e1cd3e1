import { ANALYTICS_PERIODS, ANALYTICS_RANGE_DAYS_MAX, type AnalyticsPeriod } from '@evcms/contracts/analytics';
import { DatePicker, Flex, Segmented } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { dateFilters, dateRange, type PickedRange } from '../range-filters/range-values.ts';
import { periodFromParams, withPeriod, type PeriodQuery } from './dashboard-period.ts';

/** The period in the address (reload and Back keep it) and its change, which adds a history entry. */
export function useDashboardPeriod(): [PeriodQuery, (period: PeriodQuery) => void] {
  const [params, setParams] = useSearchParams();
  const period = useMemo(() => periodFromParams(params), [params]);
  return [period, (next) => setParams(withPeriod(params, next))];
}

// The API takes a range up to two years long: days further from the picked start are not offered.
const tooFar = (day: Dayjs, { from }: { from?: Dayjs }) =>
  from !== undefined && Math.abs(day.diff(from, 'day')) >= ANALYTICS_RANGE_DAYS_MAX;

/** Today, this week, month or year, or a range of days confirmed with the picker's OK (spec 2.6). */
export function PeriodPicker({ period, onChange }: { period: PeriodQuery; onChange: (period: PeriodQuery) => void }) {
  const { t } = useTranslation('components');
  const named = 'period' in period ? period.period : null;
  const range = useMemo(
    () => ('period__from' in period ? dateRange(period.period__from, period.period__to) : null),
    [period],
  );
  const pick = (picked: PickedRange) => {
    const { from, to } = dateFilters(picked);
    onChange(from && to ? { period__from: from, period__to: to } : { period: 'day' });
  };
  return (
    <Flex wrap gap="middle" align="center" role="group" aria-label={t('period.label')}>
      <Segmented<AnalyticsPeriod | ''>
        // No named period is chosen while a range is: '' matches no option.
        value={named ?? ''}
        options={ANALYTICS_PERIODS.map((value) => ({ value, label: t(`period.${value}`) }))}
        onChange={(value) => value && onChange({ period: value })}
      />
      <div role="group" aria-label={t('period.range')} style={{ maxWidth: '100%' }}>
        <DatePicker.RangePicker
          value={range}
          format="DD.MM.YYYY"
          needConfirm
          placeholder={[t('period.date_from'), t('period.date_to')]}
          disabledDate={tooFar}
          onChange={(picked) => pick(picked as PickedRange)}
          style={{ width: 280, maxWidth: '100%' }}
        />
      </div>
    </Flex>
  );
}
