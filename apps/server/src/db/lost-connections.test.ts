import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { aManager } from '../test/builders/accounts.ts';
import { aDriver } from '../test/builders/drivers.ts';
import { aRate } from '../test/builders/rates.ts';
import { aConnectableStation, connectChargePoint } from '../test/charge-points.ts';
import { charging, lostAcknowledgements, type ChargingStation } from '../test/charging-stations.ts';
import { freePort, startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { bearer, createTestApp, signIn, type TestContext } from '../test/test-app.ts';

/*
 * PostgreSQL ending the server's connections (a restart, a failover, idle_session_timeout, a DBA's
 * pg_terminate_backend) while stations charge: the server (`main.ts`, a process of its own) loses
 * at most the statements under way. Every backend of the database but the test's own is killed,
 * idle and busy, again and again, while charge points charge and the API is asked; the process
 * lives on, serves again within seconds, and nothing it acknowledged is missing.
 */

const url = process.env.TEST_DATABASE_URL;
const STATION_KEY_SECRET = 'lost-connections-station-key-0123456789abc';
const STATIONS = 6;
const ATTACK_MS = 6_000;
const KILL_EVERY_MS = 250;

describe.skipIf(!url)('the database ending the server connections', () => {
  const ctx = {} as TestContext;
  let server: ServerProcess;
  let dataDir: string;
  let base: string;
  let admin: pg.Client;
  const stations: ChargingStation[] = [];

  beforeAll(async () => {
    Object.assign(ctx, await createTestApp({ STATION_KEY_SECRET, OCPP_COMMAND_TIMEOUT: '5' }));
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'evcms-lost-connections-'));
    const port = await freePort();
    server = await startServerProcess({
      DATABASE_URL: ctx.database.url!,
      DATA_DIR: dataDir,
      PORT: String(port),
      STATION_KEY_SECRET,
      OCPP_COMMAND_TIMEOUT: '5',
      WEB_DIST: path.join(dataDir, 'no-web'),
    });
    base = `http://127.0.0.1:${port}`;
    admin = new pg.Client({ connectionString: ctx.database.url });
    await admin.connect();
    await aRate(ctx.database, { typo: 'type2', priceTyiyn: 1250, status: 0 });
    for (let n = 0; n < STATIONS; n += 1) {
      const { id, identity } = await aConnectableStation(ctx);
      const idTag = `LOST-CONN-${n}`;
      await aDriver(ctx.database, { balanceTyiyn: 10_000_000, idTags: [idTag] });
      const client = await connectChargePoint(`ws://127.0.0.1:${port}/ocpp`, identity);
      client.handle('Reset', async () => ({ status: 'Accepted' }));
      await client.call('BootNotification', { chargePointVendor: 'Test', chargePointModel: 'Lost connections' });
      stations.push({ id, identity, idTag, client, starts: [], stops: [] });
    }
  }, 120_000);
  afterAll(async () => {
    await Promise.all(stations.map((station) => station.client.close({ force: true })));
    await admin?.end();
    await server?.stop();
    await ctx.close?.();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps the process serving and loses nothing it acknowledged when every backend is terminated, idle and busy, under load', async () => {
    const manager = await aManager(ctx.database);
    const login = () =>
      fetch(`${base}/api/v1/accounts/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: manager.email, password: manager.password }),
      });
    const auth = bearer(((await (await login()).json()) as { access: string }).access);

    const halt = new AbortController();
    const chargingDone = Promise.all(stations.map((station) => charging(station, halt.signal)));
    // Awaited once the attack is over; a station's failure meanwhile is that await's to report.
    chargingDone.catch(() => undefined);
    // Traffic of every kind first: a charge done at each station, and an export through COPY (the long reads' pool).
    await vi.waitFor(() => expect(stations.every((station) => station.stops.length > 0)).toBe(true), {
      timeout: 30_000,
    });

    // The API asked all along: health, a list, an export.
    let asking = true;
    const asked = (async () => {
      while (asking) {
        await Promise.all([
          fetch(`${base}/api/v1/health`).then((response) => response.arrayBuffer()),
          fetch(`${base}/api/v1/users/transactions/`, { headers: auth }).then((response) => response.arrayBuffer()),
          fetch(`${base}/api/v1/users/transactions/export/?format=csv`, { headers: auth }).then((response) =>
            response.arrayBuffer(),
          ),
        ]).catch(() => undefined);
      }
    })();

    const killed: { state: string | null; application_name: string }[] = [];
    const database = new URL(ctx.database.url!).pathname.slice(1);
    for (const end = Date.now() + ATTACK_MS; Date.now() < end; await delay(KILL_EVERY_MS)) {
      const { rows } = await admin.query<{ state: string | null; application_name: string }>(
        `SELECT state, application_name, pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = $1 AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
        [database],
      );
      killed.push(...rows);
    }
    const attackEnded = stations.map((station) => station.stops.length);

    expect(server.child.exitCode, server.output()).toBeNull();
    // Both kinds were hit, and every pool of the server's (named for pg_stat_activity).
    expect(killed.some((row) => row.state === 'idle')).toBe(true);
    expect(killed.some((row) => row.state === 'active' || row.state === 'idle in transaction')).toBe(true);
    expect(new Set(killed.map((row) => row.application_name))).toEqual(
      new Set(['evcms', 'evcms-telemetry', 'evcms-long-reads', 'evcms-bus-listen', 'evcms-bus-publish']),
    );
    await vi.waitFor(async () => expect((await fetch(`${base}/api/v1/health`)).status).toBe(200), {
      timeout: 15_000,
      interval: 100,
    });
    // Every station charges again, on the same sockets.
    await vi.waitFor(
      () => expect(stations.map((station, i) => station.stops.length > attackEnded[i]!)).not.toContain(false),
      { timeout: 30_000 },
    );
    expect(stations.map((station) => station.client.state)).toEqual(stations.map(() => 1));
    asking = false;
    halt.abort();
    await Promise.all([chargingDone, asked]);

    // New calls of every kind work.
    expect((await login()).status).toBe(200);
    expect((await fetch(`${base}/api/v1/users/transactions/`, { headers: auth })).status).toBe(200);
    for (const { client } of stations)
      expect(await client.call('Heartbeat', {})).toEqual({ currentTime: expect.any(String) });
    // A command from the other process reaches a station over the bus: both listen again.
    const managerAuth = bearer((await signIn(ctx.app, manager.email, manager.password)).access);
    await vi.waitFor(
      async () => {
        const reset = await ctx.app.inject({
          method: 'POST',
          url: `/api/v1/stations/reset/${stations[0]!.identity}/`,
          headers: managerAuth,
          payload: { reset_type: 'Soft' },
        });
        expect(reset.json()).toMatchObject({ success: true, outcome: 'accepted' });
      },
      { timeout: 30_000, interval: 500 },
    );
    expect(server.child.exitCode).toBeNull();

    // Every acknowledged start and stop is in the database, each stop debited once, and every balance is its ledger's sum.
    expect(await lostAcknowledgements(admin, stations)).toEqual([]);
  }, 180_000);
});
