import type {
  CommandAnswer,
  ConfigurationAnswer,
  OcppCommandEntry,
  StationCommandAnswer,
} from '@evcms/contracts/ocpp-commands';
import type { ChargeDetail } from '@evcms/contracts/charges';
import type { Paged } from '@evcms/contracts/common';
import type { Station } from '@evcms/contracts/stations';
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { aManager } from '../test/builders/accounts.ts';
import { aCharge, aChargePoint } from '../test/builders/charges.ts';
import {
  aConnectableStation,
  connectChargePoint,
  giveStationPassword,
  listenForChargePoints,
} from '../test/charge-points.ts';
import { bearer, createTestApp, signIn, type TestContext } from '../test/test-app.ts';

/*
 * Commands from the back office to real charge points over WebSockets: the specification's reset
 * and charge stop, the station card's commands, their time-out and their audit.
 */

const WAIT = { timeout: 20_000 };

/** An app listening for charge points, with a signed-in manager. */
function useCommandsApp(env: NodeJS.ProcessEnv = {}) {
  const app = {
    ctx: {} as TestContext,
    endpoint: '',
    auth: {} as Record<string, string>,
    managerId: 0,
    managerName: '',
  };
  const clients: RPCClient[] = [];
  beforeAll(async () => {
    app.ctx = await createTestApp(env);
    app.endpoint = await listenForChargePoints(app.ctx);
    const manager = await aManager(app.ctx.database, { name: 'Aizada Bekova' });
    Object.assign(app, { managerId: manager.id, managerName: manager.name });
    app.auth = bearer((await signIn(app.ctx.app, manager.email, manager.password)).access);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close({ force: true })));
  });
  afterAll(() => app.ctx.close?.());

  const inject = async <T>(method: 'GET' | 'POST', url: string, payload?: object, lang = 'en') => {
    const response = await app.ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      payload,
      headers: { ...app.auth, 'accept-language': lang },
    });
    return { status: response.statusCode, body: response.json<T>() };
  };
  const card = async (id: number) => (await inject<Station>('GET', `/stations/${id}/`)).body;
  /** A charge point connected for `station`, once the station shows online. */
  const connect = async (station: { id: number; identity: string }) => {
    const client = await connectChargePoint(app.endpoint, station.identity);
    clients.push(client);
    await vi.waitFor(async () => expect((await card(station.id)).online).toBe(true), WAIT);
    return client;
  };
  const connectedStation = async () => {
    const station = await aConnectableStation(app.ctx);
    return { station, client: await connect(station) };
  };
  const audit = async (stationId: number) =>
    (await inject<Paged<OcppCommandEntry>>('GET', `/stations/${stationId}/ocpp/commands/`)).body;
  return { app, inject, connect, connectedStation, audit };
}

describe('commands', { timeout: 60_000 }, () => {
  const { app, inject, connect, connectedStation, audit } = useCommandsApp();
  const reset = (identity: string, payload: object = { reset_type: 'Soft' }, lang = 'en') =>
    inject<CommandAnswer>('POST', `/stations/reset/${encodeURIComponent(identity)}/`, payload, lang);
  const stop = (payload: object) => inject<CommandAnswer>('POST', '/users/transactions/stop/', payload);
  const charge = async (id: number) => (await inject<ChargeDetail>('GET', `/users/transactions/${id}/`)).body;

  /** A connectable station whose one connector is priced, so a charge can run on it. */
  async function aPricedStation() {
    const station = await aChargePoint(app.ctx.database);
    await giveStationPassword(app.ctx, station.id);
    return station;
  }

  describe('station reset (spec 7)', () => {
    it('sends Reset of the type asked, answers success once the station accepts, and records who asked', async () => {
      const { station, client } = await connectedStation();
      const received: unknown[] = [];
      client.handle('Reset', async ({ params }) => {
        received.push(params);
        return { status: 'Accepted' };
      });

      const before = Date.now();
      expect(await reset(station.identity, { reset_type: 'Hard' })).toEqual({
        status: 200,
        body: { success: true, outcome: 'accepted', outcome_name: 'Accepted by the station' },
      });
      expect(received).toEqual([{ type: 'Hard' }]);

      const [entry] = (await audit(station.id)).items;
      expect(entry).toMatchObject({
        action: 'Reset',
        params: { type: 'Hard' },
        outcome: 'accepted',
        response: { status: 'Accepted' },
        manager_id: app.managerId,
        manager_name: 'Aizada Bekova',
      });
      expect(Date.parse(entry!.requested_at)).toBeGreaterThanOrEqual(before - 1);
      expect(Date.parse(entry!.finished_at!)).toBeGreaterThanOrEqual(Date.parse(entry!.requested_at));
    });

    it('is a failure when the station rejects it', async () => {
      const { station, client } = await connectedStation();
      client.handle('Reset', async () => ({ status: 'Rejected' }));
      const { body } = await reset(station.identity, { reset_type: 'Soft' }, 'ru');
      expect(body).toEqual({ success: false, outcome: 'rejected', outcome_name: 'Отклонено станцией' });
      expect((await audit(station.id)).items[0]).toMatchObject({
        outcome: 'rejected',
        response: { status: 'Rejected' },
      });
    });

    it('is a failure for an offline station, recorded as such', async () => {
      const station = await aConnectableStation(app.ctx);
      expect((await reset(station.identity)).body).toMatchObject({ success: false, outcome: 'offline' });
      expect((await audit(station.id)).items).toEqual([
        expect.objectContaining({
          action: 'Reset',
          outcome: 'offline',
          response: null,
          finished_at: expect.any(String) as string,
        }),
      ]);
    });

    it('is a failure for an identity no station has, and records nothing', async () => {
      expect(await reset('NO-SUCH-STATION')).toEqual({
        status: 200,
        body: { success: false, outcome: 'unknown_station', outcome_name: 'The station was not found' },
      });
    });

    it('refuses a reset type OCPP does not have, naming the field', async () => {
      const station = await aConnectableStation(app.ctx);
      const { status, body } = await reset(station.identity, { reset_type: 'Medium' });
      expect(status).toBe(400);
      expect(body).toEqual({ reset_type: ['Select a valid choice'] });
      expect((await reset(station.identity, {}, 'ru')).body).toEqual({ reset_type: ['Поле не может быть пустым'] });
      expect((await audit(station.id)).total).toBe(0);
    });

    it('records a CALLERROR as an error with its code', async () => {
      // A charge point without a Reset handler answers NotImplemented.
      const { station } = await connectedStation();
      expect((await reset(station.identity)).body).toMatchObject({ success: false, outcome: 'error' });
      expect((await audit(station.id)).items[0]).toMatchObject({
        outcome: 'error',
        response: { code: 'NotImplemented' },
      });
    });

    it('is a failure, recorded as offline, when the station drops the connection instead of answering', async () => {
      const { station, client } = await connectedStation();
      client.handle('Reset', async () => {
        await client.close({ code: 1000 });
        return new Promise<never>(() => undefined);
      });
      expect((await reset(station.identity)).body).toMatchObject({ success: false, outcome: 'offline' });
      expect((await audit(station.id)).items[0]).toMatchObject({
        outcome: 'offline',
        response: { disconnected: true },
      });
    });
  });

  describe('charge stop (spec 7)', () => {
    async function runningCharge() {
      const station = await aPricedStation();
      // Started an hour ago: the stops below end it with a register the connector's power can have reached.
      const row = await aCharge(app.ctx.database, {
        station,
        stop: false,
        meterStartWh: 0,
        startedAt: new Date(Date.now() - 3_600_000),
      });
      expect(row.status).toBe('in_progress');
      return { station, chargeId: row.id };
    }

    it('sends RemoteStopTransaction for the charge; the stop the station then sends ends it as stopped by the back office', async () => {
      const { station, chargeId } = await runningCharge();
      const client = await connect(station);
      const received: unknown[] = [];
      client.handle('RemoteStopTransaction', async ({ params }) => {
        received.push(params);
        // As charge points do: the stop follows the confirmation at once.
        setImmediate(() => {
          void client.call('StopTransaction', {
            transactionId: chargeId,
            meterStop: 9_999,
            timestamp: new Date().toISOString(),
            reason: 'Remote',
          });
        });
        return { status: 'Accepted' };
      });

      expect((await stop({ transaction_id: chargeId })).body).toEqual({
        success: true,
        outcome: 'accepted',
        outcome_name: 'Accepted by the station',
      });
      expect(received).toEqual([{ transactionId: chargeId }]);
      expect((await charge(chargeId)).stop_requested_at).not.toBeNull();
      await vi.waitFor(async () => expect((await charge(chargeId)).status).toBe('stopped'), WAIT);
      expect((await audit(station.id)).items[0]).toMatchObject({
        action: 'RemoteStopTransaction',
        params: { transactionId: chargeId },
        outcome: 'accepted',
        manager_name: 'Aizada Bekova',
      });
    });

    it('is a failure when the station rejects it, and the charge carries on', async () => {
      const { station, chargeId } = await runningCharge();
      const client = await connect(station);
      let asked = 0;
      client.handle('RemoteStopTransaction', async () => {
        asked += 1;
        return { status: 'Rejected' };
      });
      expect((await stop({ transaction_id: chargeId })).body).toMatchObject({ success: false, outcome: 'rejected' });
      expect((await charge(chargeId)).status).toBe('in_progress');
      expect((await audit(station.id)).items[0]).toMatchObject({
        action: 'RemoteStopTransaction',
        outcome: 'rejected',
      });
      // The manager may ask again: that stop is over.
      expect((await stop({ transaction_id: chargeId })).body).toMatchObject({ success: false, outcome: 'rejected' });
      expect(asked).toBe(2);
      expect((await audit(station.id)).total).toBe(2);
    });

    it('is a failure when the charge’s station is offline', async () => {
      const { station, chargeId } = await runningCharge();
      expect((await stop({ transaction_id: chargeId })).body).toMatchObject({ success: false, outcome: 'offline' });
      expect((await audit(station.id)).items[0]).toMatchObject({ action: 'RemoteStopTransaction', outcome: 'offline' });
    });

    it('is a failure for a charge that is over or unknown, without sending anything', async () => {
      const station = await aPricedStation();
      const finished = await aCharge(app.ctx.database, { station });
      expect((await stop({ transaction_id: finished.id })).body).toEqual({
        success: false,
        outcome: 'charge_not_running',
        outcome_name: 'The charge is not in progress',
      });
      expect((await stop({ transaction_id: 99_999_999 })).body).toMatchObject({
        success: false,
        outcome: 'unknown_charge',
      });
      expect((await audit(station.id)).total).toBe(0);
    });

    it('asked 100 times at once of an online station, sends one RemoteStopTransaction: the others are told a stop is under way; the charge is debited once', async () => {
      const { station, chargeId } = await runningCharge();
      const { driverId } = await charge(chargeId).then((detail) => ({ driverId: detail.driver!.id }));
      const client = await connect(station);
      let asked = 0;
      client.handle('RemoteStopTransaction', async () => {
        asked += 1;
        return { status: 'Accepted' };
      });

      const answers = await Promise.all(Array.from({ length: 100 }, () => stop({ transaction_id: chargeId })));
      expect(asked).toBe(1);
      const sent = answers.filter((answer) => answer.status === 200);
      expect(sent).toEqual([
        { status: 200, body: { success: true, outcome: 'accepted', outcome_name: 'Accepted by the station' } },
      ]);
      expect(answers.filter((answer) => answer.status !== 200)).toEqual(
        Array.from({ length: 99 }, () => ({
          status: 409,
          body: { detail: 'A stop of this charge is already under way' },
        })),
      );
      // Until the station's stop comes, a stop asked again is under way, in the asker's language.
      expect(await inject('POST', '/users/transactions/stop/', { transaction_id: chargeId }, 'ru')).toEqual({
        status: 409,
        body: { detail: 'Остановка этой зарядки уже выполняется' },
      });
      expect(await audit(station.id)).toMatchObject({
        total: 1,
        items: [{ action: 'RemoteStopTransaction', outcome: 'accepted' }],
      });

      await client.call('StopTransaction', {
        transactionId: chargeId,
        meterStop: 9_999,
        timestamp: new Date().toISOString(),
        reason: 'Remote',
      });
      expect(await charge(chargeId)).toMatchObject({ status: 'stopped', stop_reason: 'Remote' });
      const payments = (
        await inject<Paged<{ method: string; charge_id: number | null }>>('GET', `/users/payments/?user=${driverId}`)
      ).body.items;
      expect(payments.filter((entry) => entry.method === 'charge')).toEqual([
        expect.objectContaining({ charge_id: chargeId }),
      ]);
      expect((await stop({ transaction_id: chargeId })).body).toMatchObject({ outcome: 'charge_not_running' });
      expect(asked).toBe(1);
    });

    it('asked 100 times at once while the station is offline, is recorded once; once the station is back, a stop goes out', async () => {
      const { station, chargeId } = await runningCharge();
      const answers = await Promise.all(Array.from({ length: 100 }, () => stop({ transaction_id: chargeId })));
      for (const answer of answers) {
        expect([
          { status: 200, body: { success: false, outcome: 'offline', outcome_name: 'The station is offline' } },
          { status: 409, body: { detail: 'A stop of this charge is already under way' } },
        ]).toContainEqual(answer);
      }
      expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(1);
      expect(await audit(station.id)).toMatchObject({
        total: 1,
        items: [{ action: 'RemoteStopTransaction', outcome: 'offline' }],
      });
      // Asked again while it is still offline: the same answer, nothing more recorded.
      expect((await stop({ transaction_id: chargeId })).body).toMatchObject({ success: false, outcome: 'offline' });
      expect((await audit(station.id)).total).toBe(1);

      const client = await connect(station);
      client.handle('RemoteStopTransaction', async () => ({ status: 'Accepted' }));
      expect((await stop({ transaction_id: chargeId })).body).toMatchObject({ success: true, outcome: 'accepted' });
      expect((await audit(station.id)).items.map((entry) => entry.outcome)).toEqual(['accepted', 'offline']);
    });

    it('refuses a transaction id that is not a number, naming the field', async () => {
      const { status, body } = await stop({ transaction_id: 'abc' });
      expect(status).toBe(400);
      expect(body).toEqual({ transaction_id: ['Enter a whole number'] });
    });
  });

  describe('the station card’s commands', () => {
    const post = <T = StationCommandAnswer>(id: number, command: string, payload: object) =>
      inject<T>('POST', `/stations/${id}/ocpp/${command}/`, payload);

    it('unlocks a connector of the station and answers the station’s word', async () => {
      const { station, client } = await connectedStation();
      client.handle('UnlockConnector', async ({ params }) => ({
        status: (params as { connectorId: number }).connectorId === 2 ? 'Unlocked' : 'UnlockFailed',
      }));
      expect((await post(station.id, 'unlock-connector', { connector_id: 2 })).body).toMatchObject({
        success: true,
        outcome: 'accepted',
        status: 'Unlocked',
      });
      expect((await post(station.id, 'unlock-connector', { connector_id: 1 })).body).toMatchObject({
        success: false,
        outcome: 'rejected',
        status: 'UnlockFailed',
      });
      // The station has connectors 1 and 2 only.
      expect(await post(station.id, 'unlock-connector', { connector_id: 3 })).toEqual({
        status: 400,
        body: { connector_id: ['Select a valid choice'] },
      });
    });

    it('unlocking the connector of a running charge ends it as stopped by the back office, the reason UnlockCommand', async () => {
      const station = await aPricedStation();
      const row = await aCharge(app.ctx.database, {
        station,
        stop: false,
        meterStartWh: 1_000,
        startedAt: new Date(Date.now() - 3_600_000),
      });
      const client = await connect(station);
      client.handle('UnlockConnector', async () => {
        // OCPP 1.6: a transaction on the connector is ended first, its reason UnlockCommand.
        await client.call('StopTransaction', {
          transactionId: row.id,
          meterStop: 3_000,
          timestamp: new Date().toISOString(),
          reason: 'UnlockCommand',
        });
        return { status: 'Unlocked' };
      });
      expect((await post(station.id, 'unlock-connector', { connector_id: 1 })).body).toMatchObject({
        success: true,
        status: 'Unlocked',
      });
      expect((await inject<ChargeDetail>('GET', `/users/transactions/${row.id}/`)).body).toMatchObject({
        status: 'stopped',
        status_name: 'Stopped',
        stop_reason: 'UnlockCommand',
        result: 'successful',
        consumed: 2,
        total: 20,
      });
    });

    it('changes the availability of the station (connector 0) or of a connector; Scheduled counts as taken', async () => {
      const { station, client } = await connectedStation();
      const received: unknown[] = [];
      client.handle('ChangeAvailability', async ({ params }) => {
        received.push(params);
        return { status: 'Scheduled' };
      });
      expect(
        (await post(station.id, 'change-availability', { connector_id: 0, type: 'Inoperative' })).body,
      ).toMatchObject({
        success: true,
        status: 'Scheduled',
      });
      expect(received).toEqual([{ connectorId: 0, type: 'Inoperative' }]);
      expect((await post(station.id, 'change-availability', { connector_id: 1, type: 'Broken' })).body).toEqual({
        type: ['Select a valid choice'],
      });
    });

    it('triggers a message, for a connector or the station', async () => {
      const { station, client } = await connectedStation();
      const received: unknown[] = [];
      client.handle('TriggerMessage', async ({ params }) => {
        received.push(params);
        return {
          status:
            (params as { requestedMessage: string }).requestedMessage === 'Heartbeat' ? 'Accepted' : 'NotImplemented',
        };
      });
      expect((await post(station.id, 'trigger-message', { requested_message: 'Heartbeat' })).body).toMatchObject({
        success: true,
        status: 'Accepted',
      });
      expect(
        (await post(station.id, 'trigger-message', { requested_message: 'MeterValues', connector_id: 1 })).body,
      ).toMatchObject({
        success: false,
        outcome: 'rejected',
        status: 'NotImplemented',
      });
      expect(received).toEqual([
        { requestedMessage: 'Heartbeat' },
        { requestedMessage: 'MeterValues', connectorId: 1 },
      ]);
    });

    it('reads the configuration, all of it or the keys asked', async () => {
      const { station, client } = await connectedStation();
      const received: unknown[] = [];
      client.handle('GetConfiguration', async ({ params }) => {
        received.push(params);
        return {
          configurationKey: [
            { key: 'HeartbeatInterval', readonly: false, value: '300' },
            { key: 'NumberOfConnectors', readonly: true, value: '2' },
            { key: 'AuthorizationKey', readonly: false },
          ],
          unknownKey: ['Nope'],
        };
      });
      const { body } = await post<ConfigurationAnswer>(station.id, 'get-configuration', {});
      expect(body).toMatchObject({
        success: true,
        status: null,
        configuration: [
          { key: 'HeartbeatInterval', readonly: false, value: '300' },
          { key: 'NumberOfConnectors', readonly: true, value: '2' },
          { key: 'AuthorizationKey', readonly: false, value: null },
        ],
        unknown_keys: ['Nope'],
      });
      await post(station.id, 'get-configuration', { keys: ['HeartbeatInterval', 'Nope'] });
      expect(received).toEqual([{}, { key: ['HeartbeatInterval', 'Nope'] }]);
    });

    it('changes a configuration value; RebootRequired counts as taken', async () => {
      const { station, client } = await connectedStation();
      client.handle('ChangeConfiguration', async ({ params }) => ({
        status: (params as { key: string }).key === 'HeartbeatInterval' ? 'RebootRequired' : 'NotSupported',
      }));
      expect(
        (await post(station.id, 'change-configuration', { key: 'HeartbeatInterval', value: '120' })).body,
      ).toMatchObject({
        success: true,
        status: 'RebootRequired',
      });
      expect((await post(station.id, 'change-configuration', { key: 'Foo', value: '' })).body).toMatchObject({
        success: false,
        status: 'NotSupported',
      });
      expect((await post(station.id, 'change-configuration', { key: 'K'.repeat(51), value: 'x' })).body).toEqual({
        key: ['Ensure this field has no more than 50 characters'],
      });
    });

    it('records a station’s answer or CALLERROR holding a text the database cannot store as an error, and answers, never a 500', async () => {
      const { station, client } = await connectedStation();
      client.handle('GetConfiguration', async () => ({
        configurationKey: [{ key: 'Heart\ud800beat', readonly: false, value: '300' }],
      }));
      client.handle('ChangeConfiguration', async () => {
        throw Object.assign(new Error('no\u0000way'), { rpcErrorCode: 'NotSupported', details: { why: 'nul\u0000' } });
      });
      expect(await post(station.id, 'get-configuration', {})).toMatchObject({
        status: 200,
        body: { success: false, outcome: 'error' },
      });
      expect(await post(station.id, 'change-configuration', { key: 'HeartbeatInterval', value: '120' })).toMatchObject({
        status: 200,
        body: { success: false, outcome: 'error' },
      });
      expect((await audit(station.id)).items.map((entry) => entry.response)).toEqual([
        { code: 'NotSupported', description: 'description may not contain U+0000' },
        {
          code: 'PropertyConstraintViolation',
          description: 'configurationKey.0.key may not contain an unpaired surrogate (U+D800-U+DFFF)',
          details: { field: 'configurationKey.0.key' },
        },
      ]);
    });

    it('answers 404 for a station that does not exist', async () => {
      expect((await post(99_999_999, 'unlock-connector', { connector_id: 1 })).status).toBe(404);
      expect((await inject('GET', '/stations/99999999/ocpp/commands/')).status).toBe(404);
    });
  });

  describe('the audit', () => {
    it('lists a station’s commands newest first, paged, naming the manager', async () => {
      const { station, client } = await connectedStation();
      client.handle('Reset', async () => ({ status: 'Accepted' }));
      client.handle('TriggerMessage', async () => ({ status: 'Accepted' }));
      await reset(station.identity);
      await inject('POST', `/stations/${station.id}/ocpp/trigger-message/`, {
        requested_message: 'StatusNotification',
      });
      await reset(station.identity, { reset_type: 'Hard' });

      const page = (
        await inject<Paged<OcppCommandEntry>>('GET', `/stations/${station.id}/ocpp/commands/?size=2`, undefined, 'ru')
      ).body;
      expect(page).toMatchObject({ total: 3, pages: 2, size: 2 });
      expect(page.items.map((entry) => [entry.action, entry.params, entry.outcome_name, entry.manager_name])).toEqual([
        ['Reset', { type: 'Hard' }, 'Принято станцией', 'Aizada Bekova'],
        ['TriggerMessage', { requestedMessage: 'StatusNotification' }, 'Принято станцией', 'Aizada Bekova'],
      ]);
    });
  });
});

describe('a station that does not answer', { timeout: 60_000 }, () => {
  const { inject, connectedStation, audit } = useCommandsApp({ OCPP_COMMAND_TIMEOUT: '1' });

  it('times out after OCPP_COMMAND_TIMEOUT: a failure, recorded as timeout', async () => {
    const { station, client } = await connectedStation();
    client.handle('Reset', () => new Promise<never>(() => undefined));
    const started = Date.now();
    const { body } = await inject<CommandAnswer>('POST', `/stations/reset/${station.identity}/`, {
      reset_type: 'Soft',
    });
    expect(body).toEqual({ success: false, outcome: 'timeout', outcome_name: 'The station did not answer in time' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect((await audit(station.id)).items[0]).toMatchObject({
      outcome: 'timeout',
      response: null,
      finished_at: expect.any(String) as string,
    });
  });
});
