/* How long a charge took, in words: hours and minutes, minutes, or seconds under a minute. */

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
