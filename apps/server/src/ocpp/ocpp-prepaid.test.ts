import type { ChargeListItem } from '@evcms/contracts/charges';
import type { RPCClient } from 'ocpp-rpc';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { registerDiscountFor } from '../modules/charges/charge-discounts.service.ts';
import { needsPrepaidStop } from '../modules/charges/charges.rules.ts';
import { aDriver } from '../test/builders/drivers.ts';
import { aRate } from '../test/builders/rates.ts';
import { apiCalls } from '../test/test-app.ts';
import { acceptRemoteStops, aConnectableStation, startTransaction, useChargePointApp } from '../test/charge-points.ts';
import { aPromotionRow } from '../test/builders/promotions.ts';

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
  const transactionId = await startTransaction(client, idTag);
  return { station, client, driver, transactionId, stops: acceptRemoteStops(client) };
}

/** The station's StopTransaction after the central system's RemoteStopTransaction, at `meterStop`. */
const stopRemotely = (
  client: RPCClient,
  transactionId: number,
  meterStop: number,
  timestamp = new Date().toISOString(),
) => client.call('StopTransaction', { transactionId, meterStop, timestamp, reason: 'Remote' });

const call = apiCalls(ctx, 'users/');
const chargeOf = async (transactionId: number) =>
  (await call('GET', `transactions/${transactionId}/`)).json<ChargeListItem>();
/** The driver's charges as the charge list answers them. */
const chargesOf = async (driverId: number) =>
  (await call('GET', `transactions/?user=${driverId}`)).json<{ items: ChargeListItem[] }>().items;

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
    await stopRemotely(client, transactionId, 850);

    expect((await chargesOf(driver.id))[0]).toMatchObject({
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
    const promotionId = await aPromotionRow(ctx.database);
    const restore = registerDiscountFor(async (_db, charge) =>
      charge.stationId === station.id ? { promotionId, discountTyiyn: charge.amountTyiyn / 5 } : null,
    );
    try {
      // 0.8 kWh at 12.50 som: 10 som, the whole balance, but 8 after the discount: it goes on.
      await client.call('MeterValues', { connectorId: 1, transactionId, meterValue: energy(800) });
      expect(await chargeOf(transactionId)).toMatchObject({ amount: 10, discount: 2 });
      expect(stops).toEqual([]);
      // 1 kWh: 12.50 som, 10 after the discount.
      await client.call('MeterValues', { connectorId: 1, transactionId, meterValue: energy(1_000) });
      await vi.waitFor(() => expect(stops).toEqual([{ transactionId }]));
      await stopRemotely(client, transactionId, 1_000);
      expect((await chargesOf(driver.id))[0]).toMatchObject({
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
    const stops = acceptRemoteStops(client);
    // A charge lagging for ten hours on a 22 kW connector: 200 kWh would fit the time since the start (330 kWh), and is 2,500 som.
    const transactionId = await startTransaction(client, 'PREPAID-2', at(-36_000));
    await client.call('MeterValues', { connectorId: 1, transactionId, meterValue: reading(100, -35_940) });
    await client.call('MeterValues', { connectorId: 1, transactionId, meterValue: reading(200, -60) });
    // But not in the minute since the last reading (33 kW: 550 Wh, plus 1 kWh): ignored, nothing stopped.
    await client.call('MeterValues', { connectorId: 1, transactionId, meterValue: reading(200_000, 0) });
    expect(await chargeOf(transactionId)).toMatchObject({ consumed: 0.2, amount: 2.5, review_reason: 'meter_jump' });
    // 1.8 kWh in the 90 s since 200 Wh (at most 825 + 1,000 Wh): believed, 25 som past the 10 on the balance, so stopped.
    await client.call('MeterValues', { connectorId: 1, transactionId, meterValue: reading(2_000, 30) });
    await vi.waitFor(() => expect(stops).toEqual([{ transactionId }]));
    // The station stops on the register it jumped to: billed by the last plausible reading.
    await stopRemotely(client, transactionId, 200_000, at(40));

    expect(await chargesOf(driver.id)).toEqual([
      expect.objectContaining({
        id: transactionId,
        status: 'stopped',
        consumed: 2,
        total: 25,
        review_reason: 'stop_implausible',
      }),
    ]);
    const { balance } = (await call('GET', `${driver.id}/`)).json<{ balance: number }>();
    // 15 som below zero; the last reading could plausibly have cost 22.81 som (1,825 Wh); the jump would have taken it to -2,490.
    expect(balance).toBe(-15);
    const entries = (await call('GET', `payments/?user=${driver.id}`)).json<{ items: { deposit: number }[] }>().items;
    expect(entries[0]!.deposit).toBe(-15);
  });
});
