import type { ChargeReviewReason } from '@evcms/contracts/charges';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { findDriverByIdTag } from '../drivers/id-tags.service.ts';
import { postBalanceEntry } from '../drivers/ledger.service.ts';
import * as progressRepo from './charge-progress.repository.ts';
import * as progressBatches from './charge-progress-batch.ts';
import * as repo from './charges.repository.ts';
import { isPlausibleReading, stopMeter, stopTime, weightierReview } from './charge-plausibility.rules.ts';
import { consumedBetween, isCompletable, isRunning, settle, stoppedByBackOffice } from './charges.rules.ts';
import { discountedChargePrice, type PricedCharge } from './charge-discounts.service.ts';
import { chargePaid, chargeSettled } from './charge-paid.service.ts';

/*
 * A charge's life after its start (charge-start.service.ts), as the OCPP central system drives it
 * (PRODUCT.md 'Charge lifecycle' and 'Payment'): meter progress, pause and resume, a stop request,
 * complete (StopTransaction: amount, discount, ledger debit, status and result), not completed (a
 * connector free without its transaction, a long silence), cancel. Each is one database
 * transaction; each can be called again with the same message and changes nothing the second time.
 */

export type { ChargeRow } from './charges.repository.ts';
export type { MeterBase, ProgressedCharge } from './charge-progress.repository.ts';

// ---- For other modules

export interface MeterReading {
  /** The energy register (Energy.Active.Import.Register) in Wh. */
  meterWh: number;
  at: Date;
  powerW?: number | null | undefined;
  socPercent?: number | null | undefined;
  /** Why the reading's time is not the station's (`clock_future`: it was replaced by the server's); the charge is marked for review when it moves. */
  review?: ChargeReviewReason | null | undefined;
}

export interface ChargeProgress {
  /** False when the reading was older than the last one, or the charge no longer runs. */
  applied: boolean;
  charge: repo.ChargeRow;
  /** The driver's balance now, for the prepaid protection to compare with the running amount. */
  driverBalanceTyiyn: number | null;
}

/** The running price's columns of a charge at `consumedWh` (charge-discounts.service.ts): amount, discount and its promotion; not the total, which is what the stop debits. */
async function runningPrice(db: Db, charge: PricedCharge, consumedWh: number) {
  const { amountTyiyn, discountTyiyn, promotionId } = await discountedChargePrice(db, charge, consumedWh);
  return { amountTyiyn, discountTyiyn, promotionId };
}

/**
 * OCPP MeterValues for a running charge: consumption and running cost follow the register (its
 * amount, and the discount of the promotion that applies so far: charge-discounts.service.ts); a
 * reading not newer than the last one is ignored (meter values arrive late and out of order), and
 * one past the connector's power bound (charge-plausibility.rules.ts) too, the charge marked for
 * review (`meter_jump`). 404 for an unknown charge.
 */
export async function recordMeterProgress(db: Db, chargeId: number, reading: MeterReading): Promise<ChargeProgress> {
  return db.transaction(async (tx) => {
    const charge = await repo.findChargeRow(tx, chargeId, { forUpdate: true });
    if (!charge) throw notFound();
    const balance = async (row: repo.ChargeRow) =>
      row.idTag ? ((await findDriverByIdTag(tx, row.idTag))?.balanceTyiyn ?? null) : null;
    const newer = charge.lastMeterAt === null || reading.at > charge.lastMeterAt;
    if (!isRunning(charge.status) || !newer || charge.meterStartWh === null || charge.priceTyiyn === null) {
      return { applied: false, charge, driverBalanceTyiyn: await balance(charge) };
    }
    if (!isPlausibleReading(charge, reading)) {
      const marked = await repo.updateCharge(tx, chargeId, {
        reviewReason: weightierReview(charge.reviewReason, 'meter_jump'),
      });
      return { applied: false, charge: marked, driverBalanceTyiyn: await balance(marked) };
    }
    const consumedWh = consumedBetween(charge.meterStartWh, reading.meterWh);
    const updated = await repo.updateCharge(tx, chargeId, {
      reviewReason: weightierReview(charge.reviewReason, reading.review),
      lastMeterWh: reading.meterWh,
      lastMeterAt: reading.at,
      consumedWh,
      ...(await runningPrice(tx, { ...charge, priceTyiyn: charge.priceTyiyn }, consumedWh)),
      ...(reading.powerW != null && { powerW: Math.round(reading.powerW) }),
      ...(reading.socPercent != null && { socPercent: Math.round(reading.socPercent) }),
    });
    return { applied: true, charge: updated, driverBalanceTyiyn: await balance(updated) };
  });
}

/** Whether meter readings can move the charge: it runs, from a start's meter and at a price. */
export function takesReadings(
  base: progressRepo.MeterBase,
): base is progressRepo.MeterBase & { meterStartWh: number; priceTyiyn: number } {
  return isRunning(base.status) && base.meterStartWh !== null && base.priceTyiyn !== null;
}

/**
 * recordMeterProgress for MeterValues, the call a network sends most: one guarded statement, no
 * transaction. `base` is the charge as read for this call (findMeterBase); the update applies only
 * while the charge still runs from that start's meter and price and holds no newer reading, so a
 * concurrent stop or a reading overtaking this one leaves it out. Answers the charge (and its
 * driver's balance) as the reading left it; undefined when not applied. A reading past the power
 * bound moves only the charge's review mark (`jumped`); a replaced time marks it too, apart.
 */
export async function advanceMeter(
  db: Db,
  base: progressRepo.MeterBase,
  reading: MeterReading,
): Promise<progressRepo.ProgressedCharge | undefined> {
  if (!takesReadings(base)) return undefined;
  const consumedWh = consumedBetween(base.meterStartWh, reading.meterWh);
  const progressed = await progressBatches.updateMeterProgress(db, {
    id: base.id,
    meterStartWh: base.meterStartWh,
    priceTyiyn: base.priceTyiyn,
    meterWh: reading.meterWh,
    at: reading.at,
    consumedWh,
    ...(await runningPrice(db, base, consumedWh)),
    powerW: reading.powerW == null ? null : Math.round(reading.powerW),
    socPercent: reading.socPercent == null ? null : Math.round(reading.socPercent),
  });
  if (progressed && reading.review) await progressRepo.markForReview(db, base.id, reading.review);
  return progressed;
}

/** SuspendedEV / SuspendedEVSE pause a charging charge; Charging resumes a paused one. Anything else stays. 404 for an unknown charge. */
export async function setChargeSuspended(db: Db, chargeId: number, suspended: boolean): Promise<repo.ChargeRow> {
  return db.transaction(async (tx) => {
    const charge = await repo.findChargeRow(tx, chargeId, { forUpdate: true });
    if (!charge) throw notFound();
    const from = suspended ? 'in_progress' : 'pause';
    return charge.status === from
      ? repo.updateCharge(tx, chargeId, { status: suspended ? 'pause' : 'in_progress' })
      : charge;
  });
}

/** A manager asked the station to stop the charge (RemoteStopTransaction sent): its stop will count as the back office's. */
export async function markStopRequested(db: Db, chargeId: number, at: Date = new Date()): Promise<repo.ChargeRow> {
  return db.transaction(async (tx) => {
    const charge = await repo.findChargeRow(tx, chargeId, { forUpdate: true });
    if (!charge) throw notFound();
    return isRunning(charge.status) && charge.stopRequestedAt === null
      ? repo.updateCharge(tx, chargeId, { stopRequestedAt: at })
      : charge;
  });
}

export interface CompleteChargeInput {
  meterStopWh: number;
  /** The charge point's timestamp of the stop: kept as sent, also when it arrives late, unless it is before the start. */
  finishedAt: Date;
  /** When the server received the stop (now unless told): the finish of a stop stamped before the start. */
  receivedAt?: Date | undefined;
  /** Why the stop's time is not the station's (`clock_future`: the caller replaced it); the charge is marked for review. */
  review?: ChargeReviewReason | null | undefined;
  /** OCPP StopTransaction reason; OCPP reads a missing one as Local. */
  reason?: string | null | undefined;
  /** A stop the back office asked for; unset: as its reason tells (charges.rules.ts stoppedByBackOffice). */
  stoppedByBackOffice?: boolean | undefined;
  /** When the debit is booked in the ledger; now unless told (demo history books the past). */
  bookedAt?: Date | undefined;
}

export interface CompletedCharge {
  /** False when this call changed nothing (the charge was settled before, or never ran). */
  settled: boolean;
  charge: repo.ChargeRow;
}

/**
 * OCPP StopTransaction. Amount = consumed kWh x the price fixed at the start, minus the discount
 * of the promotion that applies (charge-discounts.service.ts, charges.rules.ts chargePrice), which
 * is written with the promotion's id; the total is debited from the driver's balance
 * with one ledger entry in this transaction, and what a paid charge sets off runs in it too
 * (charge-paid.service.ts: the referral bonuses), as does what any settled one does (the
 * analytics' count); status finished, or stopped when the back office stopped it (a remote stop it asked for, or its unlock of the connector); result successful when
 * energy was delivered. A stop's meter past the connector's power bound is not billed: the charge
 * is completed with the last plausible reading and marked for review (`stop_implausible`); a stop
 * stamped before the start ends when it was received (`clock_before_start`). A charge marked not
 * completed is completed by its late stop. Completing a settled charge again changes nothing (the
 * charge row is locked first, and the ledger's unique charge index would refuse a second debit
 * anyway). An unauthorized start's stop records its meter and time; it is never billed. 404 for an
 * unknown charge.
 */
export async function completeCharge(db: Db, chargeId: number, input: CompleteChargeInput): Promise<CompletedCharge> {
  return db.transaction(async (tx) => {
    const charge = await repo.findChargeRow(tx, chargeId, { forUpdate: true });
    if (!charge) throw notFound();
    const finish = stopTime(charge.startedAt, input.finishedAt, input.receivedAt ?? new Date());
    const meter = stopMeter(charge, { meterWh: input.meterStopWh, at: finish.at });
    const stop = {
      finishedAt: finish.at,
      meterStopWh: meter.meterWh,
      lastMeterWh: meter.meterWh,
      lastMeterAt: meter.at,
      consumedWh: consumedBetween(charge.meterStartWh ?? meter.meterWh, meter.meterWh),
      stopReason: input.reason ?? 'Local',
      reviewReason: [input.review, finish.review, meter.review].reduce<ChargeReviewReason | null>(
        weightierReview,
        charge.reviewReason,
      ),
    };
    if (charge.status === 'unauthorized' && charge.finishedAt === null && charge.meterStartWh !== null) {
      return { settled: false, charge: await repo.updateCharge(tx, chargeId, stop) };
    }
    if (!isCompletable(charge.status) || charge.priceTyiyn === null || charge.driverId === null)
      return { settled: false, charge };

    const byBackOffice =
      input.stoppedByBackOffice ?? stoppedByBackOffice(stop.stopReason, charge.stopRequestedAt !== null);
    const { discountTyiyn, promotionId } = await discountedChargePrice(
      tx,
      { ...charge, priceTyiyn: charge.priceTyiyn },
      stop.consumedWh,
      'settlement',
    );
    const settlement = settle({
      consumedWh: stop.consumedWh,
      priceTyiyn: charge.priceTyiyn,
      discountTyiyn,
      stoppedByBackOffice: byBackOffice,
    });
    if (settlement.debitTyiyn > 0) {
      await postBalanceEntry(tx, {
        driverId: charge.driverId,
        debitTyiyn: settlement.debitTyiyn,
        reason: `#${charge.id}`,
        method: 'charge',
        chargeId: charge.id,
        at: input.bookedAt,
      });
      // Before the charge's row is written: its trigger takes the day's shared count row, which must
      // come after every balance this settlement locks (the inviter's too), or two settlements of a
      // chain of invitations would each hold what the other waits for.
      const at = input.bookedAt ?? new Date();
      await chargePaid(tx, { id: charge.id, driverId: charge.driverId, debitTyiyn: settlement.debitTyiyn, at });
    }
    const { debitTyiyn: _debit, ...paid } = settlement;
    const settled = await repo.updateCharge(tx, chargeId, { ...stop, ...paid, promotionId });
    await chargeSettled(tx, { ...settled, driverId: charge.driverId, finishedAt: finish.at });
    return { settled: true, charge: settled };
  });
}

/**
 * A connector reported free (Available, Preparing) while its charge still ran: the station holds no
 * transaction there any more (it rebooted, say). The charge is not completed as markNotCompleted
 * leaves it; a late StopTransaction still completes and bills it. Answers the charge when it
 * changed, undefined when it no longer ran. 404 for an unknown charge.
 */
export async function markChargeNotCompleted(db: Db, chargeId: number): Promise<repo.ChargeRow | undefined> {
  return db.transaction(async (tx) => {
    const charge = await repo.findChargeRow(tx, chargeId, { forUpdate: true });
    if (!charge) throw notFound();
    return isRunning(charge.status)
      ? repo.updateCharge(tx, chargeId, { status: 'not_completed', result: 'failed' })
      : undefined;
  });
}

/**
 * A station stayed offline past the limit (or, in the demo's history, rebooted): its charges started
 * before `before` (now unless told) that are still charging or paused are not completed (result
 * failed, consumption and cost as last metered, nothing debited: a late StopTransaction still
 * completes and bills them), and the initiated ones are canceled. Answers the charges changed.
 */
export async function markNotCompleted(
  db: Db,
  input: { stationId: number; before?: Date | undefined },
): Promise<repo.ChargeRow[]> {
  return db.transaction(async (tx) => {
    const open = await repo.lockOpenCharges(tx, input.stationId, input.before ?? new Date());
    const changed: repo.ChargeRow[] = [];
    for (const charge of open) {
      const status = charge.status === 'initiated' ? 'canceled' : 'not_completed';
      changed.push(await repo.updateCharge(tx, charge.id, { status, result: 'failed' }));
    }
    return changed;
  });
}

/** An initiated charge that never started (the remote start timed out, the cable was unplugged): canceled. Anything else stays. 404 for an unknown charge. */
export async function cancelCharge(db: Db, chargeId: number): Promise<repo.ChargeRow> {
  return db.transaction(async (tx) => {
    const charge = await repo.findChargeRow(tx, chargeId, { forUpdate: true });
    if (!charge) throw notFound();
    return charge.status === 'initiated'
      ? repo.updateCharge(tx, chargeId, { status: 'canceled', result: 'failed' })
      : charge;
  });
}

/**
 * The charges initiated before `before` that never started (a remote start the driver never
 * plugged in for, a connector left Preparing without a card): canceled. Answers them.
 */
export function cancelStaleInitiated(db: Db, before: Date): Promise<repo.ChargeRow[]> {
  return repo.cancelInitiatedBefore(db, before);
}

/** The newest open charge (initiated, charging or paused) on a station's connector, if any. */
export function findOpenCharge(
  db: Db,
  input: { stationId: number; ocppConnectorId: number },
): Promise<repo.ChargeRow | undefined> {
  return repo.findOpenCharge(db, input.stationId, input.ocppConnectorId);
}

/** What a meter reading needs of a charge (advanceMeter), read narrow. */
export function findMeterBase(db: Db, chargeId: number): Promise<progressRepo.MeterBase | undefined> {
  return progressRepo.findMeterBase(db, chargeId);
}

/** findOpenCharge, narrow: what a meter reading and a connector's status need of the charge. */
export function findOpenMeterBase(
  db: Db,
  input: { stationId: number; ocppConnectorId: number },
): Promise<progressRepo.MeterBase | undefined> {
  return progressBatches.findOpenMeterBase(db, { stationId: input.stationId, connectorId: input.ocppConnectorId });
}

/** The stations that have an open charge (initiated, charging or paused): those a long silence can leave not completed. */
export function stationsWithOpenCharges(db: Db): Promise<number[]> {
  return repo.findStationsWithOpenCharges(db);
}

/** A charge's row (the OCPP part checks a transactionId with it). */
export function findChargeRow(db: Db, chargeId: number): Promise<repo.ChargeRow | undefined> {
  return repo.findChargeRow(db, chargeId);
}
