import { TimePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

/** HH:mm:ss -> a dayjs on today's date (only its time is read); no plugin needed. */
function toDayjs(time: string): Dayjs | null {
  const match = /^(\d{2}):(\d{2}):(\d{2})$/.exec(time);
  if (!match) return null;
  return dayjs().startOf('day').hour(Number(match[1])).minute(Number(match[2])).second(Number(match[3]));
}

export interface TimeFieldProps {
  /** HH:mm:ss. */
  value: string;
  /** Receives HH:mm:ss. */
  onChange: (value: string) => void;
  label: string;
  errors: readonly string[];
  disabled?: boolean;
}

/** A time in HH:mm with 30-minute steps (spec 9) holding an HH:mm:ss string, its errors under it. */
export function TimeField({ value, onChange, label, errors, disabled }: TimeFieldProps) {
  return (
    <div>
      <TimePicker
        aria-label={label}
        value={toDayjs(value)}
        onChange={(time) => time && onChange(time.format('HH:mm:ss'))}
        format="HH:mm"
        minuteStep={30}
        showNow={false}
        // An empty time means nothing in a schedule; a time is always picked instead.
        allowClear={false}
        disabled={disabled}
        status={errors.length > 0 ? 'error' : undefined}
        style={{ width: '100%' }}
      />
      {errors.map((message) => (
        <Typography.Text key={message} type="danger" style={{ display: 'block', fontSize: 12 }}>
          {message}
        </Typography.Text>
      ))}
    </div>
  );
}
