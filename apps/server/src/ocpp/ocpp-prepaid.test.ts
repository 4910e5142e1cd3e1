import type { ChargeListItem } from '@evcms/contracts/charges';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { registerDiscountFor } from '../modules/charges/charge-discounts.service.ts';
import { needsPrepaidStop } from '../modules/charges/charges.rules.ts';
import { aDriver } from '../test/builders/drivers.ts';
import { aRate } from '../test/builders/rates.ts';
import { aConnectableStation, useChargePointApp } from '../test/charge-points.ts';

/* Prepaid protection: a charge whose running cost reaches its driver's balance is stopped by the central system itself. */

describe('when a charge needs the prepaid stop', () => {
  const running = {
    status: 'in_progress' as const,
    stopRequestedAt: null,
    amountTyiyn: 1_000,
    discountTyiyn: 0,
    driverId: 4,
  };
  it('is when its amount reaches the balance of its driver, once', () => {
    expect(needsPrepaidStop(running, 1_001)).toBe(false);
    expect(needsPrepaidStop(running, 1_000)).toBe(true);
    expect(needsPrepaidStop({ ...running, status: 'pause' }, 500)).toBe(true);
    expect(needsPrepaidStop({ ...running, stopRequestedAt: new Date() }, 500)).toBe(false);
    expect(needsPrepaidStop({ ...running, status: 'finished' }, 500)).toBe(false);
    expect(needsPrepaidStop({ ...running, driverId: null }, null)).toBe(false);
  });
});

const ctx = useChargePointApp();

beforeAll(async () => {
  await aRate(ctx.database, { typo: 'type2', priceTyiyn: 1250, status: 0 });
});

const energy = (wh: number) => [
  {
    timestamp: new Date().toISOString(),
    sampledValue: [{ value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' }],
  },
];

/** A charge started now at a connected station by a new driver with 10 som, the station's RemoteStopTransactions collected in `stops`. */
async function aPrepaidCharge(idTag: string) {
  const station = await aConnectableStation(ctx);
  const client = await ctx.connect(station.identity);
  const driver = await aDriver(ctx.database, { balanceTyiyn: 1_000, idTags: [idTag] });
  const { transactionId } = (await client.call('StartTransaction', {
    connectorId: 1,
    idTag,
    meterStart: 0,
    timestamp: new Date().toISOString(),
  })) as { transactionId: number };
  const stops: unknown[] = [];
  client.handle('RemoteStopTransaction', async ({ params }) => {
    stops.push(params);
    return { status: 'Accepted' };
  });
  return { station, client, driver, transactionId, stops };
}

describe('prepaid protection', () => {
  it('sends RemoteStopTransaction when the running cost reaches the balance, and the charge ends stopped', async () => {
    const { station, client, driver, transactionId, stops } = await aPrepaidCharge('PREPAID-1');
    // 0.5 kWh at 12.50 som: 6.25 of the 10 som.
    await client.call('MeterValues', { connectorId: 1, transactionId, meterValue: energy(500) });
    // 0.8 kWh: 10 som, the whole balance.
    await client.call('MeterValues', { connectorId: 1, transactionId, meterValue: energy(800) });
    await vi.waitFor(() => expect(stops).toEqual([{ transactionId }]));
    expect(stops).toHaveLength(1);
    await client.call('MeterValues', { connectorId: 1, transactionId, meterValue: energy(850) });
    await client.call('StopTransaction', {
      transactionId,
      meterStop: 850,
      timestamp: new Date().toISOString(),
      reason: 'Remote',
    });

    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/users/transactions/?user=${driver.id}`,
      headers: ctx.auth,
    });
    expect(list.json<{ items: ChargeListItem[] }>().items[0]).toMatchObject({
      id: transactionId,
      status: 'stopped',
      consumed: 0.85,
    });
    const audit = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/stations/${station.id}/ocpp/commands/`,
      headers: ctx.auth,
    });
    expect(audit.json<{ items: object[] }>().items).toEqual([
      expect.objectContaining({ action: 'RemoteStopTransaction', outcome: 'accepted', manager_id: null }),
    ]);
    expect(stops).toHaveLength(1);
  });

  it('stops a charge at its discounted price: the running total, not the amount, reaches the balance', async () => {
    const { station, client, driver, transactionId, stops } = await aPrepaidCharge('PREPAID-3');
    // A test promotion: a fifth off at this station.
    const restore = registerDiscountFor(async (_db, charge) =>
      charge.stationId === station.id ? { promotionId: 7, discountTyiyn: charge.amountTyiyn / 5 } : null,
    );
    try {
      // 0.8 kWh at 12.50 som: 10 som, the whole balance, but 8 after the discount: it goes on.
      await client.call('MeterValues', { connectorId: 1, transactionId, meterValue: energy(800) });
      const running = (
        await ctx.app.inject({ method: 'GET', url: `/api/v1/users/transactions/${transactionId}/`, headers: ctx.auth })
      ).json<ChargeListItem>();
      expect(running).toMatchObject({ amount: 10, discount: 2 });
      expect(stops).toEqual([]);
      // 1 kWh: 12.50 som, 10 after the discount.
      await client.call('MeterValues', { connectorId: 1, transactionId, meterValue: energy(1_000) });
      await vi.waitFor(() => expect(stops).toEqual([{ transactionId }]));
      await client.call('StopTransaction', {
        transactionId,
        meterStop: 1_000,
        timestamp: new Date().toISOString(),
        reason: 'Remote',
      });
      const list = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/users/transactions/?user=${driver.id}`,
        headers: ctx.auth,
      });
      expect(list.json<{ items: ChargeListItem[] }>().items[0]).toMatchObject({
        id: transactionId,
        status: 'stopped',
        amount: 12.5,
        discount: 2.5,
        total: 10,
      });
    } finally {
      registerDiscountFor(restore);
    }
  });

  it('lets no single reading push the balance further below zero than one reading’s plausible cost', async () => {
    const station = await aConnectableStation(ctx);
    const client = await ctx.connect(station.identity);
    const driver = await aDriver(ctx.database, { balanceTyiyn: 1_000, idTags: ['PREPAID-2'] });
    const now = Date.now();
    const at = (seconds: number) => new Date(now + seconds * 1000).toISOString();
    const reading = (wh: number, seconds: number) => [
      { timestamp: at(seconds), sampledValue: [{ value: String(wh), unit: 'Wh' }] },
    ];
    const stops: unknown[] = [];
    client.handle('RemoteStopTransaction', async ({ params }) => {
      stops.push(params);
      return { status: 'Accepted' };
    });
    // A charge lagging for ten hours on a 22 kW connector: 200 kWh would fit the time since the start (330 kWh), and is 2,500 som.
    const { transactionId } = (await client.call('StartTransaction', {
      connectorId: 1,
      idTag: 'PREPAID-2',
      meterStart: 0,
      timestamp: at(-36_000),
    })) as { transactionId: number };
    await client.call('MeterValues', { connectorId: 1, transactionId, meterValue: reading(100, -35_940) });
    await client.call('MeterValues', { connectorId: 1, transactionId, meterValue: reading(200, -60) });
    // But not in the minute since the last reading (33 kW: 550 Wh, plus 1 kWh): ignored, nothing stopped.
    await client.call('MeterValues', { connectorId: 1, transactionId, meterValue: reading(200_000, 0) });
    const detail = (
      await ctx.app.inject({ method: 'GET', url: `/api/v1/users/transactions/${transactionId}/`, headers: ctx.auth })
    ).json<ChargeListItem>();
    expect(detail).toMatchObject({ consumed: 0.2, amount: 2.5, review_reason: 'meter_jump' });
    // 1.8 kWh in the 90 s since 200 Wh (at most 825 + 1,000 Wh): believed, 25 som past the 10 on the balance, so stopped.
    await client.call('MeterValues', { connectorId: 1, transactionId, meterValue: reading(2_000, 30) });
    await vi.waitFor(() => expect(stops).toEqual([{ transactionId }]));
    // The station stops on the register it jumped to: billed by the last plausible reading.
    await client.call('StopTransaction', { transactionId, meterStop: 200_000, timestamp: at(40), reason: 'Remote' });

    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/users/transactions/?user=${driver.id}`,
      headers: ctx.auth,
    });
    expect(list.json<{ items: ChargeListItem[] }>().items).toEqual([
      expect.objectContaining({
        id: transactionId,
        status: 'stopped',
        consumed: 2,
        total: 25,
        review_reason: 'stop_implausible',
      }),
    ]);
    const balance = (
      await ctx.app.inject({ method: 'GET', url: `/api/v1/users/${driver.id}/`, headers: ctx.auth })
    ).json<{ balance: number }>().balance;
    // 15 som below zero; the last reading could plausibly have cost 22.81 som (1,825 Wh); the jump would have taken it to -2,490.
    expect(balance).toBe(-15);
    const entries = (
      await ctx.app.inject({ method: 'GET', url: `/api/v1/users/payments/?user=${driver.id}`, headers: ctx.auth })
    ).json<{ items: { deposit: number }[] }>().items;
    expect(entries[0]!.deposit).toBe(-15);
  });
});
