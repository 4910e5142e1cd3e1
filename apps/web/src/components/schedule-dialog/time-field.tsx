import { TimePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** HH:mm:ss -> a dayjs on today's date (only its time is read); no plugin needed. */
function toDayjs(time: string): Dayjs | null {
  const match = /^(\d{2}):(\d{2}):(\d{2})$/.exec(time);
  if (!match) return null;
  return dayjs().startOf('day').hour(Number(match[1])).minute(Number(match[2])).second(Number(match[3]));
}

/** Schedule times go in 30-minute steps (spec 9); the panel offers only those, typing could give any. */
const MINUTE_STEP = 30;
const onGrid = (time: Dayjs) => time.minute() % MINUTE_STEP === 0 && time.second() === 0;

export interface TimeFieldProps {
  /** HH:mm:ss. */
  value: string;
  /** Receives HH:mm:ss, only times on the 30-minute grid. */
  onChange: (value: string) => void;
  label: string;
  errors: readonly string[];
  disabled?: boolean;
}

/**
 * A time in HH:mm with 30-minute steps holding an HH:mm:ss string, its errors under it. A typed
 * time off the grid is refused with a message and the field keeps its value.
 */
export function TimeField({ value, onChange, label, errors, disabled }: TimeFieldProps) {
  const { t } = useTranslation('schedule');
  const [open, setOpen] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  // The same object while the value stays: a new one would make the picker drop the typed text.
  const time = useMemo(() => toDayjs(value), [value]);
  const messages = refused ? [t('dialog.offGrid', { time: refused }), ...errors] : errors;

  // Esc closes an open picker only: the dialog around it listens for Esc on the window, where the
  // key arrives after the picker has already closed and would close the dialog too.
  const keepEscInPicker = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) event.stopPropagation();
  };

  return (
    <div onKeyDown={keepEscInPicker}>
      <TimePicker
        aria-label={label}
        value={time}
        onChange={(picked) => {
          if (!picked) return;
          if (!onGrid(picked)) {
            setRefused(picked.format('HH:mm'));
            return;
          }
          setRefused(null);
          onChange(picked.format('HH:mm:ss'));
        }}
        onOpenChange={setOpen}
        format="HH:mm"
        minuteStep={MINUTE_STEP}
        showNow={false}
        // An empty time means nothing in a schedule; a time is always picked instead.
        allowClear={false}
        disabled={disabled}
        status={messages.length > 0 ? 'error' : undefined}
        style={{ width: '100%' }}
      />
      {messages.map((message) => (
        <Typography.Text key={message} type="danger" style={{ display: 'block', fontSize: 12 }}>
          {message}
        </Typography.Text>
      ))}
    </div>
  );
}
