import type { BalanceEntry } from '@evcms/contracts/driver-balance';
import type { ChargeDetail } from '@evcms/contracts/charges';
import type { Station } from '@evcms/contracts/stations';
import type { RPCClient } from 'ocpp-rpc';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { aDriver, aRate } from '../test/builders.ts';
import { aConnectableStation, useChargePointApp } from '../test/charge-points.ts';

/*
 * Stations that lose their link or reboot in the middle of a charge, over real WebSockets: a late
 * StopTransaction after a reconnect, a BootNotification with charges still open, and a station
 * offline past OCPP_OFFLINE_CHARGE_LIMIT.
 */

const LIMIT_SECONDS = 600;
const ctx = useChargePointApp({ OCPP_OFFLINE_CHARGE_LIMIT: String(LIMIT_SECONDS) });

beforeAll(async () => {
  // Type 2 connectors (aConnectableStation's) charge at 10.00 som per kWh.
  await aRate(ctx.database, { typo: 'type2', priceTyiyn: 1000, status: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

async function get<T>(url: string): Promise<T> {
  const response = await ctx.app.inject({ method: 'GET', url, headers: { ...ctx.auth, 'accept-language': 'en' } });
  expect(response.statusCode).toBe(200);
  return response.json<T>();
}

const online = async (stationId: number) => (await get<Station>(`/api/v1/stations/${stationId}/`)).online;
const chargeDetail = (id: number) => get<ChargeDetail>(`/api/v1/users/transactions/${id}/`);
const debitsOf = async (driverId: number) =>
  (await get<{ items: BalanceEntry[] }>(`/api/v1/users/payments/?user=${driverId}`)).items.filter((entry) => entry.method === 'charge');

async function connect(identity: string) {
  const client = await ctx.connect(identity);
  return client;
}

/** A connected station charging a driver (500 som) since `startedAt`: 3 kWh so far. */
async function aChargingStation(startedAt: Date) {
  const station = await aConnectableStation(ctx);
  const client = await connect(station.identity);
  await vi.waitFor(async () => expect(await online(station.id)).toBe(true));
  const idTag = `OFFLINE-${station.id}`;
  const driver = await aDriver(ctx.database, { balanceTyiyn: 50_000, idTags: [idTag] });
  const { transactionId } = (await client.call('StartTransaction', {
    connectorId: 1,
    idTag,
    meterStart: 20_000,
    timestamp: startedAt.toISOString(),
  })) as { transactionId: number };
  await client.call('MeterValues', {
    connectorId: 1,
    transactionId,
    meterValue: [{ timestamp: new Date(startedAt.getTime() + 10 * 60_000).toISOString(), sampledValue: [{ value: '23000' }] }],
  });
  return { station, client, driver, transactionId };
}

/** The charge point loses its link; the back office sees it offline. */
async function dropLink(client: RPCClient, stationId: number) {
  await client.close({ force: true });
  await vi.waitFor(async () => expect(await online(stationId)).toBe(false));
}

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

describe('a StopTransaction that arrives late', () => {
  it('after a reconnect, completes the charge with the station’s own times and bills it', async () => {
    const startedAt = minutesAgo(50);
    const { station, client, driver, transactionId } = await aChargingStation(startedAt);
    await dropLink(client, station.id);

    // The charge ended while the link was down; the station delivers its stop once back.
    const stoppedAt = minutesAgo(20);
    const back = await connect(station.identity);
    expect(await back.call('StopTransaction', { transactionId, meterStop: 25_000, timestamp: stoppedAt.toISOString(), reason: 'EVDisconnected' })).toEqual({});

    expect(await chargeDetail(transactionId)).toMatchObject({
      status: 'finished',
      result: 'successful',
      started_at: startedAt.toISOString(),
      finished_at: stoppedAt.toISOString(),
      duration_seconds: Math.floor((stoppedAt.getTime() - startedAt.getTime()) / 1000),
      consumed: 5,
      total: 50,
      stop_reason: 'EVDisconnected',
    });
    expect(await debitsOf(driver.id)).toEqual([expect.objectContaining({ debit: 50, charge_id: transactionId })]);
  });
});

describe('a BootNotification from a station with open charges', () => {
  it('marks them not completed before accepting it, and a stop the station kept still completes them', async () => {
    const startedAt = minutesAgo(40);
    const { station, client, driver, transactionId } = await aChargingStation(startedAt);
    await dropLink(client, station.id);

    const rebooted = await connect(station.identity);
    const boot = (await rebooted.call('BootNotification', { chargePointVendor: 'Alfen', chargePointModel: 'Eve' })) as { status: string };
    expect(boot.status).toBe('Accepted');
    // Consumption and cost as last metered, nothing debited, no finish.
    expect(await chargeDetail(transactionId)).toMatchObject({ status: 'not_completed', result: 'failed', consumed: 3, amount: 30, total: 0, finished_at: null });
    expect(await debitsOf(driver.id)).toEqual([]);

    // Its meter values no longer move it; its StopTransaction, kept through the reboot, completes it.
    await rebooted.call('MeterValues', {
      connectorId: 1,
      transactionId,
      meterValue: [{ timestamp: minutesAgo(15).toISOString(), sampledValue: [{ value: '24000' }] }],
    });
    expect(await chargeDetail(transactionId)).toMatchObject({ status: 'not_completed', consumed: 3 });
    const stoppedAt = minutesAgo(10);
    await rebooted.call('StopTransaction', { transactionId, meterStop: 26_000, timestamp: stoppedAt.toISOString(), reason: 'Reboot' });
    expect(await chargeDetail(transactionId)).toMatchObject({ status: 'finished', finished_at: stoppedAt.toISOString(), consumed: 6, total: 60 });
    expect(await debitsOf(driver.id)).toEqual([expect.objectContaining({ debit: 60 })]);
  });
});

describe('a station offline past OCPP_OFFLINE_CHARGE_LIMIT', () => {
  it('shows its open charge not completed only once the limit has passed; a connected station’s charge runs on', async () => {
    const { station, client, transactionId } = await aChargingStation(minutesAgo(5));
    const steady = await aChargingStation(minutesAgo(5));
    await dropLink(client, station.id);
    const { last_seen_at: lastSeen } = await get<Station>(`/api/v1/stations/${station.id}/`);
    const silentFrom = Date.parse(lastSeen!);

    expect(await ctx.app.ocpp.sweepOfflineCharges()).toBe(0);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(silentFrom + (LIMIT_SECONDS - 5) * 1000);
    expect(await ctx.app.ocpp.sweepOfflineCharges()).toBe(0);
    expect((await chargeDetail(transactionId)).status).toBe('in_progress');

    vi.setSystemTime(silentFrom + (LIMIT_SECONDS + 5) * 1000);
    expect(await ctx.app.ocpp.sweepOfflineCharges()).toBe(1);
    expect(await chargeDetail(transactionId)).toMatchObject({ status: 'not_completed', result: 'failed', consumed: 3, total: 0 });
    expect((await chargeDetail(steady.transactionId)).status).toBe('in_progress');
    // Swept once: the next sweep finds nothing more to do.
    expect(await ctx.app.ocpp.sweepOfflineCharges()).toBe(0);
  });
});
