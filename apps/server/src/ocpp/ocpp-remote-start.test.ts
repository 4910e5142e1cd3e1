import type { ChargeDetail, ChargeListItem } from '@evcms/contracts/charges';
import type { Paged } from '@evcms/contracts/common';
import type { OcppCommandEntry, RemoteStartAnswer } from '@evcms/contracts/ocpp-commands';
import type { Station } from '@evcms/contracts/stations';
import type { RPCClient } from 'ocpp-rpc';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { aCharge } from '../test/builders/charges.ts';
import { aDriver } from '../test/builders/drivers.ts';
import { aRate } from '../test/builders/rates.ts';
import { aConnectableStation, useChargePointApp } from '../test/charge-points.ts';

/*
 * A manager's remote start (POST /stations/{id}/ocpp/remote-start/) against real charge points:
 * the charge is initiated before the station answers and StartTransaction carries it on; a
 * refusal, no answer or an offline station fail it; Authorize's rules and a busy connector refuse
 * it before anything is sent.
 */

const WAIT = { timeout: 20_000 };

function useRemoteStartApp(env: NodeJS.ProcessEnv = {}) {
  const ctx = useChargePointApp(env);
  beforeAll(async () => {
    await aRate(ctx.database, { typo: 'type2', priceTyiyn: 1250, status: 0 });
  });
  const inject = async <T>(method: 'GET' | 'POST', url: string, payload?: object, lang = 'en') => {
    const response = await ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      payload,
      headers: { ...ctx.auth, 'accept-language': lang },
    });
    return { status: response.statusCode, body: response.json<T>() };
  };
  const start = (stationId: number, payload: object, lang = 'en') =>
    inject<RemoteStartAnswer>('POST', `/stations/${stationId}/ocpp/remote-start/`, payload, lang);
  const charges = async (stationId: number) =>
    (await inject<Paged<ChargeListItem>>('GET', `/users/transactions/?station_id__in=${stationId}`)).body.items;
  const charge = async (id: number) => (await inject<ChargeDetail>('GET', `/users/transactions/${id}/`)).body;
  const audit = async (stationId: number) =>
    (await inject<Paged<OcppCommandEntry>>('GET', `/stations/${stationId}/ocpp/commands/`)).body;
  const connectedStation = async () => {
    const station = await aConnectableStation(ctx);
    const client = await ctx.connect(station.identity);
    await vi.waitFor(
      async () => expect((await inject<Station>('GET', `/stations/${station.id}/`)).body.online).toBe(true),
      WAIT,
    );
    return { station, client };
  };
  return { ctx, start, charges, charge, audit, connectedStation };
}

const statusOf = (client: RPCClient, connectorId: number, status: string) =>
  client.call('StatusNotification', { connectorId, errorCode: 'NoError', status });

describe('remote start', { timeout: 60_000 }, () => {
  const { ctx, start, charges, charge, audit, connectedStation } = useRemoteStartApp();

  it('initiates the charge before the station answers; the StartTransaction after Accepted carries the same charge on, started by the back office', async () => {
    const { station, client } = await connectedStation();
    const driver = await aDriver(ctx.database, { balanceTyiyn: 50_000, idTags: ['RS-ACCEPT'] });
    const received: unknown[] = [];
    client.handle('RemoteStartTransaction', async ({ params }) => {
      received.push(params);
      // The charge is on the list while the station has yet to answer.
      await vi.waitFor(
        async () =>
          expect(await charges(station.id)).toMatchObject([
            { status: 'initiated', driver: { id: driver.id }, id_tag: 'RS-ACCEPT' },
          ]),
        WAIT,
      );
      // As charge points do: the start follows the confirmation at once.
      setImmediate(() => {
        void client.call('StartTransaction', {
          connectorId: 2,
          idTag: 'RS-ACCEPT',
          meterStart: 1_000,
          timestamp: new Date().toISOString(),
        });
      });
      return { status: 'Accepted' };
    });

    const { status, body } = await start(station.id, { connector_id: 2, driver_id: driver.id });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      outcome: 'accepted',
      outcome_name: 'Accepted by the station',
      status: 'Accepted',
    });
    expect(received).toEqual([{ connectorId: 2, idTag: 'RS-ACCEPT' }]);

    await vi.waitFor(async () => expect((await charge(body.charge_id!)).status).toBe('in_progress'), WAIT);
    expect(await charge(body.charge_id!)).toMatchObject({
      source: 'back_office',
      source_name: 'Back office',
      driver: { id: driver.id },
      connector: { ocpp_16_id: 2 },
      price: 12.5,
    });
    expect(await charges(station.id)).toHaveLength(1);
    expect((await audit(station.id)).items[0]).toMatchObject({
      id: body.command_id,
      action: 'RemoteStartTransaction',
      params: { connectorId: 2, idTag: 'RS-ACCEPT' },
      outcome: 'accepted',
      manager_name: ctx.managerName,
    });
  });

  it('takes over the charge a plugged-in connector initiated, with the tag chosen of the driver’s', async () => {
    const { station, client } = await connectedStation();
    const driver = await aDriver(ctx.database, { balanceTyiyn: 50_000, idTags: ['RS-CARD', 'RS-APP'] });
    await statusOf(client, 1, 'Preparing');
    const [plugged] = await charges(station.id);
    expect(plugged).toMatchObject({ status: 'initiated', driver: null });
    expect((await charge(plugged!.id)).source).toBe('card');
    client.handle('RemoteStartTransaction', async () => ({ status: 'Accepted' }));

    // Two usable tags: the manager names one.
    expect(await start(station.id, { connector_id: 1, driver_id: driver.id })).toEqual({
      status: 400,
      body: { id_tag: ['The driver has several id tags: choose one'] },
    });
    const { body } = await start(station.id, { connector_id: 1, driver_id: driver.id, id_tag: 'rs-app' });
    expect(body).toMatchObject({ success: true, charge_id: plugged!.id });
    expect(await charge(plugged!.id)).toMatchObject({
      status: 'initiated',
      id_tag: 'RS-APP',
      driver: { id: driver.id },
      source: 'back_office',
    });

    const started = (await client.call('StartTransaction', {
      connectorId: 1,
      idTag: 'RS-APP',
      meterStart: 0,
      timestamp: new Date().toISOString(),
    })) as { transactionId: number };
    expect(started.transactionId).toBe(plugged!.id);
    expect(await charge(plugged!.id)).toMatchObject({ status: 'in_progress', source: 'back_office' });
  });

  it('cancels the charge when the station rejects the start, and says so in the manager’s language', async () => {
    const { station, client } = await connectedStation();
    const driver = await aDriver(ctx.database, { balanceTyiyn: 50_000, idTags: ['RS-REJECT'] });
    client.handle('RemoteStartTransaction', async () => ({ status: 'Rejected' }));

    const { body } = await start(station.id, { connector_id: 1, id_tag: 'RS-REJECT' }, 'ru');
    expect(body).toMatchObject({
      success: false,
      outcome: 'rejected',
      outcome_name: 'Отклонено станцией',
      status: 'Rejected',
    });
    expect(await charge(body.charge_id!)).toMatchObject({
      status: 'canceled',
      result: 'failed',
      source: 'back_office',
      driver: { id: driver.id },
    });
    expect((await audit(station.id)).items[0]).toMatchObject({ action: 'RemoteStartTransaction', outcome: 'rejected' });
  });

  it('is a failure for an offline station, recorded as such, with no charge', async () => {
    const station = await aConnectableStation(ctx);
    const driver = await aDriver(ctx.database, { balanceTyiyn: 50_000, idTags: ['RS-OFFLINE'] });
    const { body } = await start(station.id, { connector_id: 1, driver_id: driver.id });
    expect(body).toMatchObject({
      success: false,
      outcome: 'offline',
      outcome_name: 'The station is offline',
      charge_id: null,
    });
    expect(await charges(station.id)).toEqual([]);
    expect((await audit(station.id)).items).toEqual([
      expect.objectContaining({ action: 'RemoteStartTransaction', outcome: 'offline' }),
    ]);
  });

  it('refuses a driver Authorize would refuse, before sending anything', async () => {
    const { station, client } = await connectedStation();
    const sent: unknown[] = [];
    client.handle('RemoteStartTransaction', async ({ params }) => {
      sent.push(params);
      return { status: 'Accepted' };
    });
    const blocked = await aDriver(ctx.database, { balanceTyiyn: 50_000, idTags: ['RS-BLOCKED'], blocked: true });
    const poor = await aDriver(ctx.database, { balanceTyiyn: 0, idTags: ['RS-POOR'] });
    const tagless = await aDriver(ctx.database, { balanceTyiyn: 50_000 });

    expect(await start(station.id, { connector_id: 1, driver_id: blocked.id })).toEqual({
      status: 409,
      body: { detail: 'The driver or the id tag is blocked' },
    });
    expect(await start(station.id, { connector_id: 1, id_tag: 'RS-POOR' }, 'ru')).toEqual({
      status: 409,
      body: { detail: 'Баланса пользователя недостаточно для запуска зарядки. Сначала пополните баланс.' },
    });
    expect((await start(station.id, { connector_id: 1, driver_id: poor.id })).status).toBe(409);
    expect((await start(station.id, { connector_id: 1, driver_id: tagless.id })).body).toEqual({
      detail: "The driver has no id tag to start a charge with. Add one on the driver's page.",
    });
    expect(await start(station.id, { connector_id: 1, driver_id: poor.id, id_tag: 'RS-BLOCKED' })).toEqual({
      status: 400,
      body: { id_tag: ["This id tag is not the driver's"] },
    });
    expect(await start(station.id, { connector_id: 1, id_tag: 'NOBODYS' })).toEqual({
      status: 400,
      body: { id_tag: ['No driver holds this id tag'] },
    });
    expect(await start(station.id, { connector_id: 1, driver_id: 99_999_999 })).toEqual({
      status: 400,
      body: { driver_id: ['The driver was not found'] },
    });
    expect(await start(station.id, { connector_id: 1 })).toEqual({
      status: 400,
      body: { driver_id: ['Choose the driver or the id tag to start the charge for'] },
    });

    expect(sent).toEqual([]);
    expect((await audit(station.id)).total).toBe(0);
    expect(await charges(station.id)).toEqual([]);
  });

  it('refuses a connector that is charging, cannot start or is not the station’s, and an unknown station', async () => {
    const { station, client } = await connectedStation();
    const driver = await aDriver(ctx.database, { balanceTyiyn: 50_000, idTags: ['RS-BUSY'] });
    const running = await aCharge(ctx.database, { station: { id: station.id, ocppConnectorId: 1 }, stop: false });
    await statusOf(client, 2, 'Faulted');

    expect(await start(station.id, { connector_id: 1, driver_id: driver.id })).toEqual({
      status: 409,
      body: { detail: `Connector 1 is already in use by charge No. ${running.id}` },
    });
    expect(await start(station.id, { connector_id: 2, driver_id: driver.id }, 'ru')).toEqual({
      status: 409,
      body: { detail: 'Коннектор 2 сейчас не может начать зарядку: Неисправность' },
    });
    expect(await start(station.id, { connector_id: 3, driver_id: driver.id })).toEqual({
      status: 400,
      body: { connector_id: ['Select a valid choice'] },
    });
    expect(await start(station.id, { driver_id: driver.id })).toEqual({
      status: 400,
      body: { connector_id: ['Field cannot be blank'] },
    });
    expect((await start(99_999_999, { connector_id: 1, driver_id: driver.id })).status).toBe(404);
    expect((await audit(station.id)).total).toBe(0);
  });
});

describe('a remote start the station does not answer', { timeout: 60_000 }, () => {
  const { ctx, start, charge, audit, connectedStation } = useRemoteStartApp({ OCPP_COMMAND_TIMEOUT: '1' });

  it('times out: a failure, recorded as timeout, and the charge canceled', async () => {
    const { station, client } = await connectedStation();
    const driver = await aDriver(ctx.database, { balanceTyiyn: 50_000, idTags: ['RS-SILENT'] });
    client.handle('RemoteStartTransaction', () => new Promise<never>(() => undefined));
    const { body } = await start(station.id, { connector_id: 1, driver_id: driver.id });
    expect(body).toMatchObject({
      success: false,
      outcome: 'timeout',
      outcome_name: 'The station did not answer in time',
      status: null,
    });
    expect(await charge(body.charge_id!)).toMatchObject({ status: 'canceled', result: 'failed' });
    expect((await audit(station.id)).items[0]).toMatchObject({ action: 'RemoteStartTransaction', outcome: 'timeout' });
  });
});

describe('an accepted remote start the driver never plugs in for', { timeout: 60_000 }, () => {
  const { ctx, start, charge, connectedStation } = useRemoteStartApp({ OCPP_START_TIMEOUT: '120' });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is canceled once OCPP_START_TIMEOUT has passed without its StartTransaction; a charge started in time runs on', async () => {
    const { station, client } = await connectedStation();
    const driver = await aDriver(ctx.database, { balanceTyiyn: 50_000, idTags: ['RS-NEVER', 'RS-SOON'] });
    client.handle('RemoteStartTransaction', async () => ({ status: 'Accepted' }));
    const never = (await start(station.id, { connector_id: 1, driver_id: driver.id, id_tag: 'RS-NEVER' })).body
      .charge_id!;
    const soon = (await start(station.id, { connector_id: 2, driver_id: driver.id, id_tag: 'RS-SOON' })).body
      .charge_id!;
    await client.call('StartTransaction', {
      connectorId: 2,
      idTag: 'RS-SOON',
      meterStart: 0,
      timestamp: new Date().toISOString(),
    });
    // The station says nothing more about connector 1 (a Preparing-then-Available would cancel it at once).
    const initiatedAt = Date.now();

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(initiatedAt + 110_000);
    await ctx.app.ocpp.sweepOfflineCharges();
    expect(await charge(never)).toMatchObject({ status: 'initiated' });

    vi.setSystemTime(initiatedAt + 130_000);
    expect(await ctx.app.ocpp.sweepOfflineCharges()).toBeGreaterThanOrEqual(1);
    expect(await charge(never)).toMatchObject({ status: 'canceled', result: 'failed', source: 'back_office' });
    expect(await charge(soon)).toMatchObject({ status: 'in_progress' });
  });
});
