import type { ChargeDetail } from '@evcms/contracts/charges';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { aChargePoint } from '../../test/builders/charges.ts';
import { aDriver } from '../../test/builders/drivers.ts';
import { aPromotionRow } from '../../test/builders/promotions.ts';
import { useSignedInApp } from '../../test/test-app.ts';
import { registerDiscountFor, type DiscountedCharge, type DiscountFor } from './charge-discounts.service.ts';
import {
  advanceMeter,
  completeCharge,
  findChargeRow,
  findMeterBase,
  recordMeterProgress,
} from './charge-lifecycle.service.ts';
import { openCharge } from './charge-start.service.ts';

/*
 * The money seam (charge-discounts.service.ts): a registered discountFor prices the running amount
 * of both meter paths and the settlement, with the promotion written beside its discount; none
 * registered, a charge costs what it did before promotions.
 */
const ctx = useSignedInApp();
const db = () => ctx.database.db;

/** A promotion row a charge may name (charges.promotion_id references promotions). */
let PROMOTION = 0;
beforeAll(async () => {
  PROMOTION = await aPromotionRow(ctx.database);
});
/** A test promotion: a fifth off (a fraction of a tyiyn cut by the price rule), for charges at `stationId`. */
function aFifthOff(stationId: number, asked: DiscountedCharge[] = []): DiscountFor {
  return async (_db, charge) => {
    asked.push(charge);
    return charge.stationId === stationId ? { promotionId: PROMOTION, discountTyiyn: charge.amountTyiyn / 5 } : null;
  };
}

let restore: DiscountFor | undefined;
function useDiscount(discountFor: DiscountFor) {
  const replaced = registerDiscountFor(discountFor);
  restore ??= replaced;
}
afterEach(() => {
  if (restore) registerDiscountFor(restore);
  restore = undefined;
});

let tagNumber = 0;
/** A running charge at 12.50 som per kWh from a meter of 1,000 Wh, for a driver with `balanceTyiyn`. */
async function aRunningCharge(balanceTyiyn = 100_000) {
  tagNumber += 1;
  const idTag = `DISCOUNT-${tagNumber}`;
  const driver = await aDriver(ctx.database, { balanceTyiyn, idTags: [idTag] });
  const station = await aChargePoint(ctx.database, { customFeeTyiyn: 1250 });
  const startedAt = new Date('2024-03-01T10:00:00Z');
  const { chargeId } = await openCharge(db(), {
    stationId: station.id,
    ocppConnectorId: 1,
    idTag,
    meterStartWh: 1_000,
    startedAt,
  });
  return { chargeId, driver, station, startedAt };
}

const detailOf = async (chargeId: number) =>
  (
    await ctx.app.inject({ method: 'GET', url: `/api/v1/users/transactions/${chargeId}/`, headers: ctx.auth })
  ).json<ChargeDetail>();

describe('a registered discount', () => {
  it('prices the running amount of MeterValues’ batched statement, and answers the discount for the prepaid check', async () => {
    const { chargeId, driver, station, startedAt } = await aRunningCharge();
    const asked: DiscountedCharge[] = [];
    useDiscount(aFifthOff(station.id, asked));
    const base = (await findMeterBase(db(), chargeId))!;
    // 1,003 Wh at 12.50 som: 1,253.75 tyiyn, 1,254; a fifth is 250.8, cut to 250.
    const progressed = await advanceMeter(db(), base, { meterWh: 2_003, at: new Date('2024-03-01T10:10:00Z') });
    expect(progressed).toMatchObject({ amountTyiyn: 1_254, discountTyiyn: 250 });
    expect(asked).toEqual([
      {
        id: chargeId,
        stationId: station.id,
        driverId: driver.id,
        startedAt,
        consumedWh: 1_003,
        priceTyiyn: 1250,
        amountTyiyn: 1_254,
      },
    ]);
    expect(await findChargeRow(db(), chargeId)).toMatchObject({
      amountTyiyn: 1_254,
      discountTyiyn: 250,
      promotionId: PROMOTION,
      totalTyiyn: 0,
    });
    // What the screens show of it while it runs: the amount and its running discount; nothing debited yet.
    expect(await detailOf(chargeId)).toMatchObject({ amount: 12.54, discount: 2.5, total: 0 });
  });

  it('prices recordMeterProgress’s running amount the same way', async () => {
    const { chargeId, station } = await aRunningCharge();
    useDiscount(aFifthOff(station.id));
    const progress = await recordMeterProgress(db(), chargeId, {
      meterWh: 2_003,
      at: new Date('2024-03-01T10:10:00Z'),
    });
    expect(progress.charge).toMatchObject({ amountTyiyn: 1_254, discountTyiyn: 250, promotionId: PROMOTION });
  });

  it('settles the charge at the discounted price: the promotion and its discount written, the total debited', async () => {
    const { chargeId, driver, station } = await aRunningCharge(100_000);
    useDiscount(aFifthOff(station.id));
    await recordMeterProgress(db(), chargeId, { meterWh: 5_000, at: new Date('2024-03-01T10:30:00Z') });
    // 10 kWh at 12.50 som: 125 som, 25 off.
    const { charge } = await completeCharge(db(), chargeId, {
      meterStopWh: 11_000,
      finishedAt: new Date('2024-03-01T11:00:00Z'),
    });
    expect(charge).toMatchObject({
      amountTyiyn: 12_500,
      discountTyiyn: 2_500,
      totalTyiyn: 10_000,
      promotionId: PROMOTION,
      paymentMethod: 'balance',
    });
    const user = await ctx.app.inject({ method: 'GET', url: `/api/v1/users/${driver.id}/`, headers: ctx.auth });
    expect(user.json<{ balance: number }>().balance).toBe(900);
    expect(await detailOf(chargeId)).toMatchObject({ amount: 125, discount: 25, total: 100 });
  });

  it('never takes the total below zero: a discount past the amount pays it all, by promotion', async () => {
    const { chargeId, driver } = await aRunningCharge(100_000);
    useDiscount(async () => ({ promotionId: PROMOTION, discountTyiyn: 1_000_000 }));
    const { charge } = await completeCharge(db(), chargeId, {
      meterStopWh: 2_000,
      finishedAt: new Date('2024-03-01T11:00:00Z'),
    });
    expect(charge).toMatchObject({
      amountTyiyn: 1_250,
      discountTyiyn: 1_250,
      totalTyiyn: 0,
      promotionId: PROMOTION,
      paymentMethod: 'promotion',
    });
    const user = await ctx.app.inject({ method: 'GET', url: `/api/v1/users/${driver.id}/`, headers: ctx.auth });
    expect(user.json<{ balance: number }>().balance).toBe(1_000);
  });

  it('names no promotion when nothing is left to discount, or none applies', async () => {
    const free = await aRunningCharge();
    useDiscount(async () => ({ promotionId: PROMOTION, discountTyiyn: 500 }));
    // No energy: nothing to discount.
    expect(
      (await completeCharge(db(), free.chargeId, { meterStopWh: 1_000, finishedAt: new Date('2024-03-01T11:00:00Z') }))
        .charge,
    ).toMatchObject({
      amountTyiyn: 0,
      discountTyiyn: 0,
      promotionId: null,
    });
    const other = await aRunningCharge();
    useDiscount(aFifthOff(free.station.id));
    expect(
      (await completeCharge(db(), other.chargeId, { meterStopWh: 2_000, finishedAt: new Date('2024-03-01T11:00:00Z') }))
        .charge,
    ).toMatchObject({
      amountTyiyn: 1_250,
      discountTyiyn: 0,
      totalTyiyn: 1_250,
      promotionId: null,
    });
  });
});

describe('with no discount registered', () => {
  it('prices a charge as before promotions: no discount, no promotion', async () => {
    const { chargeId } = await aRunningCharge();
    const base = (await findMeterBase(db(), chargeId))!;
    expect(await advanceMeter(db(), base, { meterWh: 2_003, at: new Date('2024-03-01T10:10:00Z') })).toMatchObject({
      amountTyiyn: 1_254,
      discountTyiyn: 0,
    });
    const { charge } = await completeCharge(db(), chargeId, {
      meterStopWh: 11_000,
      finishedAt: new Date('2024-03-01T11:00:00Z'),
    });
    expect(charge).toMatchObject({
      amountTyiyn: 12_500,
      discountTyiyn: 0,
      totalTyiyn: 12_500,
      promotionId: null,
      paymentMethod: 'balance',
    });
  });
});
