import type { Station } from '@evcms/contracts/stations';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { aManager } from '../../server/src/test/builders/accounts.ts';
import { aConnectableStation, listenForChargePoints, STATION_PASSWORD } from '../../server/src/test/charge-points.ts';
import { bearer, signIn, useTestApp } from '../../server/src/test/test-app.ts';
import { ChargePoint } from './charge-point.ts';
import { serverSide } from './test/server-connections.ts';

/*
 * One simulated charge point against the real server in this process: it boots, goes online on its
 * card, and answers the commands the central system sends over its connection.
 */

const ctx = useTestApp({ OCPP_HEARTBEAT_INTERVAL: '120' });
let endpoint: string;
let auth: Record<string, string>;
const server = serverSide(ctx, () => auth);
const chargePoints: ChargePoint[] = [];

beforeAll(async () => {
  endpoint = await listenForChargePoints(ctx);
  const manager = await aManager(ctx.database);
  auth = bearer((await signIn(ctx.app, manager.email, manager.password)).access);
});
afterEach(async () => {
  await Promise.all(chargePoints.splice(0).map((chargePoint) => chargePoint.stop()));
});

async function card(id: number): Promise<Station> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/stations/${id}/`,
    headers: { ...auth, 'accept-language': 'en' },
  });
  expect(response.statusCode).toBe(200);
  return response.json<Station>();
}

/** A station of the server, and a simulated charge point for it, booted and shown online. */
async function online() {
  const station = await aConnectableStation(ctx);
  const chargePoint = new ChargePoint({
    endpoint,
    identity: station.identity,
    password: STATION_PASSWORD,
    rebootSeconds: 0,
  });
  chargePoints.push(chargePoint);
  await chargePoint.start();
  await vi.waitFor(async () => {
    const shown = await card(station.id);
    expect(shown.online).toBe(true);
    expect(shown.connectors.map((connector) => connector.ocpp_status?.status)).toEqual(['Available', 'Available']);
  });
  return { station, chargePoint };
}

describe('a simulated charge point on the real server', () => {
  it('boots, reports its connectors Available, shows online on its card and takes the heartbeat interval it is given', async () => {
    const { station, chargePoint } = await online();

    const shown = await card(station.id);
    expect(shown.boot).toMatchObject({ vendor: 'EVCMS', model: 'Simulator', firmware_version: '1.0.0' });
    expect(shown.ocpp_status?.status).toBe('Available');
    expect(chargePoint.configuration.read(['HeartbeatInterval']).configurationKey).toEqual([
      { key: 'HeartbeatInterval', readonly: false, value: '120' },
    ]);
    expect(await server.received(station.id)).toEqual([
      'BootNotification',
      'StatusNotification',
      'StatusNotification',
      'StatusNotification',
    ]);
  });

  it('answers GetConfiguration with its keys', async () => {
    const { station } = await online();

    expect(
      await server.call(station, 'GetConfiguration', {
        key: ['HeartbeatInterval', 'MeterValueSampleInterval', 'Unknown'],
      }),
    ).toEqual({
      configurationKey: [
        { key: 'HeartbeatInterval', readonly: false, value: '120' },
        { key: 'MeterValueSampleInterval', readonly: false, value: '10' },
      ],
      unknownKey: ['Unknown'],
    });
  });

  it('answers TriggerMessage Accepted and sends the message asked for, which the server takes', async () => {
    const { station, chargePoint } = await online();
    const before = (await server.received(station.id)).length;

    expect(await server.call(station, 'TriggerMessage', { requestedMessage: 'Heartbeat' })).toEqual({
      status: 'Accepted',
    });
    expect(
      await server.call(station, 'TriggerMessage', { requestedMessage: 'StatusNotification', connectorId: 2 }),
    ).toEqual({ status: 'Accepted' });
    expect(await server.call(station, 'TriggerMessage', { requestedMessage: 'MeterValues', connectorId: 1 })).toEqual({
      status: 'Accepted',
    });
    expect(await server.call(station, 'TriggerMessage', { requestedMessage: 'Heartbeat', connectorId: 5 })).toEqual({
      status: 'Rejected',
    });

    await vi.waitFor(async () =>
      expect((await server.received(station.id)).slice(before)).toEqual([
        'Heartbeat',
        'StatusNotification',
        'MeterValues',
      ]),
    );
    expect(chargePoint.stats.errors).toBe(0);
  });

  it('answers Reset Accepted, closes its connection, then connects and boots again', async () => {
    const { station, chargePoint } = await online();
    const firstBoot = (await card(station.id)).boot!.booted_at;

    expect(await server.call(station, 'Reset', { type: 'Soft' })).toEqual({ status: 'Accepted' });
    await vi.waitFor(async () => {
      const shown = await card(station.id);
      expect(shown.online).toBe(true);
      expect(Date.parse(shown.boot!.booted_at)).toBeGreaterThan(Date.parse(firstBoot));
    });
    expect((await server.received(station.id)).filter((action) => action === 'BootNotification')).toHaveLength(2);
    // The charge point counts its boot when the answer reaches it, just after the server has stored it.
    await vi.waitFor(() => expect(chargePoint.stats).toMatchObject({ connected: 1, booted: 1, errors: 0 }));
  });
});
