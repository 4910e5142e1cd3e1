import type { RPCClient } from 'ocpp-rpc';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { aManager } from '../test/builders.ts';
import { aConnectableStation, connectChargePoint, listenForChargePoints, STATION_PASSWORD } from '../test/charge-points.ts';
import { multipartForm } from '../test/multipart.ts';
import { bearer, createTestApp, signIn, type TestContext } from '../test/test-app.ts';

/* A connected charge point loses its socket when its station is deleted or given a new password or identity; other edits leave it. */

const ctx = {} as TestContext;
let endpoint: string;
let auth: Record<string, string>;
const clients: RPCClient[] = [];

beforeAll(async () => {
  Object.assign(ctx, await createTestApp());
  endpoint = await listenForChargePoints(ctx);
  const manager = await aManager(ctx.database);
  auth = bearer((await signIn(ctx.app, manager.email, manager.password)).access);
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close({ force: true })));
});
afterAll(() => ctx.close?.());

async function connected() {
  const station = await aConnectableStation(ctx);
  const client = await connectChargePoint(endpoint, station.identity);
  clients.push(client);
  const closed = new Promise<{ code: number }>((resolve) => client.once('close', resolve));
  return { station, client, closed };
}

async function patch(id: number, fields: Record<string, string>) {
  const form = await multipartForm(fields);
  const response = await ctx.app.inject({ method: 'PATCH', url: `/api/v1/stations/update/${id}/`, headers: { ...auth, ...form.headers }, payload: form.payload });
  expect(response.statusCode).toBe(200);
}

describe('a station’s link after its edits', () => {
  it('is kept through an edit of its name, and its own password sent again does close it', async () => {
    const { station, client, closed } = await connected();
    await patch(station.id, { name_en: 'Renamed', identity: station.identity });
    expect(await client.call('Heartbeat', {})).toHaveProperty('currentTime');
    await patch(station.id, { password: STATION_PASSWORD });
    expect((await closed).code).toBe(1008);
  });

  it('is closed when the station is deleted, and the charge point cannot come back', async () => {
    const { station, closed } = await connected();
    const response = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/stations/${station.id}/`, headers: auth });
    expect(response.statusCode).toBe(204);
    expect((await closed).code).toBe(1008);
    await expect(connectChargePoint(endpoint, station.identity)).rejects.toMatchObject({ code: 401 });
  });
});
