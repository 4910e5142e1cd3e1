import type { BalanceEntry } from '@evcms/contracts/driver-balance';
import type { ChargeDetail, ChargeListItem } from '@evcms/contracts/charges';
import type { Paged } from '@evcms/contracts/common';
import type { RPCClient } from 'ocpp-rpc';
import { beforeAll, describe, expect, it } from 'vitest';
import { aDriver } from '../test/builders/drivers.ts';
import { aRate } from '../test/builders/rates.ts';
import { aConnectableStation, useChargePointApp } from '../test/charge-points.ts';

/*
 * Issue 28, point 4: what a charge point claims is believed only within what its connector can
 * deliver and its clock can drift. An absurd register is never billed, a time in 2999 never kept;
 * the charge is marked for review, its reason on the charge and in the list's filter.
 */

const ctx = useChargePointApp();

beforeAll(async () => {
  // aConnectableStation's connectors: Type 2, 22 kW, at 12.50 som per kWh.
  await aRate(ctx.database, { typo: 'type2', priceTyiyn: 1250, status: 0 });
});

let tagNumber = 0;
/** A driver with 500 som and one tag, and a connected station. */
async function aChargingDriver() {
  tagNumber += 1;
  const idTag = `SANE-${tagNumber}`;
  const driver = await aDriver(ctx.database, { balanceTyiyn: 50_000, idTags: [idTag] });
  const station = await aConnectableStation(ctx);
  const client = await ctx.connect(station.identity);
  return { driver, idTag, client };
}

async function get<T>(url: string): Promise<T> {
  const response = await ctx.app.inject({ method: 'GET', url, headers: ctx.auth });
  expect(response.statusCode).toBe(200);
  return response.json<T>();
}
const chargesOf = async (driverId: number, filter = '') =>
  (await get<Paged<ChargeListItem>>(`/api/v1/users/transactions/?user=${driverId}${filter}`)).items;
const ledgerOf = async (driverId: number) =>
  (await get<Paged<BalanceEntry>>(`/api/v1/users/payments/?user=${driverId}`)).items;
const balanceOf = async (driverId: number) => (await get<{ balance: number }>(`/api/v1/users/${driverId}/`)).balance;

const T0 = '2026-03-01T10:00:00.000Z';
const minutes = (n: number) => new Date(Date.parse(T0) + n * 60_000).toISOString();
const register = (timestamp: string, wh: number) => [
  { timestamp, sampledValue: [{ value: String(wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' }] },
];
const start = async (client: RPCClient, idTag: string, timestamp = T0) =>
  (
    (await client.call('StartTransaction', { connectorId: 1, idTag, meterStart: 1_000_000, timestamp })) as {
      transactionId: number;
    }
  ).transactionId;

/** A time the server set: after `before`, not after now. */
const serverTime = (before: number) =>
  expect.toSatisfy((text: string) => Date.parse(text) >= before && Date.parse(text) <= Date.now());

describe('an absurd register', () => {
  it('in MeterValues and at the stop is not billed: the charge ends on the last plausible reading, marked for review, the ledger equal to the balance', async () => {
    const { driver, idTag, client } = await aChargingDriver();
    const id = await start(client, idTag);
    await client.call('MeterValues', {
      connectorId: 1,
      transactionId: id,
      meterValue: register(minutes(30), 1_005_000),
    });
    // Issue 28's reading: 10^15 Wh, at 12.50 som per kWh 12.5 trillion som.
    await client.call('MeterValues', {
      connectorId: 1,
      transactionId: id,
      meterValue: register(minutes(40), 1_000_000_000_000_000),
    });
    expect(await get<ChargeDetail>(`/api/v1/users/transactions/${id}/`)).toMatchObject({
      consumed: 5,
      amount: 62.5,
      last_meter: 1005,
      review_reason: 'meter_jump',
    });

    await client.call('StopTransaction', {
      transactionId: id,
      meterStop: 1_000_000_000_000_000,
      timestamp: minutes(45),
      reason: 'Local',
    });
    expect(await chargesOf(driver.id)).toEqual([
      expect.objectContaining({
        id,
        status: 'finished',
        result: 'successful',
        finished_at: minutes(45),
        consumed: 5,
        total: 62.5,
        review_reason: 'stop_implausible',
      }),
    ]);
    expect(await get<ChargeDetail>(`/api/v1/users/transactions/${id}/`)).toMatchObject({
      meter_start: 1000,
      meter_stop: 1005,
    });
    const ledger = await ledgerOf(driver.id);
    expect(ledger.map((entry) => [entry.method, entry.debit, entry.credit])).toEqual([
      ['charge', 62.5, 0],
      ['manager_top_up', 0, 500],
    ]);
    expect(await balanceOf(driver.id)).toBe(437.5);
    expect(ledger[0]!.deposit).toBe(437.5);

    // The list's filter finds it by its reason.
    expect((await chargesOf(driver.id, '&review=stop_implausible,meter_jump')).map((charge) => charge.id)).toEqual([
      id,
    ]);
    expect(await chargesOf(driver.id, '&review=clock_future')).toEqual([]);
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/users/transactions/?review=absurd',
      headers: ctx.auth,
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json())).toEqual(['review']);
  });
});

describe('a station’s clock', () => {
  it('in 2999: the start and the stop take the times they were received, the charge is marked, and the start sent again is the same charge', async () => {
    const { driver, idTag, client } = await aChargingDriver();
    const before = Date.now();
    const id = await start(client, idTag, '2999-01-01T00:00:00.000Z');
    expect(await start(client, idTag, '2999-01-01T00:00:00.000Z')).toBe(id);
    await client.call('MeterValues', {
      connectorId: 1,
      transactionId: id,
      meterValue: register('2999-01-01T00:30:00.000Z', 1_000_500),
    });
    await client.call('StopTransaction', {
      transactionId: id,
      meterStop: 1_001_000,
      timestamp: '2999-01-01T01:00:00.000Z',
    });

    expect(await chargesOf(driver.id)).toEqual([
      expect.objectContaining({
        id,
        status: 'finished',
        started_at: serverTime(before),
        finished_at: serverTime(before),
        consumed: 1,
        total: 12.5,
        review_reason: 'clock_future',
      }),
    ]);
    expect(await balanceOf(driver.id)).toBe(487.5);
  });

  it('set back: a stop stamped before its start ends when it was received, marked for review', async () => {
    const { driver, idTag, client } = await aChargingDriver();
    const id = await start(client, idTag);
    const before = Date.now();
    await client.call('StopTransaction', { transactionId: id, meterStop: 1_002_000, timestamp: minutes(-60) });
    expect(await chargesOf(driver.id)).toEqual([
      expect.objectContaining({
        id,
        status: 'finished',
        started_at: T0,
        finished_at: serverTime(before),
        consumed: 2,
        total: 25,
        review_reason: 'clock_before_start',
      }),
    ]);
  });

  it('right, with plausible readings: nothing is marked', async () => {
    const { driver, idTag, client } = await aChargingDriver();
    const id = await start(client, idTag);
    // 16.5 kWh in half an hour: the 22 kW connector's 33 kW allowance.
    await client.call('MeterValues', {
      connectorId: 1,
      transactionId: id,
      meterValue: register(minutes(30), 1_017_500),
    });
    await client.call('StopTransaction', { transactionId: id, meterStop: 1_020_000, timestamp: minutes(40) });
    expect(await chargesOf(driver.id)).toEqual([
      expect.objectContaining({ id, finished_at: minutes(40), consumed: 20, total: 250, review_reason: null }),
    ]);
    expect(await chargesOf(driver.id, '&review=clock_future,clock_before_start,meter_jump,stop_implausible')).toEqual(
      [],
    );
  });
});
