import { Button, Flex } from 'antd';
import type { ScheduleEntryInput } from '@evcms/contracts/schedule';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DialogEntry } from './schedule-dialog-model.ts';
import { ScheduleDialog } from './schedule-dialog.tsx';
import { ScheduleSummary } from './schedule-summary.tsx';

export interface ScheduleFieldProps {
  /** Given by Form.Item: the schedule, storage days 0..6. */
  value?: readonly ScheduleEntryInput[] | null;
  /** Given by Form.Item: receives what the dialog saved. */
  onChange?: (value: DialogEntry[]) => void;
  /** Given by Form.Item, so its label points at the button. */
  id?: string;
  disabled?: boolean;
  /** The dialog's title; 'Operating mode' by default. */
  dialogTitle?: ReactNode;
}

/**
 * A form control for the schedule: its summary and a button that opens the weekly dialog.
 * `<Form.Item name="schedule"><ScheduleField /></Form.Item>`.
 */
export function ScheduleField({ value, onChange, id, disabled, dialogTitle }: ScheduleFieldProps) {
  const { t } = useTranslation('schedule');
  const [open, setOpen] = useState(false);
  const empty = !value?.length;
  return (
    <Flex vertical align="flex-start" gap={8}>
      <ScheduleSummary entries={value} />
      <Button id={id} disabled={disabled} onClick={() => setOpen(true)} data-testid="schedule-open">
        {empty ? t('field.specify') : t('field.change')}
      </Button>
      <ScheduleDialog
        open={open}
        value={value}
        title={dialogTitle}
        onCancel={() => setOpen(false)}
        onSave={(entries) => {
          setOpen(false);
          onChange?.(entries);
        }}
      />
    </Flex>
  );
}
