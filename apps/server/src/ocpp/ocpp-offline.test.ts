import { rm } from 'node:fs/promises';
import type { BalanceEntry } from '@evcms/contracts/driver-balance';
import type { ChargeDetail } from '@evcms/contracts/charges';
import type { Station } from '@evcms/contracts/stations';
import type { FastifyInstance } from 'fastify';
import type { RPCClient } from 'ocpp-rpc';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { findChargeRow } from '../modules/charges/charge-lifecycle.service.ts';
import { findStationOcpp } from '../modules/stations/station-ocpp.service.ts';
import { aDriver } from '../test/builders/drivers.ts';
import { aRate } from '../test/builders/rates.ts';
import {
  aConnectableStation,
  connectChargePoint,
  listenForChargePoints,
  useChargePointApp,
} from '../test/charge-points.ts';
import { createTestApp } from '../test/test-app.ts';

/*
 * Stations that lose their link or reboot in the middle of a charge, over real WebSockets: a late
 * StopTransaction after a reconnect, a BootNotification with charges still open (asked for, or
 * after a real reboot), a station offline past OCPP_OFFLINE_CHARGE_LIMIT, and a server that was
 * itself down for longer than that.
 */

const LIMIT_SECONDS = 600;
const WAIT = { timeout: 10_000 };
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
  (await get<{ items: BalanceEntry[] }>(`/api/v1/users/payments/?user=${driverId}`)).items.filter(
    (entry) => entry.method === 'charge',
  );

async function connect(identity: string) {
  const client = await ctx.connect(identity);
  return client;
}

/** A connected station charging a driver (500 som) since `startedAt`: 3 kWh so far. */
async function aChargingStation(startedAt: Date) {
  const station = await aConnectableStation(ctx);
  const client = await connect(station.identity);
  await vi.waitFor(async () => expect(await online(station.id)).toBe(true), WAIT);
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
    meterValue: [
      { timestamp: new Date(startedAt.getTime() + 10 * 60_000).toISOString(), sampledValue: [{ value: '23000' }] },
    ],
  });
  return { station, client, driver, transactionId };
}

/** The charge point loses its link; the back office sees it offline. */
async function dropLink(client: RPCClient, stationId: number) {
  await client.close({ force: true });
  await vi.waitFor(async () => expect(await online(stationId)).toBe(false), WAIT);
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
    expect(
      await back.call('StopTransaction', {
        transactionId,
        meterStop: 25_000,
        timestamp: stoppedAt.toISOString(),
        reason: 'EVDisconnected',
      }),
    ).toEqual({});

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
  const post = async <T>(url: string, payload: object, lang = 'en') => {
    const response = await ctx.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...ctx.auth, 'accept-language': lang },
    });
    return { status: response.statusCode, body: response.json<T>() };
  };
  const meterValue = (client: RPCClient, transactionId: number, wh: number, at: Date) =>
    client.call('MeterValues', {
      connectorId: 1,
      transactionId,
      meterValue: [{ timestamp: at.toISOString(), sampledValue: [{ value: String(wh) }] }],
    });
  const connectorOf = async (stationId: number) =>
    (await get<Station>(`/api/v1/stations/${stationId}/`)).connectors.find((connector) => connector.ocpp_16_id === 1)!;

  it('that the back office asked for (TriggerMessage) ends nothing: the charge runs on, metered, stoppable and billed once', async () => {
    const startedAt = minutesAgo(40);
    const { station, client, driver, transactionId } = await aChargingStation(startedAt);
    await client.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Charging' });
    client.handle('TriggerMessage', async ({ params }) => {
      // As charge points do: the message asked for follows the confirmation.
      if ((params as { requestedMessage: string }).requestedMessage === 'BootNotification') {
        setImmediate(
          () => void client.call('BootNotification', { chargePointVendor: 'Alfen', chargePointModel: 'Eve' }),
        );
      }
      return { status: 'Accepted' };
    });
    const triggered = await post(`/api/v1/stations/${station.id}/ocpp/trigger-message/`, {
      requested_message: 'BootNotification',
    });
    expect(triggered.body).toMatchObject({ success: true });
    await vi.waitFor(
      async () =>
        expect((await get<Station>(`/api/v1/stations/${station.id}/`)).boot).toMatchObject({ vendor: 'Alfen' }),
      WAIT,
    );

    expect(await chargeDetail(transactionId)).toMatchObject({ status: 'in_progress', result: null, consumed: 3 });
    // Its meter values still move it, and the connector still shows it.
    await meterValue(client, transactionId, 23_399, minutesAgo(5));
    expect(await chargeDetail(transactionId)).toMatchObject({ status: 'in_progress', consumed: 3.399 });
    expect(await connectorOf(station.id)).toMatchObject({
      ocpp_status: { status: 'Charging' },
      charge: { id: transactionId, status: 'in_progress' },
    });

    // The back office can still stop it; the station's stop bills it once.
    client.handle('RemoteStopTransaction', async () => {
      setImmediate(
        () =>
          void client.call('StopTransaction', {
            transactionId,
            meterStop: 24_000,
            timestamp: new Date().toISOString(),
            reason: 'Remote',
          }),
      );
      return { status: 'Accepted' };
    });
    expect((await post('/api/v1/users/transactions/stop/', { transaction_id: transactionId })).body).toMatchObject({
      success: true,
      outcome: 'accepted',
    });
    await vi.waitFor(
      async () =>
        expect(await chargeDetail(transactionId)).toMatchObject({ status: 'stopped', consumed: 4, total: 40 }),
      WAIT,
    );
    expect(await debitsOf(driver.id)).toEqual([expect.objectContaining({ debit: 40, charge_id: transactionId })]);
  });

  it('after a real reboot (Reset): the boot ends nothing, the connector Available without a transaction leaves the charge not completed, and the stop the station kept bills it once', async () => {
    const startedAt = minutesAgo(40);
    const { station, client, driver, transactionId } = await aChargingStation(startedAt);
    client.handle('Reset', async () => {
      setImmediate(() => void client.close({ code: 1000, reason: 'Rebooting' }));
      return { status: 'Accepted' };
    });
    expect((await post('/api/v1/stations/reset/' + station.identity + '/', { reset_type: 'Hard' })).body).toMatchObject(
      { success: true },
    );
    await vi.waitFor(async () => expect(await online(station.id)).toBe(false), WAIT);

    const rebooted = await connect(station.identity);
    const boot = (await rebooted.call('BootNotification', { chargePointVendor: 'Alfen', chargePointModel: 'Eve' })) as {
      status: string;
    };
    expect(boot.status).toBe('Accepted');
    expect((await chargeDetail(transactionId)).status).toBe('in_progress');

    // After its boot the station reports its connector free: it holds no transaction there any more.
    await rebooted.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Available' });
    // Consumption and cost as last metered, nothing debited, no finish; the connector shows no charge.
    expect(await chargeDetail(transactionId)).toMatchObject({
      status: 'not_completed',
      result: 'failed',
      consumed: 3,
      amount: 30,
      total: 0,
      finished_at: null,
    });
    expect(await debitsOf(driver.id)).toEqual([]);
    expect(await connectorOf(station.id)).toMatchObject({ ocpp_status: { status: 'Available' }, charge: null });

    // Its meter values no longer move it; its StopTransaction, kept through the reboot, completes and bills it.
    await meterValue(rebooted, transactionId, 24_000, minutesAgo(15));
    expect(await chargeDetail(transactionId)).toMatchObject({ status: 'not_completed', consumed: 3 });
    const stoppedAt = minutesAgo(10);
    const stopped = { transactionId, meterStop: 26_000, timestamp: stoppedAt.toISOString(), reason: 'HardReset' };
    await rebooted.call('StopTransaction', stopped);
    expect(await chargeDetail(transactionId)).toMatchObject({
      status: 'finished',
      result: 'successful',
      finished_at: stoppedAt.toISOString(),
      consumed: 6,
      total: 60,
      stop_reason: 'HardReset',
    });
    // Sent again, it bills nothing more.
    await rebooted.call('StopTransaction', stopped);
    expect(await debitsOf(driver.id)).toEqual([expect.objectContaining({ debit: 60, charge_id: transactionId })]);
  });

  it('after a reboot, a connector Preparing without a transaction leaves the lost charge not completed and opens the next one', async () => {
    const { station, client, transactionId } = await aChargingStation(minutesAgo(30));
    await dropLink(client, station.id);
    const rebooted = await connect(station.identity);
    await rebooted.call('BootNotification', { chargePointVendor: 'Alfen', chargePointModel: 'Eve' });
    await rebooted.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Preparing' });
    const { items } = await get<{ items: { id: number; status: string }[] }>(
      `/api/v1/users/transactions/?station_id__in=${station.id}`,
    );
    expect(items).toMatchObject([{ status: 'initiated' }, { id: transactionId, status: 'not_completed' }]);
    // The next one, never started, is canceled when the connector is free again.
    await rebooted.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Available' });
    expect(
      (
        await get<{ items: { status: string }[] }>(`/api/v1/users/transactions/?station_id__in=${station.id}`)
      ).items.map((charge) => charge.status),
    ).toEqual(['canceled', 'not_completed']);
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
    expect(await chargeDetail(transactionId)).toMatchObject({
      status: 'not_completed',
      result: 'failed',
      consumed: 3,
      total: 0,
    });
    expect((await chargeDetail(steady.transactionId)).status).toBe('in_progress');
    // Swept once: the next sweep finds nothing more to do.
    expect(await ctx.app.ocpp.sweepOfflineCharges()).toBe(0);
  });
});

// Two servers built in turn on one database: longer than one test's usual time on a busy machine.
describe('a server that was itself down', { timeout: 60_000 }, () => {
  it('gives the stations the whole limit again, counted from its restart', async () => {
    // A server of its own (its own database): no other process's sweep may touch this station.
    const first = await createTestApp({ OCPP_OFFLINE_CHARGE_LIMIT: String(LIMIT_SECONDS) });
    let restarted: FastifyInstance | undefined;
    try {
      await aRate(first.database, { typo: 'type2', priceTyiyn: 1000, status: 0 });
      const station = await aConnectableStation(first);
      const client = await connectChargePoint(await listenForChargePoints(first), station.identity);
      await aDriver(first.database, { balanceTyiyn: 50_000, idTags: ['RESTART-1'] });
      const { transactionId } = (await client.call('StartTransaction', {
        connectorId: 1,
        idTag: 'RESTART-1',
        meterStart: 0,
        timestamp: minutesAgo(5).toISOString(),
      })) as {
        transactionId: number;
      };
      await client.close({ force: true });
      await vi.waitFor(
        async () => expect((await findStationOcpp(first.database.db, station.id)).online).toBe(false),
        WAIT,
      );
      const silentFrom = (await findStationOcpp(first.database.db, station.id)).lastSeenAt!.getTime();
      const status = async () => (await findChargeRow(first.database.db, transactionId))!.status;

      // The server goes down while the station is offline, and comes back after more than the limit.
      await first.app.close();
      vi.useFakeTimers({ toFake: ['Date'] });
      const restartAt = silentFrom + (LIMIT_SECONDS + 60) * 1000;
      vi.setSystemTime(restartAt);
      restarted = await buildApp({
        config: first.config,
        database: first.database,
        jwtSecret: 'test-secret-test-secret-test-secret',
      });
      await restarted.ready();
      expect(await restarted.ocpp.sweepOfflineCharges()).toBe(0);
      vi.setSystemTime(restartAt + (LIMIT_SECONDS - 5) * 1000);
      expect(await restarted.ocpp.sweepOfflineCharges()).toBe(0);
      expect(await status()).toBe('in_progress');

      vi.setSystemTime(restartAt + (LIMIT_SECONDS + 5) * 1000);
      expect(await restarted.ocpp.sweepOfflineCharges()).toBe(1);
      expect(await status()).toBe('not_completed');
    } finally {
      vi.useRealTimers();
      await restarted?.close();
      await first.database.close();
      await rm(first.config.dataDir, { recursive: true, force: true });
    }
  });
});
