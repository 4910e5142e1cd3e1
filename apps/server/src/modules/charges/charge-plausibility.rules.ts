import { CHARGE_REVIEW_REASONS, type ChargeReviewReason } from '@evcms/contracts/charges';

/*
 * What a charge point may claim of a charge before it is believed (issue 28): energy no more than
 * the connector can deliver in the time, and a stop no earlier than the start. A claim past that is
 * not billed; the charge is marked for review with the reason. Plain functions; the hot path's
 * meter statement applies the same bound in SQL (charge-progress.repository.ts withinPowerBound).
 */

/**
 * The margin over the connector's power: a connector rated 22 kW is believed up to 33 kW (meters
 * count a little fast, ratings are rounded, a phase may carry more), plus METER_SLACK_WH a reading,
 * so a meter counting in whole kWh or a reading right after the start is never taken for a jump.
 */
export const POWER_MARGIN = 1.5;
export const METER_SLACK_WH = 1_000;
/** The power assumed of a connector whose power is not set (0): the fastest chargers sold, unless configured (OCPP_POWER_CEILING). */
export const DEFAULT_POWER_CEILING_W = 350_000;

/** Wh a connector of `powerW` can plausibly deliver in `ms` (none when the time runs backwards), with the margin and the slack. */
export function plausibleEnergyWh(powerW: number, ms: number): number {
  return Math.floor((powerW * POWER_MARGIN * Math.max(0, ms)) / 3_600_000) + METER_SLACK_WH;
}

/** The power a charge is judged by: its connector's at the start, or the ceiling when it has none. */
export function chargePowerW(connectorPowerW: number | null | undefined, ceilingW: number): number {
  return connectorPowerW ? connectorPowerW : ceilingW;
}

/** What the bound needs of a charge: its start, its last believed reading and its power. */
export interface MeteredCharge {
  startedAt: Date;
  meterStartWh: number | null;
  lastMeterWh: number | null;
  lastMeterAt: Date | null;
  /** Null (a charge ended before the bound was kept): no bound. */
  maxPowerW: number | null;
}

/**
 * Whether a register reading is believable: the energy since the start within what the connector
 * delivers since the start, and the energy since the last believed reading within what it
 * delivers since then. The second is what keeps one reading from taking a lagging charge's whole
 * allowance at once, so no single reading can push a prepaid balance further below zero than
 * one reading's plausible cost.
 */
export function isPlausibleReading(charge: MeteredCharge, reading: { meterWh: number; at: Date }): boolean {
  if (charge.maxPowerW === null || charge.meterStartWh === null) return true;
  const sinceStart = reading.meterWh - charge.meterStartWh;
  if (sinceStart > plausibleEnergyWh(charge.maxPowerW, reading.at.getTime() - charge.startedAt.getTime())) return false;
  const lastWh = charge.lastMeterWh ?? charge.meterStartWh;
  const lastAt = charge.lastMeterAt ?? charge.startedAt;
  return reading.meterWh - lastWh <= plausibleEnergyWh(charge.maxPowerW, reading.at.getTime() - lastAt.getTime());
}

/**
 * The register a stop is billed by, and its time: the stop's own when believable, else the last
 * believed reading (the start's meter when even that one fails the bound: a reading kept before
 * the bound existed), marked `stop_implausible`.
 */
export function stopMeter(
  charge: MeteredCharge,
  stop: { meterWh: number; at: Date },
): { meterWh: number; at: Date; review: ChargeReviewReason | null } {
  if (isPlausibleReading(charge, stop)) return { ...stop, review: null };
  const last =
    charge.lastMeterWh === null ? null : { meterWh: charge.lastMeterWh, at: charge.lastMeterAt ?? charge.startedAt };
  const fromStart = { ...charge, lastMeterWh: null, lastMeterAt: null };
  if (last && isPlausibleReading(fromStart, last)) return { ...last, review: 'stop_implausible' };
  return { meterWh: charge.meterStartWh ?? stop.meterWh, at: charge.startedAt, review: 'stop_implausible' };
}

/**
 * When a charge ended: the station's stop time, unless it is before the start (a clock set back,
 * or a start whose time was itself replaced), then the server's time of receiving the stop,
 * marked `clock_before_start`; never before the start all the same.
 */
export function stopTime(
  startedAt: Date,
  stoppedAt: Date,
  receivedAt: Date,
): { at: Date; review: ChargeReviewReason | null } {
  if (stoppedAt >= startedAt) return { at: stoppedAt, review: null };
  return { at: receivedAt < startedAt ? startedAt : receivedAt, review: 'clock_before_start' };
}

/** The reason a charge keeps: the weightier of the one it has and a new one (CHARGE_REVIEW_REASONS is in rising weight). */
export function weightierReview(
  current: ChargeReviewReason | null,
  next: ChargeReviewReason | null | undefined,
): ChargeReviewReason | null {
  if (!next) return current;
  return current === null || CHARGE_REVIEW_REASONS.indexOf(next) > CHARGE_REVIEW_REASONS.indexOf(current)
    ? next
    : current;
}
