import type { BalanceEntry } from '@evcms/contracts/driver-balance';
import type { ChargeDetail, ChargeListItem } from '@evcms/contracts/charges';
import type { Station } from '@evcms/contracts/stations';
import type { RPCClient } from 'ocpp-rpc';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { aDriver } from '../test/builders/drivers.ts';
import { aRate } from '../test/builders/rates.ts';
import { aConnectableStation, useChargePointApp, type ChargePointOptions } from '../test/charge-points.ts';

/*
 * A charge point's transactions over real WebSockets (Authorize, StartTransaction, MeterValues,
 * StopTransaction) ending in charges and ledger entries as the back office shows them, and the
 * other messages a station sends of its own (DataTransfer, diagnostics and firmware statuses).
 */

const ctx = useChargePointApp({ OCPP_MINIMUM_BALANCE: '50', OCPP_DATA_TRANSFER_VENDORS: 'Alfen, ABB' });

beforeAll(async () => {
  // Type 2 connectors (aConnectableStation's) charge at 12.50 som per kWh.
  await aRate(ctx.database, { typo: 'type2', priceTyiyn: 1250, status: 0 });
});

async function connectedStation(options?: ChargePointOptions) {
  const station = await aConnectableStation(ctx);
  const client = await ctx.connect(station.identity, options);
  await vi.waitFor(async () => expect((await get<Station>(`/api/v1/stations/${station.id}/`)).online).toBe(true));
  return { station, client };
}

let tagNumber = 0;
/** A driver holding one tag, with 500 som on the balance unless told. */
async function aTagHolder(balanceTyiyn = 50_000, overrides: { blocked?: boolean } = {}) {
  tagNumber += 1;
  const idTag = `TX-CARD-${tagNumber}`;
  const driver = await aDriver(ctx.database, { balanceTyiyn, idTags: [idTag], ...overrides });
  return { driver, idTag };
}

async function get<T>(url: string): Promise<T> {
  const response = await ctx.app.inject({ method: 'GET', url, headers: { ...ctx.auth, 'accept-language': 'en' } });
  expect(response.statusCode).toBe(200);
  return response.json<T>();
}

const chargesOf = async (driverId: number) =>
  (await get<{ items: ChargeListItem[] }>(`/api/v1/users/transactions/?user=${driverId}`)).items;
const chargeDetail = (id: number) => get<ChargeDetail>(`/api/v1/users/transactions/${id}/`);
const ledgerOf = async (driverId: number) =>
  (await get<{ items: BalanceEntry[] }>(`/api/v1/users/payments/?user=${driverId}`)).items;

interface StartAnswer {
  transactionId: number;
  idTagInfo: { status: string };
}

const T0 = '2026-03-01T10:00:00.000Z';
const minutes = (n: number) => new Date(Date.parse(T0) + n * 60_000).toISOString();
const startOf = (idTag: string, extra: object = {}) => ({
  connectorId: 1,
  idTag,
  meterStart: 1_000_000,
  timestamp: T0,
  ...extra,
});
const start = async (client: RPCClient, idTag: string, extra: object = {}) =>
  (await client.call('StartTransaction', startOf(idTag, extra))) as StartAnswer;

describe('a charging session', () => {
  it('Authorize, StartTransaction, MeterValues and StopTransaction end in a paid charge and its ledger entry', async () => {
    const { station, client } = await connectedStation();
    const { driver, idTag } = await aTagHolder();

    expect(await client.call('Authorize', { idTag })).toEqual({ idTagInfo: { status: 'Accepted' } });
    const started = await start(client, idTag);
    expect(started).toEqual({ transactionId: expect.any(Number), idTagInfo: { status: 'Accepted' } });
    const id = started.transactionId;

    await client.call('MeterValues', {
      connectorId: 1,
      transactionId: id,
      meterValue: [
        {
          timestamp: minutes(30),
          sampledValue: [
            { value: '1005.5', measurand: 'Energy.Active.Import.Register', unit: 'kWh', context: 'Sample.Periodic' },
            { value: '7400', measurand: 'Power.Active.Import', unit: 'W' },
            { value: '42', measurand: 'SoC', unit: 'Percent', location: 'EV' },
            { value: '16.2', measurand: 'Current.Import', unit: 'A', phase: 'L1' },
          ],
        },
      ],
    });
    // Running: consumption and cost follow the meter.
    expect(await chargeDetail(id)).toMatchObject({
      status: 'in_progress',
      consumed: 5.5,
      price: 12.5,
      amount: 68.75,
      power: 7.4,
      soc_percent: 42,
      last_meter_at: minutes(30),
    });

    const stopped = await client.call('StopTransaction', {
      transactionId: id,
      idTag,
      meterStop: 1_012_345,
      timestamp: minutes(60),
      reason: 'EVDisconnected',
      transactionData: [
        {
          timestamp: minutes(59),
          sampledValue: [{ value: '1012000' }, { value: '80', measurand: 'SoC', unit: 'Percent' }],
        },
      ],
    });
    // 154.31 of 500 som paid: the tag still covers the minimum of 50.
    expect(stopped).toEqual({ idTagInfo: { status: 'Accepted' } });

    expect(await chargesOf(driver.id)).toEqual([
      expect.objectContaining({
        id,
        id_tag: idTag,
        station: { id: station.id, name: station.name },
        connector: { ocpp_16_id: 1, typo: 'type2', typo_name: 'Type 2 (Mennekes)' },
        started_at: T0,
        finished_at: minutes(60),
        duration_seconds: 3600,
        consumed: 12.345,
        price: 12.5,
        // 12.345 kWh x 12.50 = 154.3125 som
        amount: 154.31,
        discount: 0,
        total: 154.31,
        payment_method: 'balance',
        status: 'finished',
        result: 'successful',
        stop_reason: 'EVDisconnected',
        refusal: null,
        review_reason: null,
      }),
    ]);
    expect(await chargeDetail(id)).toMatchObject({
      meter_start: 1000,
      meter_stop: 1012.345,
      soc_percent: 80,
      price_source: 'default',
    });
    const [debit, topUp] = await ledgerOf(driver.id);
    expect(topUp).toMatchObject({ method: 'manager_top_up', credit: 500, deposit: 500 });
    expect(debit).toMatchObject({
      method: 'charge',
      reason: `#${id}`,
      charge_id: id,
      debit: 154.31,
      credit: 0,
      deposit: 345.69,
    });
    expect((await get<{ balance: number }>(`/api/v1/users/${driver.id}/`)).balance).toBe(345.69);
  });

  it('meter values one after another follow the charge the connection remembers, and none moves it after its stop', async () => {
    const { client } = await connectedStation();
    const { idTag } = await aTagHolder();
    const id = (await start(client, idTag)).transactionId;
    const meter = (n: number, wh: number) => ({
      connectorId: 1,
      transactionId: id,
      meterValue: [{ timestamp: minutes(n), sampledValue: [{ value: String(wh) }] }],
    });
    await client.call('MeterValues', meter(10, 1_001_000));
    await client.call('MeterValues', meter(20, 1_002_000));
    // Late: older than the last reading.
    await client.call('MeterValues', meter(15, 1_001_500));
    expect(await chargeDetail(id)).toMatchObject({ consumed: 2, amount: 25, last_meter_at: minutes(20) });
    await client.call('MeterValues', meter(30, 1_003_000));
    expect(await chargeDetail(id)).toMatchObject({ consumed: 3, last_meter_at: minutes(30) });

    await client.call('StopTransaction', { transactionId: id, meterStop: 1_004_000, timestamp: minutes(40) });
    const stopped = await chargeDetail(id);
    expect(stopped).toMatchObject({ status: 'finished', consumed: 4 });
    expect(await client.call('MeterValues', meter(50, 1_009_000))).toEqual({});
    expect(await chargeDetail(id)).toEqual(stopped);
  });

  it('a start and a stop sent again change nothing: the same transactionId, one debit', async () => {
    const { client } = await connectedStation();
    const { driver, idTag } = await aTagHolder();

    const first = await start(client, idTag);
    const copies = await Promise.all([start(client, idTag), start(client, idTag), start(client, idTag)]);
    expect(copies).toEqual([first, first, first]);

    const stop = { transactionId: first.transactionId, meterStop: 1_010_000, timestamp: minutes(45) };
    // First without a reason (OCPP's Local), then again with one.
    expect(await client.call('StopTransaction', stop)).toEqual({});
    expect(await client.call('StopTransaction', { ...stop, reason: 'Remote', idTag })).toEqual({
      idTagInfo: { status: 'Accepted' },
    });

    expect(await chargesOf(driver.id)).toEqual([
      expect.objectContaining({
        id: first.transactionId,
        status: 'finished',
        consumed: 10,
        total: 125,
        stop_reason: 'Local',
      }),
    ]);
    const debits = (await ledgerOf(driver.id)).filter((entry) => entry.method === 'charge');
    expect(debits).toEqual([expect.objectContaining({ debit: 125, charge_id: first.transactionId })]);
  });

  it('authorises at the start a tag the station accepted from its own cache, with no Authorize sent', async () => {
    const { client } = await connectedStation();
    const { driver, idTag } = await aTagHolder();
    const started = await start(client, idTag);
    expect(started.idTagInfo).toEqual({ status: 'Accepted' });
    expect(await chargesOf(driver.id)).toEqual([
      expect.objectContaining({ id: started.transactionId, status: 'in_progress' }),
    ]);
  });
});

describe('tags refused', () => {
  it('an unknown tag is Invalid, a blocked tag or driver Blocked, both at Authorize and at a start, which is recorded unauthorized and never billed', async () => {
    const { station, client } = await connectedStation();
    const blockedTag = await aTagHolder();
    const tags = await get<{ id: number }[]>(`/api/v1/users/${blockedTag.driver.id}/id-tags/`);
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${blockedTag.driver.id}/id-tags/${tags[0]!.id}/`,
      headers: ctx.auth,
      payload: { blocked: true },
    });
    expect(patched.statusCode).toBe(200);
    const blockedDriver = await aTagHolder(50_000, { blocked: true });

    expect(await client.call('Authorize', { idTag: 'NOBODYS-CARD' })).toEqual({ idTagInfo: { status: 'Invalid' } });
    expect(await client.call('Authorize', { idTag: blockedTag.idTag })).toEqual({ idTagInfo: { status: 'Blocked' } });
    expect(await client.call('Authorize', { idTag: blockedDriver.idTag })).toEqual({
      idTagInfo: { status: 'Blocked' },
    });

    const unknown = await start(client, 'NOBODYS-CARD');
    expect(unknown.idTagInfo).toEqual({ status: 'Invalid' });
    expect((await start(client, blockedTag.idTag, { connectorId: 2 })).idTagInfo).toEqual({ status: 'Blocked' });
    expect((await start(client, blockedDriver.idTag, { timestamp: minutes(1) })).idTagInfo).toEqual({
      status: 'Blocked',
    });

    const unauthorized = await get<{ items: ChargeListItem[] }>(
      `/api/v1/users/transactions/?station_id__in=${station.id}`,
    );
    expect(
      unauthorized.items.map((charge) => [charge.id_tag, charge.status, charge.refusal, charge.driver?.id ?? null]),
    ).toEqual([
      [blockedDriver.idTag, 'unauthorized', 'blocked', blockedDriver.driver.id],
      [blockedTag.idTag, 'unauthorized', 'blocked', blockedTag.driver.id],
      ['NOBODYS-CARD', 'unauthorized', 'unknown_tag', null],
    ]);

    // The station stops the refused start at once: its stop is recorded, nothing is billed.
    await client.call('StopTransaction', {
      transactionId: unknown.transactionId,
      meterStop: 1_000_500,
      timestamp: minutes(1),
      reason: 'DeAuthorized',
    });
    expect(await chargeDetail(unknown.transactionId)).toMatchObject({
      status: 'unauthorized',
      total: 0,
      meter_stop: 1000.5,
      stop_reason: 'DeAuthorized',
    });
    expect((await ledgerOf(blockedTag.driver.id)).filter((entry) => entry.method === 'charge')).toEqual([]);
  });

  it('a balance under the configured minimum (OCPP_MINIMUM_BALANCE) is Blocked; the minimum itself is enough', async () => {
    const { client } = await connectedStation();
    const short = await aTagHolder(4_999);
    const enough = await aTagHolder(5_000);

    expect(await client.call('Authorize', { idTag: short.idTag })).toEqual({ idTagInfo: { status: 'Blocked' } });
    expect(await client.call('Authorize', { idTag: enough.idTag })).toEqual({ idTagInfo: { status: 'Accepted' } });
    expect((await start(client, short.idTag)).idTagInfo).toEqual({ status: 'Blocked' });
    expect((await start(client, enough.idTag, { connectorId: 2 })).idTagInfo).toEqual({ status: 'Accepted' });
    expect(await chargesOf(short.driver.id)).toEqual([
      expect.objectContaining({ status: 'unauthorized', refusal: 'low_balance' }),
    ]);
    expect(await chargesOf(enough.driver.id)).toEqual([expect.objectContaining({ status: 'in_progress' })]);
  });
});

describe('reports of no charge of the station', () => {
  it('a stop or meter values of an unknown transaction, or of another station’s, are confirmed and change nothing', async () => {
    const { client } = await connectedStation();
    const other = await connectedStation();
    const { driver, idTag } = await aTagHolder();
    const theirs = await start(other.client, idTag);

    const meter = { timestamp: minutes(5), sampledValue: [{ value: '1002000' }] };
    expect(
      await client.call('MeterValues', { connectorId: 1, transactionId: theirs.transactionId, meterValue: [meter] }),
    ).toEqual({});
    expect(
      await client.call('MeterValues', { connectorId: 1, transactionId: 2_000_000_000, meterValue: [meter] }),
    ).toEqual({});
    // No transactionId, and no open charge on the connector: dropped.
    expect(await client.call('MeterValues', { connectorId: 1, meterValue: [meter] })).toEqual({});
    expect(
      await client.call('StopTransaction', {
        transactionId: theirs.transactionId,
        idTag,
        meterStop: 1_002_000,
        timestamp: minutes(6),
      }),
    ).toEqual({});
    expect(
      await client.call('StopTransaction', { transactionId: 99_999_999_999, meterStop: 1, timestamp: minutes(6) }),
    ).toEqual({});

    expect(await chargesOf(driver.id)).toEqual([
      expect.objectContaining({ id: theirs.transactionId, status: 'in_progress', consumed: 0 }),
    ]);
  });

  it('meter values without a transactionId go to the connector’s running charge', async () => {
    const { client } = await connectedStation();
    const { idTag } = await aTagHolder();
    const { transactionId } = await start(client, idTag);
    await client.call('MeterValues', {
      connectorId: 1,
      meterValue: [{ timestamp: minutes(5), sampledValue: [{ value: '1002000' }] }],
    });
    expect(await chargeDetail(transactionId)).toMatchObject({ consumed: 2, amount: 25 });
  });
});

describe('loose charge points', () => {
  it('vendor-specific measurands and extra fields in meter values are let through and the register is read', async () => {
    // A charge point that does not check its own frames against the schemas.
    const { client } = await connectedStation({ strictMode: false });
    const { idTag } = await aTagHolder();
    const { transactionId } = await start(client, idTag);
    const vendorSample = { value: '31.5', measurand: 'Vendor.CableTemperature', unit: 'Celsius', vendorChannel: 4 };

    expect(
      await client.call('MeterValues', {
        connectorId: 1,
        transactionId,
        meterValue: [
          {
            timestamp: minutes(10),
            sampledValue: [vendorSample, { value: '1003000', vendorQuality: 'good' }],
            vendorSequence: 17,
          },
        ],
      }),
    ).toEqual({});
    expect(await chargeDetail(transactionId)).toMatchObject({ consumed: 3 });
    expect(
      await client.call('StopTransaction', {
        transactionId,
        meterStop: 1_004_000,
        timestamp: minutes(20),
        transactionData: [{ timestamp: minutes(20), sampledValue: [vendorSample, { value: '1004000' }] }],
      }),
    ).toEqual({});
    expect(await chargeDetail(transactionId)).toMatchObject({ status: 'finished', consumed: 4, total: 50 });
  });

  it('a frame that breaks the schema elsewhere gets a CALLERROR, opens no charge, and the connection carries on', async () => {
    const { station, client } = await connectedStation({ strictMode: false });
    const { idTag } = await aTagHolder();
    await expect(client.call('StartTransaction', { connectorId: 1, idTag, timestamp: T0 })).rejects.toMatchObject({
      rpcErrorCode: 'OccurenceConstraintViolation',
    });
    await expect(client.call('StartTransaction', { ...startOf(idTag), colour: 'red' })).rejects.toMatchObject({
      rpcErrorCode: 'FormationViolation',
    });
    await expect(client.call('StartTransaction', startOf(idTag, { connectorId: 2 ** 31 }))).rejects.toMatchObject({
      rpcErrorCode: 'PropertyConstraintViolation',
    });
    await expect(
      client.call('StopTransaction', { transactionId: 1, meterStop: 1, timestamp: T0, reason: 'Bored' }),
    ).rejects.toMatchObject({
      rpcErrorCode: 'PropertyConstraintViolation',
    });
    await expect(
      client.call('MeterValues', { connectorId: 1, meterValue: [{ timestamp: T0, sampledValue: [{ unit: 'Wh' }] }] }),
    ).rejects.toMatchObject({
      rpcErrorCode: 'OccurenceConstraintViolation',
    });

    await expect(client.call('Heartbeat', {})).resolves.toHaveProperty('currentTime');
    expect((await get<{ total: number }>(`/api/v1/users/transactions/?station_id__in=${station.id}`)).total).toBe(0);
  });
});

describe('DataTransfer', () => {
  it('is Accepted for a configured vendor (ignoring case), UnknownVendorId for any other', async () => {
    const { client } = await connectedStation();
    expect(await client.call('DataTransfer', { vendorId: 'alfen', messageId: 'Ping', data: '{"x":1}' })).toEqual({
      status: 'Accepted',
    });
    expect(await client.call('DataTransfer', { vendorId: 'ABB' })).toEqual({ status: 'Accepted' });
    expect(await client.call('DataTransfer', { vendorId: 'Wallbox', messageId: 'Ping' })).toEqual({
      status: 'UnknownVendorId',
    });
  });
});

describe('diagnostics and firmware statuses', () => {
  it('are stored as the last one reported and shown on the station card', async () => {
    const { station, client } = await connectedStation();
    expect(await get<Station>(`/api/v1/stations/${station.id}/`)).toMatchObject({
      diagnostics_status: null,
      diagnostics_status_at: null,
      firmware_status: null,
      firmware_status_at: null,
    });
    const before = Date.now();
    expect(await client.call('DiagnosticsStatusNotification', { status: 'Uploading' })).toEqual({});
    await client.call('DiagnosticsStatusNotification', { status: 'Uploaded' });
    expect(await client.call('FirmwareStatusNotification', { status: 'Downloading' })).toEqual({});

    const card = await get<Station>(`/api/v1/stations/${station.id}/`);
    expect(card).toMatchObject({ diagnostics_status: 'Uploaded', firmware_status: 'Downloading' });
    for (const at of [card.diagnostics_status_at!, card.firmware_status_at!]) {
      expect(Date.parse(at)).toBeGreaterThanOrEqual(before - 1);
      expect(Date.parse(at)).toBeLessThanOrEqual(Date.now());
    }
    // A reboot describes the station anew but keeps what its last notifications said.
    await client.call('BootNotification', { chargePointVendor: 'Alfen', chargePointModel: 'Eve' });
    expect(await get<Station>(`/api/v1/stations/${station.id}/`)).toMatchObject({
      diagnostics_status: 'Uploaded',
      firmware_status: 'Downloading',
    });
  });
});
