import { DatePicker, TimePicker } from 'antd';
import { useMemo, type CSSProperties } from 'react';
import type { DelayedFilters } from '../paged-table/use-delayed-filters.ts';
import { dateFilters, dateRange, timeFilters, timeRange, type PickedRange } from './range-values.ts';

/** One end of a range as a filter: the value as sent, null for an open end. */
export type RangeChange = (bounds: { from: string | null; to: string | null }) => void;

export interface RangeFilterProps {
  /** What the range filters ('Registration date'): the group's accessible name. */
  label: string;
  /** The two ends' placeholders, which name each input ('from', 'to'). */
  placeholders: [string, string];
  /** The filters in force, as sent (YYYY-MM-DD or HH:mm:ss). */
  from?: string;
  to?: string;
  onChange: RangeChange;
  /** Shows the label in the field too: for a list with two ranges of the same kind (start and finish dates). */
  labelled?: boolean;
  style?: CSSProperties;
}

// The group is named by the label already; the visible copy is not read a second time.
const visibleLabel = (label: string, labelled: boolean | undefined) =>
  labelled ? <span aria-hidden>{label}</span> : undefined;

// Either end may stay open ("registered since May"), as the API takes either bound alone.
const OPEN_ENDS: [boolean, boolean] = [true, true];

/** A date range of a list filter: calendar days sent as YYYY-MM-DD, shown as DD.MM.YYYY. */
export function DateRangeFilter({ label, placeholders, from, to, onChange, labelled, style }: RangeFilterProps) {
  // The same objects while the filters stay: new ones would make the picker drop typed text.
  const value = useMemo(() => dateRange(from, to), [from, to]);
  return (
    <div role="group" aria-label={label} style={{ maxWidth: '100%', ...style }}>
      <DatePicker.RangePicker
        value={value}
        allowEmpty={OPEN_ENDS}
        format="DD.MM.YYYY"
        prefix={visibleLabel(label, labelled)}
        placeholder={placeholders}
        onChange={(range) => onChange(dateFilters(range as PickedRange))}
        style={{ width: '100%' }}
      />
    </div>
  );
}

/** Spec 9: the time picker goes in 30-minute steps, HH:mm. */
const MINUTE_STEP = 30;

/**
 * A time-of-day range of a list filter, in 30-minute steps, sent as HH:mm:ss. The ends are kept
 * as picked, not swapped: 22:00 to 06:00 is a window across midnight.
 */
export function TimeRangeFilter({ label, placeholders, from, to, onChange, labelled, style }: RangeFilterProps) {
  const value = useMemo(() => timeRange(from, to), [from, to]);
  return (
    <div role="group" aria-label={label} style={{ maxWidth: '100%', ...style }}>
      <TimePicker.RangePicker
        value={value}
        allowEmpty={OPEN_ENDS}
        order={false}
        format="HH:mm"
        minuteStep={MINUTE_STEP}
        prefix={visibleLabel(label, labelled)}
        placeholder={placeholders}
        onChange={(range) => onChange(timeFilters(range as PickedRange))}
        style={{ width: '100%' }}
      />
    </div>
  );
}

/** The name of a range sent as two filters, `<name>__from` and `<name>__to` (the API's way). */
type RangeName<F extends string, All extends string = F> = F extends `${infer Name}__from`
  ? `${Name}__to` extends All
    ? Name
    : never
  : never;

/**
 * A range filter's ends and change, wired to a list's filters as shown (acting after their delay):
 * `<DateRangeFilter {...rangeFilterProps(shown, 'period')} />` reads and writes `period__from` and `period__to`.
 */
export function rangeFilterProps<F extends string>(
  filters: DelayedFilters<F>,
  name: RangeName<F>,
): Pick<RangeFilterProps, 'from' | 'to' | 'onChange'> {
  const fromName = `${name}__from` as F;
  const toName = `${name}__to` as F;
  return {
    from: filters.shown[fromName],
    to: filters.shown[toName],
    onChange: ({ from, to }) => filters.setFilters({ [fromName]: from, [toName]: to } as Record<F, string | null>),
  };
}
