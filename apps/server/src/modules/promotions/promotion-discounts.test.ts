import type { ChargeListItem } from '@evcms/contracts/charges';
import type { RPCClient } from 'ocpp-rpc';
import { beforeAll, describe, expect, it } from 'vitest';
import { aDriver } from '../../test/builders/drivers.ts';
import { aPromotionRow, type PromotionRowOverrides } from '../../test/builders/promotions.ts';
import { aRate } from '../../test/builders/rates.ts';
import { aConnectableStation, startTransaction, useChargePointApp } from '../../test/charge-points.ts';
import { apiCalls } from '../../test/test-app.ts';
import { findChargeRow } from '../charges/charge-lifecycle.service.ts';
import { findDriverByIdTag } from '../drivers/id-tags.service.ts';
import { promotionDiscountFor, sharePromotionChanges } from './promotion-discounts.service.ts';
import { localBus } from '../../lib/bus.ts';
import { promotions, promotionStations } from '../../db/schema/promotions.ts';

/*
 * Promotions applied to real charges: started, metered and stopped by charge points over OCPP, at
 * 12.50 som per kWh, and read back as the charge list answers them (PRODUCT.md 'Which promotion applies').
 */

const ctx = useChargePointApp();
const call = apiCalls(ctx, 'users/', { lang: 'en' });

beforeAll(async () => {
  await aRate(ctx.database, { typo: 'type2', priceTyiyn: 1250, status: 0 });
});

let tags = 0;
/** A connected station and a driver with 1,000 som. */
async function aStationAndDriver() {
  const station = await aConnectableStation(ctx);
  const client = await ctx.connect(station.identity);
  tags += 1;
  const idTag = `PROMO-${tags}`;
  const driver = await aDriver(ctx.database, { balanceTyiyn: 100_000, idTags: [idTag] });
  return { station, client, driver, idTag };
}

/** A charge of `wh` from `startedAt` to now: started, metered halfway (in energy and time: the meter stays plausible), stopped. */
async function aCharge(client: RPCClient, idTag: string, wh: number, startedAt = new Date(Date.now() - 3_600_000)) {
  const transactionId = await startTransaction(client, idTag, startedAt.toISOString());
  const meterValue = [
    {
      timestamp: new Date((startedAt.getTime() + Date.now()) / 2).toISOString(),
      sampledValue: [{ value: String(wh / 2), measurand: 'Energy.Active.Import.Register', unit: 'Wh' }],
    },
  ];
  await client.call('MeterValues', { connectorId: 1, transactionId, meterValue });
  const running = await chargeOf(transactionId);
  await client.call('StopTransaction', { transactionId, meterStop: wh, timestamp: new Date().toISOString() });
  return { running, stopped: await chargeOf(transactionId) };
}

const chargeOf = async (id: number) => (await call('GET', `transactions/${id}/`)).json<ChargeListItem>();

/** An active promotion at the stations, over since a year and for a year to come unless told. */
const anActivePromotion = (stationIds: number[], overrides: PromotionRowOverrides = {}) =>
  aPromotionRow(ctx.database, {
    status: 0,
    startAt: new Date(Date.now() - 365 * 86_400_000),
    endAt: new Date(Date.now() + 365 * 86_400_000),
    stationIds,
    ...overrides,
  });

describe('a promotion on a charge', () => {
  it('takes its discount off the running amount and the debit, and names itself on the charge', async () => {
    const { station, client, driver, idTag } = await aStationAndDriver();
    const promotion = await anActivePromotion([station.id], { discountBasisPoints: 2000 });
    const { running, stopped } = await aCharge(client, idTag, 10_000);
    // 5 kWh: 62.50 som, a fifth off; then 10 kWh: 125 som, 25 off.
    expect(running).toMatchObject({ amount: 62.5, discount: 12.5 });
    expect(stopped).toMatchObject({ amount: 125, discount: 25, total: 100, payment_method: 'balance' });
    expect((await findChargeRow(ctx.database.db, stopped.id))?.promotionId).toBe(promotion);
    expect((await findDriverByIdTag(ctx.database.db, idTag))?.balanceTyiyn).toBe(100_000 - 10_000);
    expect(driver.id).toBeGreaterThan(0);
  });

  it('is paid by the promotion when the discount covers all of it', async () => {
    const { station, client, idTag } = await aStationAndDriver();
    await anActivePromotion([station.id], { discountBasisPoints: 10_000 });
    const { stopped } = await aCharge(client, idTag, 2_000);
    expect(stopped).toMatchObject({ amount: 25, discount: 25, total: 0, payment_method: 'promotion' });
    expect((await findDriverByIdTag(ctx.database.db, idTag))?.balanceTyiyn).toBe(100_000);
  });

  it('is the best of several: the largest discount, a tie to the older', async () => {
    const { station, client, idTag } = await aStationAndDriver();
    const tenPercent = await anActivePromotion([station.id], { discountBasisPoints: 1000 });
    const fixed = await anActivePromotion([station.id], { discountTyiyn: 2_000, minChargeTyiyn: 2_000 });
    // 10 kWh: 125 som; 10 % is 12.50, the fixed 20 som wins.
    expect((await aCharge(client, idTag, 10_000)).stopped).toMatchObject({ discount: 20, total: 105 });
    const stopped = (await aCharge(client, idTag, 20_000)).stopped;
    // 20 kWh: 250 som; 10 % is 25 som and wins.
    expect(stopped).toMatchObject({ discount: 25, total: 225 });
    // Two newer ones giving 25 som too: the oldest of the three.
    await anActivePromotion([station.id], { discountTyiyn: 2_500, minChargeTyiyn: 2_500 });
    await anActivePromotion([station.id], { discountTyiyn: 2_500, minChargeTyiyn: 2_500 });
    const tie = (await aCharge(client, idTag, 20_000)).stopped;
    expect((await findChargeRow(ctx.database.db, tie.id))?.promotionId).toBe(tenPercent);
    expect(fixed).toBeGreaterThan(tenPercent);
  });

  it('asks the charge’s amount to reach the minimum, and none at a station outside it', async () => {
    const { station, client, idTag } = await aStationAndDriver();
    const elsewhere = await aConnectableStation(ctx);
    await anActivePromotion([elsewhere.id], { discountBasisPoints: 5000 });
    await anActivePromotion([station.id], { discountBasisPoints: 1000, minChargeTyiyn: 10_000 });
    const { running, stopped } = await aCharge(client, idTag, 10_000);
    expect(running).toMatchObject({ amount: 62.5, discount: 0 });
    expect(stopped).toMatchObject({ amount: 125, discount: 12.5 });
  });

  it('counts the driver’s earlier paid charges for the minimum number', async () => {
    const { station, client, idTag } = await aStationAndDriver();
    await anActivePromotion([station.id], { discountBasisPoints: 1000, minCharges: 1 });
    expect((await aCharge(client, idTag, 4_000)).stopped).toMatchObject({ amount: 50, discount: 0 });
    expect((await aCharge(client, idTag, 4_000)).stopped).toMatchObject({ amount: 50, discount: 5 });
  });

  it('qualifies by its start in happy hours read in Bishkek, across midnight', async () => {
    const { station, client, idTag } = await aStationAndDriver();
    await anActivePromotion([station.id], {
      discountBasisPoints: 1000,
      happyHoursStart: '22:00:00',
      happyHoursEnd: '02:00:00',
    });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    // 23:30 and 01:30 in Bishkek (UTC+6) are inside; 03:00 is not.
    const inside = new Date(`${yesterday}T23:30:00+06:00`);
    const afterMidnight = new Date(new Date(`${yesterday}T01:30:00+06:00`).getTime() + 86_400_000);
    const outside = new Date(new Date(`${yesterday}T03:00:00+06:00`).getTime());
    const past = (at: Date) => (at.getTime() < Date.now() ? at : new Date(at.getTime() - 2 * 86_400_000));
    expect((await aCharge(client, idTag, 4_000, past(inside))).stopped.discount).toBe(5);
    expect((await aCharge(client, idTag, 4_000, past(afterMidnight))).stopped.discount).toBe(5);
    expect((await aCharge(client, idTag, 4_000, past(outside))).stopped.discount).toBe(0);
  });

  it('keeps the discount of a promotion that ended during the charge; one deactivated by hand gives none', async () => {
    const { station, client, idTag } = await aStationAndDriver();
    const startedAt = new Date(Date.now() - 2 * 3_600_000);
    // Ended an hour ago and made inactive (as the sweep does): the charge began inside it.
    await anActivePromotion([station.id], {
      status: 1,
      discountBasisPoints: 1000,
      endAt: new Date(Date.now() - 3_600_000),
    });
    // Deactivated by a manager before its end: no discount.
    await anActivePromotion([station.id], { status: 1, discountBasisPoints: 5000 });
    expect((await aCharge(client, idTag, 4_000, startedAt)).stopped).toMatchObject({ amount: 50, discount: 5 });
  });
});

describe('charges of one driver stopping at once', () => {
  it('count each other in turn: the first has no earlier paid charge, the other two have', async () => {
    tags += 1;
    const idTag = `PROMO-${tags}`;
    await aDriver(ctx.database, { balanceTyiyn: 100_000, idTags: [idTag] });
    const stations = await Promise.all([1, 2, 3].map(() => aConnectableStation(ctx)));
    await anActivePromotion(
      stations.map((station) => station.id),
      { discountBasisPoints: 1000, minCharges: 1 },
    );
    const clients = await Promise.all(stations.map((station) => ctx.connect(station.identity)));
    const startedAt = new Date(Date.now() - 3_600_000).toISOString();
    const ids = await Promise.all(clients.map((client) => startTransaction(client, idTag, startedAt)));
    await Promise.all(
      clients.map((client, i) =>
        client.call('StopTransaction', {
          transactionId: ids[i],
          meterStop: 4_000,
          timestamp: new Date().toISOString(),
        }),
      ),
    );
    const stopped = await Promise.all(ids.map(chargeOf));
    expect(stopped.map((charge) => charge.discount).sort()).toEqual([0, 5, 5]);
    expect((await findDriverByIdTag(ctx.database.db, idTag))?.balanceTyiyn).toBe(100_000 - 3 * 5_000 + 2 * 500);
  });
});

describe('a promotion changed by another process', () => {
  it('reaches the readings here at once through the bus, not after the promotions’ 30 s', async () => {
    const bus = localBus();
    const stopSharing = sharePromotionChanges(bus, ctx.app.log);
    try {
      const station = await aConnectableStation(ctx);
      const { id: driverId } = await aDriver(ctx.database, { balanceTyiyn: 100_000 });
      const reading = {
        id: 2_000_000_000,
        stationId: station.id,
        driverId,
        startedAt: new Date(Date.now() - 3_600_000),
        consumedWh: 10_000,
        priceTyiyn: 1_250,
        amountTyiyn: 12_500,
      };
      const ask = () => promotionDiscountFor(ctx.database.db, reading, 'reading');
      expect(await ask()).toBeNull();
      // Written as another process would: no change told to this one.
      const [row] = await ctx.database.db
        .insert(promotions)
        .values({
          titleRu: 'Другой процесс',
          titleEn: 'Another process',
          titleKy: 'Башка процесс',
          image: 'promotion-images/other.png',
          initiator: 'company',
          discountBasisPoints: 1000,
          startAt: new Date(Date.now() - 86_400_000),
          endAt: new Date(Date.now() + 86_400_000),
          status: 0,
        })
        .returning({ id: promotions.id });
      await ctx.database.db.insert(promotionStations).values({ promotionId: row!.id, stationId: station.id });
      expect(await ask()).toBeNull();
      // Its notice, as the other process publishes it.
      await bus.publish('promotions-changed', {});
      expect(await ask()).toEqual({ promotionId: row!.id, discountTyiyn: 1_250 });
    } finally {
      stopSharing();
      await bus.close();
    }
  });
});
