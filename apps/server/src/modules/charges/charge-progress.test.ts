import { describe, expect, it } from 'vitest';
import { aChargePoint, aDriver } from '../../test/builders.ts';
import { useTestApp } from '../../test/test-app.ts';
import { advanceMeter, completeCharge, findChargeRow, findMeterBase, findOpenMeterBase, recordMeterProgress } from './charge-lifecycle.service.ts';
import { openCharge } from './charge-start.service.ts';

/*
 * MeterValues' one-statement progress (advanceMeter): the same result as recordMeterProgress, and
 * its guard leaves out a reading computed from a charge that has moved on since it was read.
 */
const ctx = useTestApp();
const db = () => ctx.database.db;

let tagNumber = 0;
async function aRunningCharge(balanceTyiyn = 50_000) {
  tagNumber += 1;
  const idTag = `PROGRESS-${tagNumber}`;
  const driver = await aDriver(ctx.database, { balanceTyiyn, idTags: [idTag] });
  const station = await aChargePoint(ctx.database, { customFeeTyiyn: 1250 });
  const { chargeId } = await openCharge(db(), { stationId: station.id, ocppConnectorId: 1, idTag, meterStartWh: 1_000, startedAt: new Date('2024-03-01T10:00:00Z') });
  return { chargeId, driver, station };
}

describe('advanceMeter', () => {
  it('moves consumption, cost, power and charge level as recordMeterProgress does, with the driver’s balance', async () => {
    const { chargeId, driver, station } = await aRunningCharge();
    const base = (await findMeterBase(db(), chargeId))!;
    expect(base).toEqual({ id: chargeId, stationId: station.id, status: 'in_progress', meterStartWh: 1_000, priceTyiyn: 1250 });
    expect(await findOpenMeterBase(db(), { stationId: station.id, ocppConnectorId: 1 })).toEqual(base);

    const progressed = await advanceMeter(db(), base, { meterWh: 3_000, at: new Date('2024-03-01T10:10:00Z'), powerW: 11_000.4, socPercent: 40 });
    expect(progressed).toEqual({ id: chargeId, status: 'in_progress', stopRequestedAt: null, amountTyiyn: 2_500, driverId: driver.id, driverBalanceTyiyn: 50_000 });
    // Power and charge level stay when a reading leaves them out.
    await advanceMeter(db(), base, { meterWh: 1_003, at: new Date('2024-03-01T10:20:00Z') });
    expect(await findChargeRow(db(), chargeId)).toMatchObject({ consumedWh: 3, amountTyiyn: 4, lastMeterWh: 1_003, powerW: 11_000, socPercent: 40 });
  });

  it('leaves out a reading not newer than the last, and any once the charge has ended', async () => {
    const { chargeId } = await aRunningCharge();
    const base = (await findMeterBase(db(), chargeId))!;
    await recordMeterProgress(db(), chargeId, { meterWh: 2_000, at: new Date('2024-03-01T10:10:00Z') });
    expect(await advanceMeter(db(), base, { meterWh: 2_500, at: new Date('2024-03-01T10:10:00Z') })).toBeUndefined();
    expect(await advanceMeter(db(), base, { meterWh: 1_500, at: new Date('2024-03-01T10:05:00Z') })).toBeUndefined();
    expect(await findChargeRow(db(), chargeId)).toMatchObject({ lastMeterWh: 2_000, consumedWh: 1_000 });

    await completeCharge(db(), chargeId, { meterStopWh: 3_000, finishedAt: new Date('2024-03-01T11:00:00Z') });
    const ended = await findChargeRow(db(), chargeId);
    // The base read while it ran (as a connection remembers it) no longer moves it.
    expect(await advanceMeter(db(), base, { meterWh: 9_000, at: new Date('2024-03-01T12:00:00Z') })).toBeUndefined();
    expect(await findChargeRow(db(), chargeId)).toEqual(ended);
  });

  it('leaves out a reading computed from another start meter or price than the charge’s', async () => {
    const { chargeId } = await aRunningCharge();
    const base = (await findMeterBase(db(), chargeId))!;
    const reading = { meterWh: 2_000, at: new Date('2024-03-01T10:10:00Z') };
    expect(await advanceMeter(db(), { ...base, priceTyiyn: 1 }, reading)).toBeUndefined();
    expect(await advanceMeter(db(), { ...base, meterStartWh: 0 }, reading)).toBeUndefined();
    expect(await findChargeRow(db(), chargeId)).toMatchObject({ lastMeterWh: 1_000, consumedWh: 0 });
    expect(await advanceMeter(db(), base, reading)).toMatchObject({ amountTyiyn: 1_250 });
  });
});
