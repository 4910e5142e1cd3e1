import { Typography } from 'antd';
import type { ScheduleItem } from '@evcms/contracts/schedule';
import { useTranslation } from 'react-i18next';
import { describeSchedule } from './schedule-text.ts';

export interface ScheduleSummaryProps {
  /** Storage days 0..6; breaks included or not. */
  entries: readonly ScheduleItem[] | null | undefined;
}

/**
 * Spec 4 'Schedule summary': 'Every day 09:00-18:00', '09:00-18:00, days off: Sat, Sun', or
 * 'Non-standard schedule' with a line per group of days, then the breaks; 'No schedule' when empty.
 */
export function ScheduleSummary({ entries }: ScheduleSummaryProps) {
  const { t } = useTranslation('schedule');
  const { headline, lines } = describeSchedule(t, entries);
  const none = !entries?.some((entry) => !entry.is_break);
  return (
    <div data-testid="schedule-summary">
      <Typography.Text type={none ? 'secondary' : undefined} style={{ display: 'block' }}>
        {headline}
      </Typography.Text>
      {lines.map((line) => (
        <Typography.Text key={line} type="secondary" style={{ display: 'block' }}>
          {line}
        </Typography.Text>
      ))}
    </div>
  );
}
