/*
 * OCPP timestamps. The 1.6 schemas accept a date-time without a zone, which JavaScript would read
 * as the server's local time; charge points mean UTC (OCPP 1.6 section 3.12), so it is read as UTC.
 */

const HAS_ZONE = /(?:z|[+-]\d\d(?::?\d\d)?)$/i;

/** A charge point's date-time (already checked by the schema) as a Date. */
export function chargePointTime(text: string): Date {
  return new Date(HAS_ZONE.test(text) ? text : `${text}Z`);
}

/** The central system's clock as OCPP sends it (`currentTime`). */
export function currentTime(now = new Date()): string {
  return now.toISOString();
}
