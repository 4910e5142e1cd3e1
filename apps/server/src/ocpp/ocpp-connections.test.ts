import { connect } from 'node:net';
import type { Station } from '@evcms/contracts/stations';
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { findStationOcpp, recordConnected, recordDisconnected } from '../modules/stations/station-ocpp.service.ts';
import { aManager } from '../test/builders/accounts.ts';
import { aConnectableStation, connectChargePoint, listenForChargePoints } from '../test/charge-points.ts';
import { bearer, createTestApp, signIn, type TestContext } from '../test/test-app.ts';

/* The OCPP central system over real WebSockets: who may connect, and what a connection does to the station's state. */

const ctx = {} as TestContext;
const logLines: string[] = [];
let endpoint: string;
let auth: Record<string, string>;
const clients: RPCClient[] = [];

beforeAll(async () => {
  Object.assign(
    ctx,
    await createTestApp({}, { logger: { level: 'info', stream: { write: (line: string) => logLines.push(line) } } }),
  );
  endpoint = await listenForChargePoints(ctx);
  const manager = await aManager(ctx.database);
  auth = bearer((await signIn(ctx.app, manager.email, manager.password)).access);
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close({ force: true })));
});
afterAll(() => ctx.close?.());

async function chargePoint(identity: string, options?: Parameters<typeof connectChargePoint>[2]) {
  const client = await connectChargePoint(endpoint, identity, options);
  clients.push(client);
  return client;
}

/** The HTTP status a refused connection got. */
async function refusal(identity: string, options?: Parameters<typeof connectChargePoint>[2]) {
  const error = await chargePoint(identity, options).then(
    () => undefined,
    (reason: { code?: number }) => reason,
  );
  return error?.code;
}

async function card(id: number): Promise<Station> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/stations/${id}/`, headers: auth });
  expect(response.statusCode).toBe(200);
  return response.json<Station>();
}

describe('connecting', () => {
  it('refuses an unknown identity, a wrong or missing password and a deleted station with 401, and logs it without the password', async () => {
    const station = await aConnectableStation(ctx);
    expect(await refusal('NO-SUCH-STATION')).toBe(401);
    expect(await refusal(station.identity, { password: 'WrongPassword12345' })).toBe(401);
    expect(await refusal(station.identity, { password: null })).toBe(401);

    const deleted = await aConnectableStation(ctx);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/v1/stations/${deleted.id}/`, headers: auth })).statusCode,
    ).toBe(204);
    expect(await refusal(deleted.identity)).toBe(401);

    const refusals = logLines.filter((line) => line.includes('OCPP connection refused'));
    expect(refusals.map((line) => JSON.parse(line).identity)).toEqual([
      'NO-SUCH-STATION',
      station.identity,
      station.identity,
      deleted.identity,
    ]);
    expect(logLines.join('\n')).not.toContain('WrongPassword12345');
    expect(await card(station.id)).toMatchObject({ online: false, last_seen_at: null, boot: null });
  });

  it('refuses an identity holding NUL as an unknown one (401), before the database is asked', async () => {
    const station = await aConnectableStation(ctx);
    const before = logLines.length;
    // The URL's `%00` and the Basic user alike (ocpp-rpc sends the identity as both).
    expect(await refusal(`${station.identity}\u0000`)).toBe(401);
    expect(await refusal('\u0000')).toBe(401);
    const logged = logLines.slice(before).map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(logged.map((line) => line.msg)).toEqual(Array(2).fill('OCPP connection refused: unknown identity'));
    expect(logged.every((line) => line.level < 50)).toBe(true);
    expect(logLines.slice(before).join('\n')).not.toMatch(/\bselect\b.*\bfrom\b/i);
    expect(await chargePoint(station.identity)).toBeDefined();
  });

  it('refuses a client that does not speak ocpp1.6, and drops upgrades outside /ocpp/{identity}', async () => {
    const station = await aConnectableStation(ctx);
    expect(await refusal(station.identity, { protocols: ['ocpp2.0.1'], strictMode: false })).toBe(400);
    // Dropped, not answered: the client sees its connection reset.
    await expect(connectChargePoint(endpoint.replace('/ocpp', '/api/v1'), station.identity)).rejects.toMatchObject({
      code: 'ECONNRESET',
    });
    // A bad escape in the identity is no OCPP path either: the socket is dropped, the server carries on.
    const { port } = new URL(endpoint);
    const raw = connect(Number(port), '127.0.0.1');
    raw.write(
      'GET /ocpp/%E0%A4%A HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
    );
    await new Promise((resolve) => raw.on('close', resolve));
    await expect(chargePoint(station.identity)).resolves.toBeDefined();
  });

  it('marks the station online while connected and offline once the socket closes, with the last time it was seen', async () => {
    const station = await aConnectableStation(ctx);
    const before = Date.now();
    const client = await chargePoint(station.identity);
    await vi.waitFor(async () => expect((await card(station.id)).online).toBe(true));

    await client.close();
    await vi.waitFor(async () => expect((await card(station.id)).online).toBe(false));
    const lastSeen = Date.parse((await card(station.id)).last_seen_at!);
    expect(lastSeen).toBeGreaterThanOrEqual(before - 1);
    expect(lastSeen).toBeLessThanOrEqual(Date.now());
  });

  it('lets a second connection with the same identity replace the first, which is closed', async () => {
    const station = await aConnectableStation(ctx);
    const first = await chargePoint(station.identity);
    const firstClosed = new Promise<{ code: number; reason: string }>((resolve) => first.once('close', resolve));
    const second = await chargePoint(station.identity);

    expect(await firstClosed).toMatchObject({ code: 1000, reason: 'Replaced by a new connection' });
    await ctx.app.ocpp.settled();
    expect(ctx.app.ocpp.isConnected(station.id)).toBe(true);
    expect((await card(station.id)).online).toBe(true);
    await expect(second.call('Heartbeat', {})).resolves.toHaveProperty('currentTime');
  });

  it("keeps a station online by the connection opened last, whichever process's writes land first", async () => {
    const station = await aConnectableStation(ctx);
    const { db } = ctx.database;
    const [earlier, later] = [new Date(Date.now() - 1_000), new Date()];
    // Process 2's newer connection is written before process 1's older one, which then closes.
    await recordConnected(db, station.id, 'newer', later, 'process-2');
    await recordConnected(db, station.id, 'older', earlier, 'process-1');
    await recordDisconnected(db, station.id, 'older', earlier);
    expect((await card(station.id)).online).toBe(true);
    await recordDisconnected(db, station.id, 'newer', later);
    expect((await card(station.id)).online).toBe(false);
    // Offline, any connection takes the station, whatever its process's clock says.
    await recordConnected(db, station.id, 'older', earlier, 'process-1');
    expect((await card(station.id)).online).toBe(true);
  });

  it('closes the connection of a station sending a frame over 1 MiB (1009), which may connect again', async () => {
    const station = await aConnectableStation(ctx);
    const client = await chargePoint(station.identity, { strictMode: false });
    const closed = new Promise<{ code: number }>((resolve) => client.once('close', resolve));
    void client.call('DataTransfer', { vendorId: 'Alfen', data: 'x'.repeat(1024 * 1024) }).catch(() => {});
    expect((await closed).code).toBe(1009);
    await ctx.app.ocpp.settled();
    const again = await chargePoint(station.identity);
    await expect(again.call('DataTransfer', { vendorId: 'Alfen', data: 'x'.repeat(1000 * 1000) })).resolves.toEqual({
      status: 'UnknownVendorId',
    });
  });
});

describe('closing the app', () => {
  it('closes the stations sockets (going away) and leaves them offline', async () => {
    const own = await createTestApp();
    try {
      const station = await aConnectableStation(own);
      const client = await connectChargePoint(await listenForChargePoints(own), station.identity);
      const closed = new Promise<{ code: number }>((resolve) => client.once('close', resolve));
      await vi.waitFor(() => expect(own.app.ocpp.isConnected(station.id)).toBe(true));

      await own.app.close();
      expect((await closed).code).toBe(1001);
      expect((await findStationOcpp(own.database.db, station.id)).online).toBe(false);
    } finally {
      await own.close();
    }
  });
});
