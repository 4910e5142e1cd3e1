import { HEAT_MAP_HOURS } from '@evcms/contracts/heat-map';
import { Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { hourName } from '../../lib/weekdays.ts';
import type { Hours } from './heat-map-filters.ts';

const ALL_DAY = -1;
const DEFAULT_LENGTH = 1;

const hours = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * The time of day: all day, or from an hour (00:00-23:00) to an hour (01:00-24:00); an end at or
 * before the start runs past midnight (22:00 to 06:00 is the night), as the API takes it.
 */
export function HoursPicker({ value, onChange }: { value: Hours | null; onChange: (hours: Hours | null) => void }) {
  const { t } = useTranslation('heat-map');
  const pickFrom = (from: number) =>
    onChange(from === ALL_DAY ? null : { from, to: value?.to ?? Math.min(from + DEFAULT_LENGTH, HEAT_MAP_HOURS) });
  return (
    <Flex wrap gap="small" align="center" role="group" aria-label={t('hours.label')}>
      <Select<number>
        aria-label={t('hours.from')}
        value={value?.from ?? ALL_DAY}
        onChange={pickFrom}
        options={[
          { value: ALL_DAY, label: t('hours.all_day') },
          ...hours(0, HEAT_MAP_HOURS - 1).map((hour) => ({
            value: hour,
            label: t('hours.from_hour', { hour: hourName(hour) }),
          })),
        ]}
        virtual={false}
        style={{ width: 140 }}
        data-testid="hours-from"
      />
      {value && (
        <Select<number>
          aria-label={t('hours.to')}
          value={value.to}
          onChange={(to) => onChange({ from: value.from, to })}
          options={hours(1, HEAT_MAP_HOURS).map((hour) => ({
            value: hour,
            label: t('hours.to_hour', { hour: hourName(hour) }),
          }))}
          virtual={false}
          style={{ width: 140 }}
          data-testid="hours-to"
        />
      )}
    </Flex>
  );
}
