import { describe, expect, it } from 'vitest';
import { aChargePoint } from '../../test/builders/charges.ts';
import { aDriver } from '../../test/builders/drivers.ts';
import { aPromotionRow } from '../../test/builders/promotions.ts';
import { useTestApp } from '../../test/test-app.ts';
import {
  advanceMeter,
  completeCharge,
  findChargeRow,
  findMeterBase,
  findOpenMeterBase,
  recordMeterProgress,
} from './charge-lifecycle.service.ts';
import { findOpenMeterBases, updateMeterProgresses } from './charge-progress.repository.ts';
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
  const { chargeId } = await openCharge(db(), {
    stationId: station.id,
    ocppConnectorId: 1,
    idTag,
    meterStartWh: 1_000,
    startedAt: new Date('2024-03-01T10:00:00Z'),
  });
  return { chargeId, driver, station };
}

describe('advanceMeter', () => {
  it('moves consumption, cost, power and charge level as recordMeterProgress does, with the driver’s balance', async () => {
    const { chargeId, driver, station } = await aRunningCharge();
    const base = (await findMeterBase(db(), chargeId))!;
    expect(base).toEqual({
      id: chargeId,
      stationId: station.id,
      status: 'in_progress',
      meterStartWh: 1_000,
      priceTyiyn: 1250,
      driverId: driver.id,
      startedAt: new Date('2024-03-01T10:00:00Z'),
    });
    expect(await findOpenMeterBase(db(), { stationId: station.id, ocppConnectorId: 1 })).toEqual(base);

    const progressed = await advanceMeter(db(), base, {
      meterWh: 3_000,
      at: new Date('2024-03-01T10:10:00Z'),
      powerW: 11_000.4,
      socPercent: 40,
    });
    expect(progressed).toEqual({
      id: chargeId,
      status: 'in_progress',
      stopRequestedAt: null,
      amountTyiyn: 2_500,
      discountTyiyn: 0,
      driverId: driver.id,
      driverBalanceTyiyn: 50_000,
      jumped: false,
    });
    // Power and charge level stay when a reading leaves them out.
    await advanceMeter(db(), base, { meterWh: 1_003, at: new Date('2024-03-01T10:20:00Z') });
    expect(await findChargeRow(db(), chargeId)).toMatchObject({
      consumedWh: 3,
      amountTyiyn: 4,
      lastMeterWh: 1_003,
      powerW: 11_000,
      socPercent: 40,
    });
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

  it('ignores a reading past the connector’s power bound and marks the charge meter_jump, as recordMeterProgress does', async () => {
    const [batched, single] = await Promise.all([aRunningCharge(), aRunningCharge()]);
    const base = (await findMeterBase(db(), batched.chargeId))!;
    // A 22 kW connector is believed up to 33 kW (550 Wh a minute) plus 1 kWh, since the start and since the last reading.
    const readings = [
      { meterWh: 3_000, minute: 10, believed: true },
      { meterWh: 1_000_000_000_000_000, minute: 11, believed: false },
      { meterWh: 4_000, minute: 12, believed: true },
      // 3 kWh in the minute since the last believed reading, though within the bound since the start.
      { meterWh: 7_000, minute: 13, believed: false },
      { meterWh: 8_000, minute: 20, believed: true },
    ];
    for (const { meterWh, minute, believed } of readings) {
      const reading = { meterWh, at: new Date(Date.UTC(2024, 2, 1, 10, minute)), powerW: minute * 100 };
      expect(await advanceMeter(db(), base, reading)).toMatchObject({ jumped: !believed });
      expect(await recordMeterProgress(db(), single.chargeId, reading)).toMatchObject({ applied: believed });
    }
    const expected = {
      maxPowerW: 22_000,
      lastMeterWh: 8_000,
      consumedWh: 7_000,
      amountTyiyn: 8_750,
      powerW: 2_000,
      reviewReason: 'meter_jump',
      lastMeterAt: new Date('2024-03-01T10:20:00Z'),
    };
    expect(await findChargeRow(db(), batched.chargeId)).toMatchObject(expected);
    expect(await findChargeRow(db(), single.chargeId)).toMatchObject(expected);
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

  it('applies many charges’ readings asked at once, sharing statements, each charge ending at its newest reading', async () => {
    const running = await Promise.all(Array.from({ length: 8 }, () => aRunningCharge()));
    const bases = await Promise.all(running.map(({ chargeId }) => findMeterBase(db(), chargeId)));
    // Six readings per charge, asked all at once in a shuffled order: later ones of a charge wait for the next statement.
    // At most 9.6 kW, well within a 22 kW connector's bound from any earlier reading, so the order alone decides.
    const asked = bases.flatMap((base, n) =>
      Array.from({ length: 6 }, (_, k) => ({
        base: base!,
        k,
        reading: { meterWh: 1_000 + (k + 1) * 20 * (n + 1), at: new Date(Date.UTC(2024, 2, 1, 10, 10 + k)) },
      })),
    );
    asked.sort((a, b) => ((a.k * 7 + a.base.id) % 5) - ((b.k * 7 + b.base.id) % 5));
    const answers = await Promise.all(asked.map(({ base, reading }) => advanceMeter(db(), base, reading)));
    // The newest reading of each charge was applied (it is newer than any other), whatever the order.
    asked.forEach(({ k }, i) => {
      if (k === 5) expect(answers[i]).toMatchObject({ status: 'in_progress' });
    });
    for (const [n, { chargeId }] of running.entries()) {
      expect(await findChargeRow(db(), chargeId)).toMatchObject({
        lastMeterWh: 1_000 + 120 * (n + 1),
        consumedWh: 120 * (n + 1),
        lastMeterAt: new Date(Date.UTC(2024, 2, 1, 10, 15)),
      });
    }
  });

  it('fails only the call whose reading the database refuses when readings share a statement', async () => {
    const [a, b, c, d] = await Promise.all([aRunningCharge(), aRunningCharge(), aRunningCharge(), aRunningCharge()]);
    const [baseA, baseB, baseC, baseD] = await Promise.all(
      [a, b, c, d].map(({ chargeId }) => findMeterBase(db(), chargeId)),
    );
    const at = new Date('2024-03-01T10:30:00Z');
    // C's reading takes the statement at once; D's, A's and B's then wait and share the next (A's second waits for the one after). B's power is beyond a 32-bit integer: refused.
    const answers = await Promise.allSettled([
      advanceMeter(db(), baseC!, { meterWh: 2_000, at }),
      advanceMeter(db(), baseD!, { meterWh: 2_000, at }),
      advanceMeter(db(), baseA!, { meterWh: 2_000, at }),
      advanceMeter(db(), baseB!, { meterWh: 2_000, at, powerW: 2 ** 40 }),
      advanceMeter(db(), baseA!, { meterWh: 2_500, at: new Date('2024-03-01T10:31:00Z') }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(await findChargeRow(db(), a.chargeId)).toMatchObject({ lastMeterWh: 2_500 });
    expect(await findChargeRow(db(), b.chargeId)).toMatchObject({ lastMeterWh: 1_000 });
  });
});

describe('updateMeterProgresses', () => {
  // Small and larger batches alike: one statement, each reading finding its charge by key, with the guards.
  it.each([3, 20])(
    'applies a batch of %i charges’ readings in one statement, in order, leaving out those its guards refuse',
    async (size) => {
      const running = await Promise.all(Array.from({ length: size }, () => aRunningCharge()));
      const promotionId = await aPromotionRow(ctx.database);
      const at = new Date('2024-03-01T10:30:00Z');
      // The first charge already holds a newer reading; the second was read with another price.
      await recordMeterProgress(db(), running[0]!.chargeId, { meterWh: 1_500, at: new Date('2024-03-01T10:40:00Z') });
      const batch = running.map(({ chargeId }, n) => ({
        id: chargeId,
        meterStartWh: 1_000,
        priceTyiyn: n === 1 ? 1 : 1250,
        meterWh: 1_000 + 100 * (n + 1),
        at,
        consumedWh: 100 * (n + 1),
        amountTyiyn: 125 * (n + 1),
        // Every third with a promotion's discount, written as given.
        discountTyiyn: n % 3 === 2 ? 100 : 0,
        promotionId: n % 3 === 2 ? promotionId : null,
        powerW: n % 2 ? null : 7_000 + n,
        socPercent: n % 2 ? 20 : null,
      }));
      const answers = await updateMeterProgresses(db(), batch.toReversed());
      expect(answers.map((answer) => answer?.id)).toEqual(
        batch.map(({ id }, n) => (n < 2 ? undefined : id)).toReversed(),
      );
      for (const [n, { chargeId }] of running.entries()) {
        const row = await findChargeRow(db(), chargeId);
        if (n === 0) expect(row).toMatchObject({ lastMeterWh: 1_500 });
        else if (n === 1) expect(row).toMatchObject({ lastMeterWh: 1_000, consumedWh: 0 });
        else {
          expect(row).toMatchObject({
            lastMeterWh: 1_000 + 100 * (n + 1),
            consumedWh: 100 * (n + 1),
            amountTyiyn: 125 * (n + 1),
            lastMeterAt: at,
            ...(n % 2 ? { socPercent: 20 } : { powerW: 7_000 + n }),
          });
          expect(row).toMatchObject(
            n % 3 === 2 ? { discountTyiyn: 100, promotionId } : { discountTyiyn: 0, promotionId: null },
          );
        }
      }
    },
  );
});

describe('findOpenMeterBase', () => {
  it('reads many connectors asked at once, sharing statements: each its newest open charge, none for an idle one', async () => {
    const running = await Promise.all(Array.from({ length: 6 }, () => aRunningCharge()));
    const asked = running.flatMap(({ station }) =>
      [1, 2].map((ocppConnectorId) => ({ stationId: station.id, ocppConnectorId })),
    );
    const found = await Promise.all(asked.map((connector) => findOpenMeterBase(db(), connector)));
    asked.forEach(({ stationId, ocppConnectorId }, i) => {
      const charge = running.find(({ station }) => station.id === stationId)!;
      if (ocppConnectorId === 1)
        expect(found[i]).toMatchObject({ id: charge.chargeId, stationId, status: 'in_progress', meterStartWh: 1_000 });
      else expect(found[i]).toBeUndefined();
    });
  });

  it('reads a batch of connectors in one statement (the shared path, not the one-by-one fallback)', async () => {
    const [a, b] = await Promise.all([aRunningCharge(), aRunningCharge()]);
    const found = await findOpenMeterBases(db(), [
      { stationId: b.station.id, connectorId: 1 },
      { stationId: a.station.id, connectorId: 2 },
      { stationId: a.station.id, connectorId: 1 },
    ]);
    expect(found.map((base) => base?.id)).toEqual([b.chargeId, undefined, a.chargeId]);
  });

  it('reads a batch of 20 connectors in one statement, each its newest open charge', async () => {
    const running = await Promise.all(Array.from({ length: 10 }, () => aRunningCharge()));
    // A connector with two open charges (a start its station never ended): the later start is read.
    const [first] = running;
    await aDriver(ctx.database, { balanceTyiyn: 50_000, idTags: ['PROGRESS-LATER'] });
    const later = await openCharge(db(), {
      stationId: first!.station.id,
      ocppConnectorId: 1,
      idTag: 'PROGRESS-LATER',
      meterStartWh: 5_000,
      startedAt: new Date('2024-03-01T12:00:00Z'),
    });
    expect(later.charge.status).toBe('in_progress');
    const asked = running.flatMap(({ station }) =>
      [2, 1].map((connectorId) => ({ stationId: station.id, connectorId })),
    );
    const found = await findOpenMeterBases(db(), asked);
    const expected = running.flatMap(({ chargeId }, i) => [undefined, i === 0 ? later.chargeId : chargeId]);
    expect(found.map((base) => base?.id)).toEqual(expected);
  });
});
