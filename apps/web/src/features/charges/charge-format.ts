import type { ChargeStatus } from '@evcms/contracts/charges';

/*
 * How a charge reads at a glance: its status's colour and its duration in words. The colours
 * group the eight statuses of spec 4: open ones in blue and orange, a paid end in green or
 * cyan (the back office stopped it), ends with nothing charged in grey, failures in red.
 */

/** antd Tag colours (docs/decisions.md 'Charges (web)'). */
export const CHARGE_STATUS_COLORS: Record<ChargeStatus, string> = {
  initiated: 'default',
  in_progress: 'processing',
  pause: 'orange',
  canceled: 'default',
  not_completed: 'volcano',
  finished: 'green',
  stopped: 'cyan',
  unauthorized: 'red',
};

// A type, not an interface: i18next takes it as the text's values.
export type DurationParts = { hours: number; minutes: number; seconds: number };

/** Whole hours, minutes and seconds of a duration. */
export function durationParts(total: number): DurationParts {
  const whole = Math.max(0, Math.floor(total));
  return { hours: Math.floor(whole / 3600), minutes: Math.floor((whole % 3600) / 60), seconds: whole % 60 };
}

/** The words a duration is said in: hours and minutes, or minutes alone, or seconds under a minute. */
export function durationKey({ hours, minutes }: DurationParts): 'hours_minutes' | 'minutes' | 'seconds' {
  if (hours > 0) return 'hours_minutes';
  return minutes > 0 ? 'minutes' : 'seconds';
}
