import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balanceEntries, drivers } from '../../db/schema/drivers.ts';
import { stationConnectors } from '../../db/schema/stations.ts';
import { aCharge, aChargePoint } from '../../test/builders/charges.ts';
import { aDriver } from '../../test/builders/drivers.ts';
import { aStoredMerchant } from '../../test/builders/merchants.ts';
import { anActivePersonalRate, aRate } from '../../test/builders/rates.ts';
import { useTestApp } from '../../test/test-app.ts';
import {
  cancelCharge,
  completeCharge,
  findOpenCharge,
  markNotCompleted,
  markStopRequested,
  recordMeterProgress,
  setChargeSuspended,
} from './charge-lifecycle.service.ts';
import { authorizeIdTag, initiateCharge, openCharge } from './charge-start.service.ts';

/*
 * The charge services the OCPP central system calls, on a real database: a start fixes the price,
 * progress follows the meter, a stop settles and debits once, a reboot leaves charges not completed.
 */
const ctx = useTestApp();
const db = () => ctx.database.db;

let tagNumber = 0;
/** A driver with `balanceTyiyn` and one tag; answers the tag. */
async function aTagHolder(balanceTyiyn = 100_000, overrides: { blocked?: boolean } = {}) {
  tagNumber += 1;
  const idTag = `CARD-${tagNumber}`;
  const driver = await aDriver(ctx.database, { balanceTyiyn, idTags: [idTag], ...overrides });
  return { driver, idTag };
}

async function ledgerOf(driverId: number) {
  const [driver] = await db().select({ balance: drivers.balanceTyiyn }).from(drivers).where(eq(drivers.id, driverId));
  const entries = await db().select().from(balanceEntries).where(eq(balanceEntries.driverId, driverId));
  return {
    balance: driver!.balance,
    sum: entries.reduce((sum, entry) => sum + entry.creditTyiyn - entry.debitTyiyn, 0),
    entries,
  };
}

const start = (stationId: number, idTag: string, extra: Partial<Parameters<typeof openCharge>[1]> = {}) =>
  openCharge(db(), {
    stationId,
    ocppConnectorId: 1,
    idTag,
    meterStartWh: 1_000,
    startedAt: new Date('2024-03-01T10:00:00Z'),
    ...extra,
  });

describe('opening a charge', () => {
  it('fixes the price at the start: the connector’s custom fee first', async () => {
    const merchantId = await aStoredMerchant(ctx.database);
    await aRate(ctx.database, { typo: 'ccs1', priceTyiyn: 1500, status: 0 });
    await anActivePersonalRate(ctx.database, [merchantId], { typo: 'ccs1', priceTyiyn: 1100 });
    const { driver, idTag } = await aTagHolder();

    const custom = await aChargePoint(ctx.database, { merchantId, typo: 'ccs1', customFeeTyiyn: 950 });
    const opened = await start(custom.id, idTag);
    expect(opened).toMatchObject({ chargeId: opened.charge.id, idTagStatus: 'Accepted' });
    expect(opened.charge).toMatchObject({
      status: 'in_progress',
      result: null,
      driverId: driver.id,
      idTag,
      stationId: custom.id,
      station_nameEn: custom.name,
      merchantId,
      ocppConnectorId: 1,
      connectorTypo: 'ccs1',
      meterStartWh: 1_000,
      startedAt: new Date('2024-03-01T10:00:00Z'),
      priceTyiyn: 950,
      priceSource: 'custom',
      consumedWh: 0,
      totalTyiyn: 0,
    });
    // The meter is judged by the connector's power (aChargePoint's 22 kW).
    expect(opened.charge).toMatchObject({ maxPowerW: 22_000, reviewReason: null });
    // A custom fee of 0 is free charging, not "no fee".
    const free = await aChargePoint(ctx.database, { merchantId, typo: 'ccs1', customFeeTyiyn: 0 });
    expect((await start(free.id, idTag)).charge).toMatchObject({
      status: 'in_progress',
      priceTyiyn: 0,
      priceSource: 'custom',
    });
  });

  it('else the merchant’s active personal rate, else the active default rate', async () => {
    const [partner, other] = [await aStoredMerchant(ctx.database), await aStoredMerchant(ctx.database)];
    await aRate(ctx.database, { typo: 'gbt_dc', priceTyiyn: 1800, status: 0 });
    await anActivePersonalRate(ctx.database, [partner], { typo: 'gbt_dc', priceTyiyn: 1000 });
    const { idTag } = await aTagHolder();
    const atPartner = await aChargePoint(ctx.database, { merchantId: partner, typo: 'gbt_dc', customFeeTyiyn: null });
    const atOther = await aChargePoint(ctx.database, { merchantId: other, typo: 'gbt_dc', customFeeTyiyn: null });
    expect((await start(atPartner.id, idTag)).charge).toMatchObject({
      status: 'in_progress',
      priceTyiyn: 1000,
      priceSource: 'personal',
    });
    expect((await start(atOther.id, idTag)).charge).toMatchObject({
      status: 'in_progress',
      priceTyiyn: 1800,
      priceSource: 'default',
    });
  });

  it('refuses a start nothing prices: unauthorized, and the charge point is told Invalid', async () => {
    const { driver, idTag } = await aTagHolder();
    const unpriced = await aChargePoint(ctx.database, { typo: 'schuko', customFeeTyiyn: null });
    const opened = await start(unpriced.id, idTag);
    expect(opened.idTagStatus).toBe('Invalid');
    expect(opened.charge).toMatchObject({
      status: 'unauthorized',
      result: 'failed',
      refusal: 'no_price',
      driverId: driver.id,
      priceTyiyn: null,
    });
  });

  it('refuses an unknown tag, a blocked tag or driver, a short balance and an unknown connector, recording who tried', async () => {
    const station = await aChargePoint(ctx.database);
    const unknown = await start(station.id, 'NOBODY-1');
    expect(unknown).toMatchObject({
      idTagStatus: 'Invalid',
      charge: { status: 'unauthorized', refusal: 'unknown_tag', driverId: null, idTag: 'NOBODY-1' },
    });

    const blocked = await aTagHolder(100_000, { blocked: true });
    expect(await start(station.id, blocked.idTag)).toMatchObject({
      idTagStatus: 'Blocked',
      charge: { status: 'unauthorized', refusal: 'blocked', driverId: blocked.driver.id },
    });
    const broke = await aTagHolder(0);
    expect(await start(station.id, broke.idTag)).toMatchObject({
      idTagStatus: 'Blocked',
      charge: { refusal: 'low_balance' },
    });
    const rich = await aTagHolder(10_000);
    expect(await start(station.id, rich.idTag, { minimumBalanceTyiyn: 20_000 })).toMatchObject({
      idTagStatus: 'Blocked',
      charge: { refusal: 'low_balance' },
    });
    expect(await start(station.id, rich.idTag, { ocppConnectorId: 7 })).toMatchObject({
      idTagStatus: 'Invalid',
      charge: {
        status: 'unauthorized',
        refusal: 'unknown_connector',
        connectorTypo: null,
        ocppConnectorId: 7,
        stationConnectorId: null,
      },
    });
    // Tags are compared ignoring case, as OCPP compares them.
    expect((await start(station.id, rich.idTag.toLowerCase())).idTagStatus).toBe('Accepted');
    await expect(start(999_999, rich.idTag)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('answers Authorize as a start would', async () => {
    const { driver, idTag } = await aTagHolder(500);
    expect(await authorizeIdTag(db(), idTag)).toEqual({ idTagStatus: 'Accepted', driverId: driver.id });
    expect(await authorizeIdTag(db(), idTag, { minimumBalanceTyiyn: 501 })).toEqual({
      idTagStatus: 'Blocked',
      driverId: driver.id,
    });
    expect(await authorizeIdTag(db(), 'NOBODY-2')).toEqual({ idTagStatus: 'Invalid', driverId: null });
  });

  it('answers a start sent again with the same charge; another meter start or time is another charge', async () => {
    const station = await aChargePoint(ctx.database);
    const { idTag } = await aTagHolder();
    const first = await start(station.id, idTag);
    expect((await start(station.id, idTag)).chargeId).toBe(first.chargeId);
    expect((await start(station.id, idTag, { meterStartWh: 1_001 })).chargeId).not.toBe(first.chargeId);
    expect((await start(station.id, idTag, { startedAt: new Date('2024-03-01T10:00:01Z') })).chargeId).not.toBe(
      first.chargeId,
    );
    // Also after it was completed: the retry changes nothing.
    await completeCharge(db(), first.chargeId, { meterStopWh: 2_000, finishedAt: new Date('2024-03-01T11:00:00Z') });
    expect(await start(station.id, idTag)).toMatchObject({
      chargeId: first.chargeId,
      idTagStatus: 'Accepted',
      charge: { status: 'finished' },
    });
  });

  it('marks a start whose time the caller replaced, and answers it sent again (a new receive time) with the same charge', async () => {
    const station = await aChargePoint(ctx.database);
    // A connector whose power is not set: the meter is judged by the ceiling.
    await db().update(stationConnectors).set({ powerW: 0 }).where(eq(stationConnectors.stationId, station.id));
    const { idTag } = await aTagHolder();
    // Copies racing, each stamped with its own receive time.
    const copies = await Promise.all(
      [0, 1, 2].map((n) =>
        start(station.id, idTag, {
          startedAt: new Date(Date.UTC(2026, 2, 1, 10, 0, n)),
          review: 'clock_future',
          powerCeilingW: 150_000,
        }),
      ),
    );
    const first = copies[0]!;
    expect(copies.map((opened) => opened.chargeId)).toEqual([first.chargeId, first.chargeId, first.chargeId]);
    expect(first.charge).toMatchObject({ status: 'in_progress', reviewReason: 'clock_future', maxPowerW: 150_000 });
    expect(
      (await start(station.id, idTag, { startedAt: new Date('2026-03-01T10:05:00Z'), review: 'clock_future' }))
        .chargeId,
    ).toBe(first.chargeId);
    // Another meter start is another charge; so is the same once the first has ended.
    expect(
      (
        await start(station.id, idTag, {
          meterStartWh: 1_001,
          startedAt: new Date('2026-03-01T10:01:00Z'),
          review: 'clock_future',
        })
      ).chargeId,
    ).not.toBe(first.chargeId);
    await completeCharge(db(), first.chargeId, { meterStopWh: 2_000, finishedAt: new Date('2026-03-01T11:00:00Z') });
    expect(
      (await start(station.id, idTag, { startedAt: new Date('2026-03-01T12:00:00Z'), review: 'clock_future' }))
        .chargeId,
    ).not.toBe(first.chargeId);
  });

  it('turns the connector’s initiated charge into the started one; one never started is canceled', async () => {
    const station = await aChargePoint(ctx.database);
    const { driver, idTag } = await aTagHolder();
    const preparing = await initiateCharge(db(), {
      stationId: station.id,
      ocppConnectorId: 1,
      at: new Date('2024-03-01T09:59:00Z'),
    });
    expect(preparing).toMatchObject({ status: 'initiated', idTag: null, driverId: null, priceTyiyn: null });
    // A remote start for the same connector names the tag on the same charge.
    const remote = await initiateCharge(db(), { stationId: station.id, ocppConnectorId: 1, idTag });
    expect(remote).toMatchObject({ id: preparing.id, idTag, driverId: driver.id, status: 'initiated' });
    expect((await findOpenCharge(db(), { stationId: station.id, ocppConnectorId: 1 }))?.id).toBe(preparing.id);
    const opened = await start(station.id, idTag);
    expect(opened).toMatchObject({
      chargeId: preparing.id,
      charge: { status: 'in_progress', startedAt: new Date('2024-03-01T10:00:00Z'), priceTyiyn: 1000 },
    });
    expect((await cancelCharge(db(), preparing.id)).status).toBe('in_progress');

    const abandoned = await initiateCharge(db(), { stationId: station.id, ocppConnectorId: 1, idTag });
    expect(abandoned.id).not.toBe(preparing.id);
    expect(await cancelCharge(db(), abandoned.id)).toMatchObject({ status: 'canceled', result: 'failed' });
    expect((await cancelCharge(db(), abandoned.id)).status).toBe('canceled');
  });
});

describe('a running charge', () => {
  it('follows the meter: consumption, running cost, power and charge level; older readings are ignored', async () => {
    const { driver, idTag } = await aTagHolder(50_000);
    const station = await aChargePoint(ctx.database, { customFeeTyiyn: 1250 });
    const { chargeId } = await start(station.id, idTag);
    const progress = await recordMeterProgress(db(), chargeId, {
      meterWh: 3_000,
      at: new Date('2024-03-01T10:10:00Z'),
      powerW: 11_000,
      socPercent: 40,
    });
    expect(progress).toMatchObject({
      applied: true,
      driverBalanceTyiyn: 50_000,
      charge: { consumedWh: 2_000, amountTyiyn: 2_500, powerW: 11_000, socPercent: 40 },
    });
    const late = await recordMeterProgress(db(), chargeId, { meterWh: 2_500, at: new Date('2024-03-01T10:05:00Z') });
    expect(late).toMatchObject({ applied: false, charge: { consumedWh: 2_000, lastMeterWh: 3_000 } });
    expect(
      (await recordMeterProgress(db(), chargeId, { meterWh: 1_003, at: new Date('2024-03-01T10:20:00Z') })).charge,
    ).toMatchObject({
      consumedWh: 3,
      amountTyiyn: 4, // 3.75 tyiyn, halves up
    });
    expect(await ledgerOf(driver.id)).toMatchObject({ balance: 50_000, sum: 50_000 });
    await expect(recordMeterProgress(db(), 999_999, { meterWh: 1, at: new Date() })).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('pauses and resumes', async () => {
    const { idTag } = await aTagHolder();
    const { chargeId } = await start((await aChargePoint(ctx.database)).id, idTag);
    expect((await setChargeSuspended(db(), chargeId, true)).status).toBe('pause');
    expect((await setChargeSuspended(db(), chargeId, true)).status).toBe('pause');
    expect(
      (await recordMeterProgress(db(), chargeId, { meterWh: 1_500, at: new Date('2024-03-01T10:01:00Z') })).applied,
    ).toBe(true);
    expect((await setChargeSuspended(db(), chargeId, false)).status).toBe('in_progress');
  });
});

describe('completing a charge', () => {
  it('bills kWh x the start’s price, debits the balance once through the ledger, finished and successful', async () => {
    const { driver, idTag } = await aTagHolder(100_000);
    const station = await aChargePoint(ctx.database, { customFeeTyiyn: 1234 });
    const { chargeId } = await start(station.id, idTag, { meterStartWh: 52_000 });
    // The fee changes meanwhile: the charge keeps the price of its start.
    await recordMeterProgress(db(), chargeId, { meterWh: 60_000, at: new Date('2024-03-01T10:30:00Z') });
    const stop = { meterStopWh: 64_345, finishedAt: new Date('2024-03-01T11:00:00Z'), reason: 'EVDisconnected' };
    const completed = await completeCharge(db(), chargeId, stop);
    // 12,345 Wh x 12.34 som = 152.3373 som -> 15,234 tyiyn (15,233.73 rounded).
    expect(completed).toMatchObject({
      settled: true,
      charge: {
        status: 'finished',
        result: 'successful',
        consumedWh: 12_345,
        meterStopWh: 64_345,
        amountTyiyn: 15_234,
        discountTyiyn: 0,
        totalTyiyn: 15_234,
        paymentMethod: 'balance',
        stopReason: 'EVDisconnected',
        finishedAt: new Date('2024-03-01T11:00:00Z'),
      },
    });
    const ledger = await ledgerOf(driver.id);
    expect(ledger.balance).toBe(100_000 - 15_234);
    expect(ledger.sum).toBe(ledger.balance);
    expect(ledger.entries.filter((entry) => entry.chargeId === chargeId)).toMatchObject([
      { method: 'charge', debitTyiyn: 15_234, reason: `#${chargeId}` },
    ]);

    // The same stop again, and one without a reason: nothing changes, nothing is debited twice.
    expect(await completeCharge(db(), chargeId, stop)).toEqual({ settled: false, charge: completed.charge });
    expect(
      (await completeCharge(db(), chargeId, { meterStopWh: 70_000, finishedAt: new Date('2024-03-01T12:00:00Z') }))
        .charge,
    ).toEqual(completed.charge);
    expect(await ledgerOf(driver.id)).toEqual(ledger);
    // Nor does later progress.
    expect(
      (await recordMeterProgress(db(), chargeId, { meterWh: 80_000, at: new Date('2024-03-01T13:00:00Z') })).applied,
    ).toBe(false);
  });

  it('is stopped when the back office stopped it, and debits below zero for energy delivered', async () => {
    const { driver, idTag } = await aTagHolder(1_000);
    const station = await aChargePoint(ctx.database, { customFeeTyiyn: 1000 });
    const { chargeId } = await start(station.id, idTag);
    await markStopRequested(db(), chargeId, new Date('2024-03-01T10:30:00Z'));
    const { charge } = await completeCharge(db(), chargeId, {
      meterStopWh: 3_000,
      finishedAt: new Date('2024-03-01T10:31:00Z'),
      reason: 'Remote',
    });
    expect(charge).toMatchObject({
      status: 'stopped',
      result: 'successful',
      totalTyiyn: 2_000,
      stopRequestedAt: new Date('2024-03-01T10:30:00Z'),
    });
    expect(await ledgerOf(driver.id)).toMatchObject({ balance: -1_000, sum: -1_000 });
    // In debt, the driver is refused at the next start.
    expect((await start(station.id, idTag, { meterStartWh: 5_000 })).charge.refusal).toBe('low_balance');
    // A local stop after a request that the station did not act on is the driver's own.
    const other = await aTagHolder();
    const second = await start(station.id, other.idTag, { meterStartWh: 5_000 });
    await markStopRequested(db(), second.chargeId);
    expect(
      (
        await completeCharge(db(), second.chargeId, {
          meterStopWh: 5_000,
          finishedAt: new Date('2024-03-01T10:40:00Z'),
          reason: 'Local',
        })
      ).charge.status,
    ).toBe('finished');
    const third = await start(station.id, other.idTag, { meterStartWh: 6_000 });
    expect(
      (
        await completeCharge(db(), third.chargeId, {
          meterStopWh: 6_000,
          finishedAt: new Date(),
          stoppedByBackOffice: true,
        })
      ).charge.status,
    ).toBe('stopped');
  });

  it('fails a charge that delivered nothing, writing no ledger entry', async () => {
    const { driver, idTag } = await aTagHolder(5_000);
    const { chargeId } = await start((await aChargePoint(ctx.database)).id, idTag);
    const { charge } = await completeCharge(db(), chargeId, {
      meterStopWh: 900,
      finishedAt: new Date('2024-03-01T10:02:00Z'),
    });
    expect(charge).toMatchObject({
      status: 'finished',
      result: 'failed',
      consumedWh: 0,
      amountTyiyn: 0,
      totalTyiyn: 0,
      stopReason: 'Local',
    });
    expect((await ledgerOf(driver.id)).entries).toHaveLength(1);
  });

  it('keeps a late stop’s real times, and ends a stop stamped before its start when it was received, marked for review', async () => {
    const { idTag } = await aTagHolder();
    const station = await aChargePoint(ctx.database);
    const { chargeId } = await start(station.id, idTag);
    const { charge } = await completeCharge(db(), chargeId, {
      meterStopWh: 2_000,
      finishedAt: new Date('2024-03-01T10:45:00Z'),
      reason: 'PowerLoss',
    });
    expect(charge).toMatchObject({ finishedAt: new Date('2024-03-01T10:45:00Z'), reviewReason: null });
    const skewed = await start(station.id, idTag, { meterStartWh: 9_000 });
    const receivedAt = new Date('2024-03-01T10:30:00Z');
    expect(
      (
        await completeCharge(db(), skewed.chargeId, {
          meterStopWh: 9_500,
          finishedAt: new Date('2024-03-01T09:00:00Z'),
          receivedAt,
        })
      ).charge,
    ).toMatchObject({
      finishedAt: receivedAt,
      consumedWh: 500,
      reviewReason: 'clock_before_start',
    });
  });

  it('completes a stop whose meter is past the connector’s power with the last plausible reading, marked for review, and debits that', async () => {
    const { driver, idTag } = await aTagHolder(100_000);
    const station = await aChargePoint(ctx.database, { customFeeTyiyn: 1250 });
    const { chargeId } = await start(station.id, idTag);
    await recordMeterProgress(db(), chargeId, { meterWh: 6_000, at: new Date('2024-03-01T10:30:00Z') });
    // The register of issue 28 at the stop: 10^15 Wh.
    const { settled, charge } = await completeCharge(db(), chargeId, {
      meterStopWh: 1_000_000_000_000_000,
      finishedAt: new Date('2024-03-01T11:00:00Z'),
    });
    expect(settled).toBe(true);
    expect(charge).toMatchObject({
      status: 'finished',
      result: 'successful',
      meterStopWh: 6_000,
      lastMeterWh: 6_000,
      consumedWh: 5_000,
      totalTyiyn: 6_250,
      finishedAt: new Date('2024-03-01T11:00:00Z'),
      reviewReason: 'stop_implausible',
    });
    expect(await ledgerOf(driver.id)).toMatchObject({ balance: 100_000 - 6_250, sum: 100_000 - 6_250 });
  });

  it('records an unauthorized start’s stop without billing it', async () => {
    const station = await aChargePoint(ctx.database);
    const { chargeId } = await start(station.id, 'NOBODY-3');
    const { settled, charge } = await completeCharge(db(), chargeId, {
      meterStopWh: 1_200,
      finishedAt: new Date('2024-03-01T10:01:00Z'),
      reason: 'DeAuthorized',
    });
    expect(settled).toBe(false);
    expect(charge).toMatchObject({
      status: 'unauthorized',
      result: 'failed',
      consumedWh: 200,
      totalTyiyn: 0,
      paymentMethod: null,
      stopReason: 'DeAuthorized',
    });
  });
});

describe('a station that rebooted or went silent', () => {
  it('leaves its running charges not completed and cancels the initiated ones; a late stop still completes and bills', async () => {
    const { driver, idTag } = await aTagHolder(100_000);
    const station = await aChargePoint(ctx.database, { customFeeTyiyn: 1000 });
    const other = await aChargePoint(ctx.database);
    const running = await start(station.id, idTag);
    await recordMeterProgress(db(), running.chargeId, { meterWh: 4_000, at: new Date('2024-03-01T10:30:00Z') });
    const elsewhere = await start(other.id, idTag);
    const initiated = await initiateCharge(db(), {
      stationId: station.id,
      ocppConnectorId: 1,
      at: new Date('2024-03-01T10:50:00Z'),
    });
    const after = await initiateCharge(db(), {
      stationId: station.id,
      ocppConnectorId: 2,
      at: new Date('2024-03-01T12:00:00Z'),
    });

    const changed = await markNotCompleted(db(), { stationId: station.id, before: new Date('2024-03-01T11:00:00Z') });
    expect(changed.map((charge) => [charge.id, charge.status]).sort()).toEqual(
      [
        [running.chargeId, 'not_completed'],
        [initiated.id, 'canceled'],
      ].sort(),
    );
    expect(changed.find((charge) => charge.id === running.chargeId)).toMatchObject({
      result: 'failed',
      consumedWh: 3_000,
      amountTyiyn: 3_000,
      totalTyiyn: 0,
      finishedAt: null,
    });
    expect((await findOpenCharge(db(), { stationId: other.id, ocppConnectorId: 1 }))?.id).toBe(elsewhere.chargeId);
    expect((await findOpenCharge(db(), { stationId: station.id, ocppConnectorId: 2 }))?.id).toBe(after.id);
    expect(await markNotCompleted(db(), { stationId: station.id, before: new Date('2024-03-01T11:00:00Z') })).toEqual(
      [],
    );
    expect((await ledgerOf(driver.id)).balance).toBe(100_000);

    const late = await completeCharge(db(), running.chargeId, {
      meterStopWh: 5_000,
      finishedAt: new Date('2024-03-01T10:40:00Z'),
      reason: 'Reboot',
    });
    expect(late.charge).toMatchObject({
      status: 'finished',
      result: 'successful',
      totalTyiyn: 4_000,
      finishedAt: new Date('2024-03-01T10:40:00Z'),
    });
    expect(await ledgerOf(driver.id)).toMatchObject({ balance: 96_000, sum: 96_000 });
  });
});

describe('the charge builder', () => {
  it('writes through the services: the ledger stays the sum of its entries', async () => {
    const charge = await aCharge(ctx.database, { consumedWh: 7_500 });
    expect(charge).toMatchObject({ status: 'finished', result: 'successful', totalTyiyn: 7_500 });
    expect(await ledgerOf(charge.driverId!)).toMatchObject({ balance: 1_000_000 - 7_500, sum: 1_000_000 - 7_500 });
  });
});
