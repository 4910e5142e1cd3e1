import type { Station } from '@evcms/contracts/stations';
import { describe, expect, it, vi } from 'vitest';
import { findStatusHistory } from '../modules/stations/station-ocpp.service.ts';
import { aConnectableStation, useChargePointApp, type ChargePointOptions } from '../test/charge-points.ts';
import { createPresence } from './presence.ts';

/* BootNotification, Heartbeat and StatusNotification from real charge points, and what the station's card shows of them. */

const ctx = useChargePointApp({ OCPP_HEARTBEAT_INTERVAL: '120' });

async function connectedStation(options?: ChargePointOptions) {
  const station = await aConnectableStation(ctx);
  const client = await ctx.connect(station.identity, options);
  // The connection's state is written just after the socket opens: wait for it, so no call of the test races it.
  await vi.waitFor(async () => expect((await card(station.id)).online).toBe(true));
  return { station, client };
}

async function card(id: number, lang = 'en'): Promise<Station> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/stations/${id}/`,
    headers: { ...ctx.auth, 'accept-language': lang },
  });
  expect(response.statusCode).toBe(200);
  return response.json<Station>();
}

const isRecent = (iso: string, since: number) => Date.parse(iso) >= since - 1 && Date.parse(iso) <= Date.now();

describe('BootNotification', () => {
  it('keeps what the station says about itself and accepts it with the configured heartbeat interval', async () => {
    const { station, client } = await connectedStation();
    const before = Date.now();
    const answer = (await client.call('BootNotification', {
      chargePointVendor: 'Alfen',
      chargePointModel: 'Eve Double',
      chargePointSerialNumber: 'ACE0012345',
      firmwareVersion: '6.4.0-4203',
      meterType: 'Inepro PRO380',
    })) as { status: string; interval: number; currentTime: string };

    expect(answer.status).toBe('Accepted');
    expect(answer.interval).toBe(120);
    expect(isRecent(answer.currentTime, before)).toBe(true);
    const { boot, online } = await card(station.id);
    expect(online).toBe(true);
    expect(boot).toMatchObject({
      vendor: 'Alfen',
      model: 'Eve Double',
      charge_point_serial_number: 'ACE0012345',
      charge_box_serial_number: null,
      firmware_version: '6.4.0-4203',
      meter_type: 'Inepro PRO380',
      meter_serial_number: null,
    });
    expect(isRecent(boot!.booted_at, before)).toBe(true);

    // A reboot with a new firmware replaces what the last boot said.
    await client.call('BootNotification', {
      chargePointVendor: 'Alfen',
      chargePointModel: 'Eve Double',
      firmwareVersion: '6.5.0',
    });
    expect((await card(station.id)).boot).toMatchObject({
      firmware_version: '6.5.0',
      charge_point_serial_number: null,
    });
  });
});

describe('Heartbeat', () => {
  it('answers the current time and moves the station last seen', async () => {
    const { station, client } = await connectedStation();
    // A minute after the connection, so the heartbeat's last seen cannot be the connection's.
    const later = new Date(Date.now() + 60_000);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(later);
      const answer = (await client.call('Heartbeat', {})) as { currentTime: string };
      expect(Date.parse(answer.currentTime)).toBeGreaterThanOrEqual(later.getTime());
      expect(Date.parse((await card(station.id)).last_seen_at!)).toBeGreaterThanOrEqual(later.getTime());
    } finally {
      vi.useRealTimers();
    }
  });

  it('signs of life between heartbeats reach last seen in one batched write', async () => {
    const { station } = await connectedStation();
    const presence = createPresence(ctx.database.db, ctx.app.log, 60_000);
    const later = new Date(Date.now() + 60_000);
    presence.seen(station.id, later);
    await presence.close();
    expect((await card(station.id)).last_seen_at).toBe(later.toISOString());
  });

  it('heartbeats arriving together are written together, each before its answer', async () => {
    const [first, second] = [(await connectedStation()).station, (await connectedStation()).station];
    const presence = createPresence(ctx.database.db, ctx.app.log, 60_000);
    const [at1, at2, at3] = [1, 2, 3].map((minutes) => new Date(Date.now() + minutes * 60_000));
    const written = presence.seenNow(first.id, at1);
    // The second joins the first's write, not yet started.
    expect(presence.seenNow(second.id, at2)).toBe(written);
    await written;
    expect((await card(first.id)).last_seen_at).toBe(at1!.toISOString());
    expect((await card(second.id)).last_seen_at).toBe(at2!.toISOString());
    // Once done, the next one is a write of its own.
    const again = presence.seenNow(first.id, at3);
    expect(again).not.toBe(written);
    await again;
    expect((await card(first.id)).last_seen_at).toBe(at3!.toISOString());
    await presence.close();
  });

  it("a heartbeat's write leaves the other stations' signs of life to the timed flush", async () => {
    const [beating, talking] = [(await connectedStation()).station, (await connectedStation()).station];
    const presence = createPresence(ctx.database.db, ctx.app.log, 60_000);
    const [at1, at2] = [1, 2].map((minutes) => new Date(Date.now() + minutes * 60_000));
    const before = (await card(talking.id)).last_seen_at;
    presence.seen(talking.id, at1);
    await presence.seenNow(beating.id, at2);
    expect((await card(beating.id)).last_seen_at).toBe(at2!.toISOString());
    expect((await card(talking.id)).last_seen_at).toBe(before);
    await presence.flush();
    expect((await card(talking.id)).last_seen_at).toBe(at1!.toISOString());
    await presence.close();
  });
});

describe('StatusNotification', () => {
  it('keeps each connector current and every report in the history, unexpected transitions and unknown connectors too', async () => {
    const { station, client } = await connectedStation();
    const report = (connectorId: number, status: string, extra: object = {}) =>
      client.call('StatusNotification', { connectorId, status, errorCode: 'NoError', ...extra });
    await report(0, 'Available');
    await report(1, 'Available', { timestamp: '2026-03-01T10:00:00Z' });
    await report(1, 'Finishing', { timestamp: '2026-03-01T10:05:00Z' }); // never Charging: recorded as reported
    await report(2, 'Faulted', {
      errorCode: 'GroundFailure',
      info: 'RCD tripped',
      vendorId: 'Alfen',
      vendorErrorCode: 'E42',
    });
    await report(7, 'Available'); // the station has no connector 7
    // Stamped before the status held (queued while offline): history only.
    await report(1, 'Charging', { timestamp: '2026-03-01T10:01:00Z' });

    const shown = await card(station.id, 'ru');
    expect(shown.ocpp_status).toMatchObject({ status: 'Available', status_name: 'Свободен', error_code: 'NoError' });
    expect(shown.connectors.map((connector) => [connector.ocpp_16_id, connector.ocpp_status])).toEqual([
      [1, expect.objectContaining({ status: 'Finishing', timestamp: '2026-03-01T10:05:00.000Z' })],
      [
        2,
        expect.objectContaining({
          status: 'Faulted',
          error_code: 'GroundFailure',
          info: 'RCD tripped',
          vendor_id: 'Alfen',
          vendor_error_code: 'E42',
          timestamp: null,
        }),
      ],
    ]);
    const history = await findStatusHistory(ctx.database.db, station.id);
    expect(history.map((row) => `${row.connectorId}:${row.status}`)).toEqual([
      '0:Available',
      '1:Available',
      '1:Finishing',
      '2:Faulted',
      '7:Available',
      '1:Charging',
    ]);
  });

  it('reads a timestamp without a zone as UTC', async () => {
    const { station, client } = await connectedStation();
    await client.call('StatusNotification', {
      connectorId: 1,
      status: 'Preparing',
      errorCode: 'NoError',
      timestamp: '2026-03-01T10:00:00',
    });
    expect((await card(station.id)).connectors[0]!.ocpp_status?.timestamp).toBe('2026-03-01T10:00:00.000Z');
  });
});

describe('a frame that breaks the schema', () => {
  it('gets a CALLERROR, changes nothing, and the connection carries on', async () => {
    const { station, client } = await connectedStation({ strictMode: false });
    await expect(client.call('StatusNotification', { connectorId: 1, errorCode: 'NoError' })).rejects.toMatchObject({
      rpcErrorCode: 'OccurenceConstraintViolation',
    });
    await expect(
      client.call('StatusNotification', { connectorId: 1, status: 'Resting', errorCode: 'NoError' }),
    ).rejects.toMatchObject({
      rpcErrorCode: 'PropertyConstraintViolation',
    });
    await expect(
      client.call('BootNotification', { chargePointVendor: 'Alfen', chargePointModel: 'Eve', colour: 'red' }),
    ).rejects.toMatchObject({
      rpcErrorCode: 'FormationViolation',
    });
    await expect(
      client.call('StatusNotification', { connectorId: -1, status: 'Available', errorCode: 'NoError' }),
    ).rejects.toMatchObject({
      rpcErrorCode: 'PropertyConstraintViolation',
    });
    await expect(client.call('Teleport', {})).rejects.toMatchObject({ rpcErrorCode: 'NotImplemented' });

    await expect(client.call('Heartbeat', {})).resolves.toHaveProperty('currentTime');
    expect(await findStatusHistory(ctx.database.db, station.id)).toEqual([]);
    expect((await card(station.id)).boot).toBeNull();
  });
});

describe('a text the database cannot store', () => {
  it('is refused naming the field, a surrogate alone as NUL is; a pair is a character like any other', async () => {
    const { station, client } = await connectedStation({ strictMode: false });
    await expect(
      client.call('BootNotification', { chargePointVendor: 'Alfen', chargePointModel: 'Eve\ud800' }),
    ).rejects.toMatchObject({
      rpcErrorCode: 'PropertyConstraintViolation',
      message: 'chargePointModel may not contain an unpaired surrogate (U+D800-U+DFFF)',
    });
    await expect(
      client.call('StatusNotification', {
        connectorId: 1,
        status: 'Faulted',
        errorCode: 'OtherError',
        info: '\udc00 hot',
      }),
    ).rejects.toMatchObject({
      rpcErrorCode: 'PropertyConstraintViolation',
      message: 'info may not contain an unpaired surrogate (U+D800-U+DFFF)',
    });
    expect((await card(station.id)).boot).toBeNull();
    expect(await findStatusHistory(ctx.database.db, station.id)).toEqual([]);

    await client.call('BootNotification', { chargePointVendor: 'Alfen', chargePointModel: 'Eve \ud83d\udd0c' });
    expect((await card(station.id)).boot).toMatchObject({ model: 'Eve \ud83d\udd0c' });
  });
});
