import {
  OPEN_CHARGE_STATUSES,
  type ChargeRefusal,
  type ChargeResult,
  type ChargeStatus,
  type PaymentMethod,
} from '@evcms/contracts/charges';
import type { CommandOutcome } from '@evcms/contracts/ocpp-commands';
import type { IdTagStatus } from '../../db/schema/charges.ts';

/* The decisions of a charge's life, as plain functions: who may start, what it costs, how it ends. */

/** Charges a station may still report on: initiated, charging or paused. */
export const OPEN_STATUSES = OPEN_CHARGE_STATUSES;
/** Charges whose meter runs: what progress, a stop and a reboot apply to. */
export const RUNNING_STATUSES = ['in_progress', 'pause'] as const satisfies readonly ChargeStatus[];

export function isRunning(status: ChargeStatus): boolean {
  return (RUNNING_STATUSES as readonly ChargeStatus[]).includes(status);
}

/**
 * A charge a StopTransaction can still complete and bill: a running one, or one marked not
 * completed after a reboot or a long silence, whose real stop may still arrive late.
 */
export function isCompletable(status: ChargeStatus): boolean {
  return isRunning(status) || status === 'not_completed';
}

/**
 * The cost of `wh` at `priceTyiyn` per kWh, in whole tyiyn: Wh x tyiyn/kWh / 1000, rounded to the
 * nearest tyiyn with halves up (1 Wh at 12.50 som is 1.25 tyiyn -> 1; 2 Wh is 2.5 -> 3). Counted in
 * BigInt, so no product is ever rounded by a double.
 */
export function energyCostTyiyn(wh: number, priceTyiyn: number): number {
  if (!Number.isSafeInteger(wh) || !Number.isSafeInteger(priceTyiyn) || wh < 0 || priceTyiyn < 0) {
    throw new RangeError(`energy and price are whole and not negative (${wh} Wh, ${priceTyiyn} tyiyn/kWh)`);
  }
  return Number((BigInt(wh) * BigInt(priceTyiyn) + 500n) / 1000n);
}

/** Energy between two meter readings; a meter that went backwards (replaced, reset) delivered nothing. */
export function consumedBetween(startWh: number, endWh: number): number {
  return Math.max(0, endWh - startWh);
}

/** What Authorize and a start know of an id tag (id-tags.service.ts findDriverByIdTag). */
export interface TagHolder {
  driverId: number;
  tagBlocked: boolean;
  driverBlocked: boolean;
  balanceTyiyn: number;
}

export interface Authorization {
  idTagStatus: IdTagStatus;
  refusal: ChargeRefusal | null;
}

/**
 * PRODUCT.md 'Drivers': Accepted only for a known, unblocked tag of an unblocked driver whose
 * balance covers the minimum; a tag nobody holds is Invalid, a blocked tag or driver and a short
 * balance are Blocked (OCPP 1.6 has no status for money; Blocked tells the charge point not to start).
 */
export function authorize(holder: TagHolder | undefined, minimumBalanceTyiyn: number): Authorization {
  if (!holder) return { idTagStatus: 'Invalid', refusal: 'unknown_tag' };
  if (holder.tagBlocked || holder.driverBlocked) return { idTagStatus: 'Blocked', refusal: 'blocked' };
  if (holder.balanceTyiyn < minimumBalanceTyiyn) return { idTagStatus: 'Blocked', refusal: 'low_balance' };
  return { idTagStatus: 'Accepted', refusal: null };
}

/**
 * A start: refused (unauthorized) for a connector the station does not have, a tag that is not
 * accepted, or a connector nothing prices (no custom fee, personal or default rate: energy is
 * never given away by an oversight; the charge point is told Invalid); else charging.
 */
export function startDecision(input: {
  connectorKnown: boolean;
  authorization: Authorization;
  priceTyiyn: number | null;
}): Authorization {
  if (!input.connectorKnown) return { idTagStatus: 'Invalid', refusal: 'unknown_connector' };
  if (input.authorization.refusal) return input.authorization;
  if (input.priceTyiyn === null) return { idTagStatus: 'Invalid', refusal: 'no_price' };
  return input.authorization;
}

/** What a charge costs, in whole tyiyn: `totalTyiyn` is what the driver pays (or, while it runs, would pay now). */
export interface ChargePrice {
  /** Energy x price, before the discount. */
  amountTyiyn: number;
  /** The promotion's discount, at most the amount. */
  discountTyiyn: number;
  totalTyiyn: number;
}

/**
 * The one price rule of a charge (docs/architecture.md 'money'): energy at the price fixed at the
 * start (energyCostTyiyn), less the discount, which is whole tyiyn (a fraction is cut, in the
 * network's favour), never below 0 and never above the amount, so the total is never negative.
 * Settlement, the running amount, the prepaid stop and the exports all take their figures from it.
 */
export function chargePrice(input: {
  consumedWh: number;
  priceTyiyn: number;
  discountTyiyn?: number | undefined;
}): ChargePrice {
  return discountedPrice(energyCostTyiyn(input.consumedWh, input.priceTyiyn), input.discountTyiyn ?? 0);
}

/** chargePrice of an amount already counted (a charge's row holds it): the discount bounded to it, and the total. */
export function discountedPrice(amountTyiyn: number, discountTyiyn: number): ChargePrice {
  if (!Number.isFinite(discountTyiyn)) throw new RangeError(`a discount is a number of tyiyn (${discountTyiyn})`);
  const discount = Math.min(Math.max(0, Math.trunc(discountTyiyn)), amountTyiyn);
  return { amountTyiyn, discountTyiyn: discount, totalTyiyn: amountTyiyn - discount };
}

export interface Settlement extends ChargePrice {
  status: ChargeStatus;
  result: ChargeResult;
  /** What the driver's balance is debited: the total, when above zero. */
  debitTyiyn: number;
  paymentMethod: PaymentMethod;
}

/**
 * How a stopped charge is settled: its price (chargePrice), the total debited from the balance.
 * Stopped when a manager stopped it, finished otherwise; successful when energy was delivered (and
 * so paid: the debit is written with it, even into a debt), failed when none was. Paid by
 * promotion when the discount covers all of a non-zero amount.
 */
export function settle(input: {
  consumedWh: number;
  priceTyiyn: number;
  discountTyiyn: number;
  stoppedByBackOffice: boolean;
}): Settlement {
  const price = chargePrice(input);
  return {
    status: input.stoppedByBackOffice ? 'stopped' : 'finished',
    result: input.consumedWh > 0 ? 'successful' : 'failed',
    ...price,
    debitTyiyn: price.totalTyiyn,
    paymentMethod: price.amountTyiyn > 0 && price.totalTyiyn === 0 ? 'promotion' : 'balance',
  };
}

/**
 * Whether the back office ended the charge (status stopped), from the stop's OCPP reason: Remote
 * after the back office asked for the stop (a driver's app may stop remotely too), or
 * UnlockCommand, which only the back office's UnlockConnector causes (the station ends the
 * connector's transaction before unlocking it).
 */
export function stoppedByBackOffice(reason: string, stopRequested: boolean): boolean {
  return reason === 'UnlockCommand' || (reason === 'Remote' && stopRequested);
}

/** The last stop request sent for a charge (its RemoteStopTransaction in the command audit). */
export interface LastStop {
  /** Null while the station's answer is awaited. */
  outcome: CommandOutcome | null;
  requestedAt: Date;
  finishedAt: Date | null;
}

/**
 * Beyond a command's time-out, the time its outcome may still take to be written (the bus's way
 * back, the write): a stop still unanswered after both was lost with the process that sent it.
 */
export const STOP_OUTCOME_GRACE_MS = 10_000;

/**
 * What a back-office stop of a running charge does, given the last one: `send` a RemoteStopTransaction;
 * `under_way` when the last still waits for the station's answer (for up to the time-out and the
 * grace), or was accepted less than a time-out ago and the station's StopTransaction is yet to
 * come; `offline` (answered so again, nothing sent or recorded) when the last found the station
 * offline and it still is. After a rejection, a time-out, an error or the station's return the
 * manager may ask again.
 */
export function stopStep(
  last: LastStop | undefined,
  stationOnline: boolean,
  now: Date,
  timeoutMs: number,
): 'send' | 'under_way' | 'offline' {
  if (!last) return 'send';
  const since = (at: Date) => now.getTime() - at.getTime();
  if (last.outcome === null) return since(last.requestedAt) < timeoutMs + STOP_OUTCOME_GRACE_MS ? 'under_way' : 'send';
  if (last.outcome === 'accepted') return since(last.finishedAt ?? last.requestedAt) < timeoutMs ? 'under_way' : 'send';
  if (last.outcome === 'offline' && !stationOnline) return 'offline';
  return 'send';
}

/** Whole seconds from start to end (Dates, or epoch milliseconds as the export reads them); null when the charge never ran. */
export function durationSeconds(startedAt: Date | number, end: Date | number | null): number | null {
  return end === null ? null : Math.max(0, Math.floor((Number(end) - Number(startedAt)) / 1000));
}

/**
 * Where to read a page from: a page in the older half is read from the oldest end (ascending,
 * then reversed), so the last of a million pages costs what the first does.
 */
export function pageReading(
  window: { limit: number; offset: number },
  total: number,
): { ascending: boolean; limit: number; offset: number } {
  const { limit, offset } = window;
  if (offset + limit <= total / 2 || offset >= total) return { ascending: false, limit, offset };
  const shown = Math.min(limit, total - offset);
  return { ascending: true, limit: shown, offset: total - offset - shown };
}

/**
 * Prepaid protection: a charge paid from the balance whose running total (its amount less its
 * running discount, chargePrice) has reached the driver's balance is stopped by the central
 * system, once (a stop already asked for is not asked again).
 */
export function needsPrepaidStop(
  charge: {
    status: ChargeStatus;
    stopRequestedAt: Date | null;
    amountTyiyn: number;
    discountTyiyn: number;
    driverId: number | null;
  },
  driverBalanceTyiyn: number | null,
): boolean {
  if (
    !isRunning(charge.status) ||
    charge.stopRequestedAt !== null ||
    charge.driverId === null ||
    driverBalanceTyiyn === null
  )
    return false;
  return discountedPrice(charge.amountTyiyn, charge.discountTyiyn).totalTyiyn >= driverBalanceTyiyn;
}

/** Seconds in a day: a time of day is 0 (00:00:00) to DAY_SECONDS - 1 (23:59:59). */
export const DAY_SECONDS = 86_400;

/**
 * A window of times of day in seconds, `from` to `to` both included (from <= to), split into the
 * whole minutes within it (first to last, both included; none when it holds no whole minute) and
 * the seconds left at its edges: the kept minute counts answer the first, the charges' index the rest.
 */
export function splitIntoMinutes(
  from: number,
  to: number,
): { minutes: [number, number] | null; edges: [number, number][] } {
  const first = Math.ceil(from / 60);
  const end = Math.floor((to + 1) / 60);
  if (first >= end) return { minutes: null, edges: [[from, to]] };
  const edges: [number, number][] = [];
  if (from < first * 60) edges.push([from, first * 60 - 1]);
  if (end * 60 <= to) edges.push([end * 60, to]);
  return { minutes: [first, end - 1], edges };
}
