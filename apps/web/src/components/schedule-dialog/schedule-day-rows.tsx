import { CopyOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Tooltip, Typography } from 'antd';
import { fromDialogDay } from '@evcms/contracts/schedule';
import { useTranslation } from 'react-i18next';
import {
  issuesAt,
  type DialogDay,
  type DialogIssue,
  type RowPart,
  type TimeField as Field,
} from './schedule-dialog-model.ts';
import { dayName } from './schedule-text.ts';
import { TimeField } from './time-field.tsx';

/**
 * Day label | start | end | actions; the header and every row share it so the columns line up. On
 * a phone the label takes a line of its own above its times, which would otherwise be left too
 * narrow to show a time (`labelCell` spans it across).
 */
export function rowGrid(phone: boolean) {
  return {
    display: 'grid',
    gridTemplateColumns: phone ? '1fr 1fr 72px' : '150px 1fr 1fr 88px',
    gap: 8,
    alignItems: 'start',
  } as const;
}

/** The style of a row's first cell: across the whole row on a phone. */
export const labelCell = (phone: boolean) => (phone ? { gridColumn: '1 / -1' } : {});

export interface DayRowsProps {
  row: DialogDay;
  issues: readonly DialogIssue[];
  /** Whether 'share to all selected days' is offered (more than one day selected). */
  canShare: boolean;
  /** A phone's narrow layout (see rowGrid). */
  phone: boolean;
  onToggle: () => void;
  onTime: (part: RowPart, field: Field, value: string) => void;
  onAddBreak: () => void;
  onRemoveBreak: () => void;
  onShareBreak: () => void;
}

/**
 * One day of the dialog and its break row under it. A day that is not selected is a day off: its
 * times are greyed out, as they are not saved, but kept in case the day is selected again.
 */
export function DayRows({
  row,
  issues,
  canShare,
  phone,
  onToggle,
  onTime,
  onAddBreak,
  onRemoveBreak,
  onShareBreak,
}: DayRowsProps) {
  const { t } = useTranslation('schedule');
  const name = dayName(t, fromDialogDay(row.day), 'full');
  const at = (part: RowPart, field: Field | 'day') => issuesAt(issues, row.day, part, field);
  const rowErrors = [...at('hours', 'day'), ...at('break', 'day')];
  return (
    <>
      <div style={rowGrid(phone)} data-testid={`schedule-day-${row.day}`}>
        <div style={labelCell(phone)}>
          <Checkbox checked={row.selected} onChange={onToggle} style={{ paddingTop: 5 }}>
            {name}
          </Checkbox>
          {rowErrors.map((message) => (
            <Typography.Text key={message} type="danger" style={{ display: 'block', fontSize: 12 }}>
              {message}
            </Typography.Text>
          ))}
        </div>
        <TimeField
          label={t('dialog.start', { day: name })}
          value={row.start_time}
          onChange={(value) => onTime('hours', 'start_time', value)}
          errors={at('hours', 'start_time')}
          disabled={!row.selected}
        />
        <TimeField
          label={t('dialog.end', { day: name })}
          value={row.end_time}
          onChange={(value) => onTime('hours', 'end_time', value)}
          errors={at('hours', 'end_time')}
          disabled={!row.selected}
        />
        <Tooltip title={t('dialog.addBreak')}>
          <Button
            aria-label={`${t('dialog.addBreak')}: ${name}`}
            icon={<PlusOutlined aria-hidden />}
            onClick={onAddBreak}
            disabled={!row.selected || row.break !== null}
          />
        </Tooltip>
      </div>
      {row.break && (
        <div style={rowGrid(phone)} data-testid={`schedule-break-${row.day}`}>
          <Typography.Text type="secondary" style={{ paddingTop: 5, paddingLeft: 24, ...labelCell(phone) }}>
            {t('dialog.break')}
          </Typography.Text>
          <TimeField
            label={t('dialog.breakStart', { day: name })}
            value={row.break.start_time}
            onChange={(value) => onTime('break', 'start_time', value)}
            errors={at('break', 'start_time')}
            disabled={!row.selected}
          />
          <TimeField
            label={t('dialog.breakEnd', { day: name })}
            value={row.break.end_time}
            onChange={(value) => onTime('break', 'end_time', value)}
            errors={at('break', 'end_time')}
            disabled={!row.selected}
          />
          <Flex gap={4}>
            {canShare && row.selected && (
              <Tooltip title={t('dialog.shareBreak')}>
                <Button
                  aria-label={`${t('dialog.shareBreak')}: ${name}`}
                  icon={<CopyOutlined aria-hidden />}
                  onClick={onShareBreak}
                />
              </Tooltip>
            )}
            <Tooltip title={t('dialog.removeBreak')}>
              <Button
                aria-label={`${t('dialog.removeBreak')}: ${name}`}
                icon={<DeleteOutlined aria-hidden />}
                onClick={onRemoveBreak}
              />
            </Tooltip>
          </Flex>
        </div>
      )}
    </>
  );
}
