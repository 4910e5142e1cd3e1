import { Button, Checkbox, Flex, Grid, Modal, Typography, type CheckboxRef } from 'antd';
import type { ScheduleEntryInput } from '@evcms/contracts/schedule';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../lib/i18n.ts';
import { useConfirm } from '../confirm-modal.ts';
import {
  addBreak,
  allDaysCheck,
  canShareBreak,
  defaultDialog,
  initDialog,
  removeBreak,
  saveDialog,
  setTime,
  shareBreak,
  toggleAllDays,
  toggleDay,
  validateDialog,
  type DialogEntry,
  type DialogState,
} from './schedule-dialog-model.ts';
import { DayRows, labelCell, rowGrid } from './schedule-day-rows.tsx';
import { focusOnceOpen } from '../dialog-focus/focus-once-open.ts';

export interface ScheduleDialogProps {
  open: boolean;
  /** The schedule to edit (storage days 0..6); read each time the dialog opens. */
  value?: readonly ScheduleEntryInput[] | null;
  /** The valid schedule: the selected days, each break right after its day; [] when no day is selected. */
  onSave: (entries: DialogEntry[]) => void;
  /**
   * Closed without saving (Cancel, X, Esc, a click on the mask; after a confirmation when something
   * was edited); the edits are dropped and the next opening starts from `value` again.
   */
  onCancel: () => void;
  /** Defaults to 'Operating mode'. */
  title?: ReactNode;
}

/** Spec 2.10 weekly schedule dialog: the rules live in schedule-dialog-model.ts. */
export function ScheduleDialog({ open, value, onSave, onCancel, title }: ScheduleDialogProps) {
  const { t } = useTranslation('schedule');
  const lang = useLang();
  const [state, setState] = useState<DialogState>(() => (open ? initDialog(value) : defaultDialog()));
  // The rows as this opening started, to tell whether closing would drop edits.
  const [initial, setInitial] = useState(state);
  const [wasOpen, setWasOpen] = useState(open);
  const { confirmDiscard } = useConfirm();
  // Below antd's `sm` (576 px) each day's name goes above its times.
  const phone = Grid.useBreakpoint().sm === false;
  const firstField = useRef<CheckboxRef>(null);
  // Errors show once Save was refused, then follow the edits, so a fixed field clears at once.
  const [checked, setChecked] = useState(false);

  // Every opening starts from the schedule the form holds now.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      const rows = initDialog(value);
      setState(rows);
      setInitial(rows);
      setChecked(false);
    }
  }

  const close = async () => {
    const edited = JSON.stringify(state) !== JSON.stringify(initial);
    if (!edited || (await confirmDiscard())) onCancel();
  };

  const issues = checked ? validateDialog(state, lang) : [];
  const allDays = allDaysCheck(state);
  const canShare = canShareBreak(state);

  const save = () => {
    const result = saveDialog(state, lang);
    if (!result.ok) {
      setChecked(true);
      return;
    }
    setState(result.state);
    setChecked(false);
    onSave(result.entries);
  };

  return (
    <Modal
      open={open}
      title={title ?? t('dialog.title')}
      width={680}
      onCancel={() => void close()}
      // Fresh fields on every opening: a refused typed time does not outlive the dialog.
      destroyOnHidden
      // The first field takes the focus once the dialog has focused itself, so typing starts there.
      afterOpenChange={(open) => focusOnceOpen(open, () => firstField.current?.focus())}
      footer={
        <Flex justify="flex-end" gap="small" data-testid="schedule-footer">
          <Button onClick={() => void close()}>{t('dialog.cancel')}</Button>
          <Button type="primary" data-testid="schedule-save" onClick={save}>
            {t('dialog.save')}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={8}>
        <div style={rowGrid(phone)}>
          <Checkbox
            ref={firstField}
            checked={allDays.checked}
            indeterminate={allDays.indeterminate}
            onChange={() => setState(toggleAllDays)}
            style={{ fontWeight: 600, ...labelCell(phone) }}
          >
            {t('dialog.allDays')}
          </Checkbox>
          {/* On a phone the times sit under their day's name and need no heading. */}
          {!phone && (
            <Typography.Text strong style={{ gridColumn: 'span 2' }}>
              {t('dialog.time')}
            </Typography.Text>
          )}
        </div>
        {state.map((row) => (
          <DayRows
            key={row.day}
            row={row}
            issues={issues}
            canShare={canShare}
            phone={phone}
            onToggle={() => setState((s) => toggleDay(s, row.day))}
            onTime={(part, field, time) => setState((s) => setTime(s, row.day, part, field, time))}
            onAddBreak={() => setState((s) => addBreak(s, row.day))}
            onRemoveBreak={() => setState((s) => removeBreak(s, row.day))}
            onShareBreak={() => setState((s) => shareBreak(s, row.day))}
          />
        ))}
        <Typography.Text type="secondary">{t('dialog.midnightHint')}</Typography.Text>
      </Flex>
    </Modal>
  );
}
