import type { ChargeReviewReason } from '@evcms/contracts/charges';

/*
 * OCPP timestamps. The 1.6 schemas accept a date-time without a zone, which JavaScript would read
 * as the server's local time; charge points mean UTC (OCPP 1.6 section 3.12), so it is read as UTC.
 * A time further ahead of the server's than a clock can drift is no time the station lived
 * through: the server's own replaces it, and the charge is marked for review.
 */

/** OCPP_CLOCK_SKEW's default: a station's clock may run 15 minutes ahead of the server's. */
export const DEFAULT_CLOCK_SKEW_MS = 15 * 60_000;

const HAS_ZONE = /(?:z|[+-]\d\d(?::?\d\d)?)$/i;

/** A charge point's date-time (already checked by the schema) as a Date. */
export function chargePointTime(text: string): Date {
  return new Date(HAS_ZONE.test(text) ? text : `${text}Z`);
}

/** The central system's clock as OCPP sends it (`currentTime`). */
export function currentTime(now = new Date()): string {
  return now.toISOString();
}

/**
 * A station's time of a charge's event, as the charge services take it: as sent, unless it is more
 * than `skewMs` ahead of when the server received it (a clock set to 2999); then the receive time,
 * marked `clock_future`.
 */
export function eventTime(
  sent: Date,
  receivedAt: Date,
  skewMs = DEFAULT_CLOCK_SKEW_MS,
): { at: Date; review: ChargeReviewReason | null } {
  return sent.getTime() - receivedAt.getTime() > skewMs
    ? { at: receivedAt, review: 'clock_future' }
    : { at: sent, review: null };
}
