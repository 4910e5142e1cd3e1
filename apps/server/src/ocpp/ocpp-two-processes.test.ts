import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { aManager } from '../test/builders/accounts.ts';
import { aDriver } from '../test/builders/drivers.ts';
import { aRate } from '../test/builders/rates.ts';
import { acceptRemoteStops, aConnectableStation, connectChargePoint, startTransaction } from '../test/charge-points.ts';
import { freePort, startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { bearer, createTestApp, signIn, type TestContext } from '../test/test-app.ts';

/*
 * Two server processes on one PostgreSQL database: this test's app, and a second server started
 * as its own process (`main.ts`). A charge point connects to the second; a manager signed in to
 * the first restarts it and stops its charge, and both commands reach it over LISTEN/NOTIFY; a stop
 * asked of both processes at once reaches it once. A session ended through one process is refused
 * by the other at once.
 */

const url = process.env.TEST_DATABASE_URL;
const STATION_KEY_SECRET = 'two-processes-station-key-0123456789abcdef';
// The test app's (test-app.ts), so each process takes the other's access tokens.
const JWT_SECRET = 'test-secret-test-secret-test-secret';

describe.skipIf(!url)('two server processes on one PostgreSQL', () => {
  const ctx = {} as TestContext;
  let second: ServerProcess | undefined;
  let dataDir: string;
  let auth: Record<string, string>;
  let client: RPCClient | undefined;
  let other: RPCClient | undefined;
  let secondUrl: string;
  let secondAuth: Record<string, string>;

  beforeAll(async () => {
    Object.assign(ctx, await createTestApp({ STATION_KEY_SECRET }));
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'evcms-second-'));
    const port = await freePort();
    second = await startServerProcess({
      DATABASE_URL: ctx.database.url!,
      DATA_DIR: dataDir,
      PORT: String(port),
      STATION_KEY_SECRET,
      JWT_SECRET,
      WEB_DIST: path.join(dataDir, 'no-web'),
    });
    const manager = await aManager(ctx.database);
    auth = bearer((await signIn(ctx.app, manager.email, manager.password)).access);
    Object.assign(ctx, { secondEndpoint: `ws://127.0.0.1:${port}/ocpp` });
    secondUrl = `http://127.0.0.1:${port}`;
    const login = await fetch(`${secondUrl}/api/v1/accounts/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: manager.email, password: manager.password }),
    });
    secondAuth = bearer(((await login.json()) as { access: string }).access);
    await aRate(ctx.database, { typo: 'type2', priceTyiyn: 1250, status: 0 });
  }, 120_000);
  afterAll(async () => {
    await client?.close({ force: true });
    await other?.close({ force: true });
    await second?.stop();
    await ctx.close?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a reset asked of one process reaches the station connected to the other, and so does a remote stop', async () => {
    const station = await aConnectableStation(ctx);
    client = await connectChargePoint((ctx as unknown as { secondEndpoint: string }).secondEndpoint, station.identity);
    const resets: unknown[] = [];
    client.handle('Reset', async ({ params }) => {
      resets.push(params);
      return { status: 'Accepted' };
    });
    // Online as the first process reads it: the second wrote it to the shared database.
    await vi.waitFor(async () => {
      const card = await ctx.app.inject({ method: 'GET', url: `/api/v1/stations/${station.id}/`, headers: auth });
      expect(card.json<{ online: boolean }>().online).toBe(true);
    });
    expect(ctx.app.ocpp.isConnected(station.id)).toBe(false);

    const reset = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/stations/reset/${station.identity}/`,
      headers: auth,
      payload: { reset_type: 'Soft' },
    });
    expect(reset.json()).toMatchObject({ success: true, outcome: 'accepted' });
    expect(resets).toEqual([{ type: 'Soft' }]);

    const audit = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/stations/${station.id}/ocpp/commands/`,
      headers: auth,
    });
    expect(audit.json<{ items: { action: string; outcome: string }[] }>().items[0]).toMatchObject({
      action: 'Reset',
      outcome: 'accepted',
    });

    await aDriver(ctx.database, { balanceTyiyn: 50_000, idTags: ['TWO-PROC-1'] });
    const transactionId = await startTransaction(client, 'TWO-PROC-1');
    const stops = acceptRemoteStops(client);
    const stop = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/transactions/stop/',
      headers: auth,
      payload: { transaction_id: transactionId },
    });
    expect(stop.json()).toMatchObject({ success: true });
    expect(stops).toEqual([{ transactionId }]);
  }, 60_000);

  it('a charge’s stop asked 100 times at once of both processes reaches its station once', async () => {
    const station = await aConnectableStation(ctx);
    other = await connectChargePoint((ctx as unknown as { secondEndpoint: string }).secondEndpoint, station.identity);
    await vi.waitFor(
      async () => {
        const card = await ctx.app.inject({ method: 'GET', url: `/api/v1/stations/${station.id}/`, headers: auth });
        expect(card.json<{ online: boolean }>().online).toBe(true);
      },
      { timeout: 10_000 },
    );
    await aDriver(ctx.database, { balanceTyiyn: 50_000, idTags: ['TWO-PROC-2'] });
    const transactionId = await startTransaction(other, 'TWO-PROC-2');
    let asked = 0;
    other.handle('RemoteStopTransaction', async () => {
      asked += 1;
      return { status: 'Accepted' };
    });

    const payload = { transaction_id: transactionId };
    const viaFirst = async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/users/transactions/stop/',
        headers: auth,
        payload,
      });
      return { status: response.statusCode, body: response.json<unknown>() };
    };
    const viaSecond = async () => {
      const response = await fetch(`${secondUrl}/api/v1/users/transactions/stop/`, {
        method: 'POST',
        headers: { ...secondAuth, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 ? viaFirst() : viaSecond())));
    expect(asked).toBe(1);
    expect(answers.filter((answer) => answer.status === 200)).toEqual([
      { status: 200, body: expect.objectContaining({ success: true, outcome: 'accepted' }) },
    ]);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(99);
    const audit = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/stations/${station.id}/ocpp/commands/`,
      headers: auth,
    });
    expect(audit.json<{ total: number }>().total).toBe(1);
  }, 60_000);

  it('a logout through one process ends the access token in the other at once', async () => {
    const manager = await aManager(ctx.database);
    const { access, refresh } = await signIn(ctx.app, manager.email, manager.password);
    const me = () => fetch(`${secondUrl}/api/v1/accounts/me/`, { headers: bearer(access) });
    expect((await me()).status).toBe(200);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/v1/accounts/logout/', payload: { refresh } });
    expect(out.statusCode).toBe(204);
    // No waiting: the very next request to the other process is refused.
    expect((await me()).status).toBe(401);
  });
});
