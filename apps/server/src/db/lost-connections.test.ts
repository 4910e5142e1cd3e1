import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { RPCError, type RPCClient } from 'ocpp-rpc';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { aDriver, aManager, aRate } from '../test/builders.ts';
import { aConnectableStation, connectChargePoint } from '../test/charge-points.ts';
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
const PRICE_TYIYN = 1250;

interface Started {
  transactionId: number;
  stationId: number;
  idTag: string;
  meterStart: number;
}

interface Stopped {
  transactionId: number;
  meterStop: number;
}

interface Station {
  id: number;
  identity: string;
  idTag: string;
  client: RPCClient;
  starts: Started[];
  stops: Stopped[];
}

/** The call answered; a CALLERROR is tried again, as a charge point retries its transaction messages. */
async function answered(client: RPCClient, action: string, params: object): Promise<unknown> {
  const until = Date.now() + 60_000;
  for (;;) {
    try {
      return await client.call(action, params);
    } catch (error) {
      if (!(error instanceof RPCError) || Date.now() > until) throw error;
      await delay(200);
    }
  }
}

/** Charges of 2 kWh one after another at connector 1 until `halt`; each start and stop recorded once answered. */
async function charging(station: Station, halt: AbortSignal): Promise<void> {
  const { client, idTag } = station;
  let meter = 0;
  while (!halt.aborted) {
    const start = { connectorId: 1, idTag, meterStart: meter, timestamp: new Date().toISOString() };
    const { transactionId } = (await answered(client, 'StartTransaction', start)) as { transactionId: number };
    station.starts.push({ transactionId, stationId: station.id, idTag, meterStart: meter });
    // Telemetry is not retried: the next report supersedes it.
    await client.call('StatusNotification', { connectorId: 1, status: 'Charging', errorCode: 'NoError' }).catch(() => undefined);
    for (const wh of [700, 1400]) {
      const sampledValue = [{ value: String(meter + wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' }];
      await client.call('MeterValues', { connectorId: 1, transactionId, meterValue: [{ timestamp: new Date().toISOString(), sampledValue }] }).catch(() => undefined);
    }
    const stop = { transactionId, meterStop: meter + 2000, timestamp: new Date().toISOString(), reason: 'Local' };
    await answered(client, 'StopTransaction', stop);
    station.stops.push({ transactionId, meterStop: stop.meterStop });
    await client.call('StatusNotification', { connectorId: 1, status: 'Available', errorCode: 'NoError' }).catch(() => undefined);
    meter += 2000;
  }
}

describe.skipIf(!url)('the database ending the server connections', () => {
  const ctx = {} as TestContext;
  let server: ServerProcess;
  let dataDir: string;
  let base: string;
  let admin: pg.Client;
  const stations: Station[] = [];

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
    await aRate(ctx.database, { typo: 'type2', priceTyiyn: PRICE_TYIYN, status: 0 });
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
    const login = () => fetch(`${base}/api/v1/accounts/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: manager.email, password: manager.password }) });
    const auth = bearer(((await (await login()).json()) as { access: string }).access);

    const halt = new AbortController();
    const chargingDone = Promise.all(stations.map((station) => charging(station, halt.signal)));
    // Awaited once the attack is over; a station's failure meanwhile is that await's to report.
    chargingDone.catch(() => undefined);
    // Traffic of every kind first: a charge done at each station, and an export through COPY (the long reads' pool).
    await vi.waitFor(() => expect(stations.every((station) => station.stops.length > 0)).toBe(true), { timeout: 30_000 });

    // The API asked all along: health, a list, an export.
    let asking = true;
    const asked = (async () => {
      while (asking) {
        await Promise.all([
          fetch(`${base}/api/v1/health`).then((response) => response.arrayBuffer()),
          fetch(`${base}/api/v1/users/transactions/`, { headers: auth }).then((response) => response.arrayBuffer()),
          fetch(`${base}/api/v1/users/transactions/export/?format=csv`, { headers: auth }).then((response) => response.arrayBuffer()),
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
    await vi.waitFor(async () => expect((await fetch(`${base}/api/v1/health`)).status).toBe(200), { timeout: 15_000, interval: 100 });
    // Every station charges again, on the same sockets.
    await vi.waitFor(() => expect(stations.map((station, i) => station.stops.length > attackEnded[i]!)).not.toContain(false), { timeout: 30_000 });
    expect(stations.map((station) => station.client.state)).toEqual(stations.map(() => 1));
    asking = false;
    halt.abort();
    await Promise.all([chargingDone, asked]);

    // New calls of every kind work.
    expect((await login()).status).toBe(200);
    expect((await fetch(`${base}/api/v1/users/transactions/`, { headers: auth })).status).toBe(200);
    for (const { client } of stations) expect(await client.call('Heartbeat', {})).toEqual({ currentTime: expect.any(String) });
    // A command from the other process reaches a station over the bus: both listen again.
    const managerAuth = bearer((await signIn(ctx.app, manager.email, manager.password)).access);
    await vi.waitFor(
      async () => {
        const reset = await ctx.app.inject({ method: 'POST', url: `/api/v1/stations/reset/${stations[0]!.identity}/`, headers: managerAuth, payload: { reset_type: 'Soft' } });
        expect(reset.json()).toMatchObject({ success: true, outcome: 'accepted' });
      },
      { timeout: 30_000, interval: 500 },
    );
    expect(server.child.exitCode).toBeNull();

    // Every acknowledged start and stop is in the database, each stop debited once, and every balance is its ledger's sum.
    const starts = stations.flatMap((station) => station.starts);
    const stops = stations.flatMap((station) => station.stops);
    const { rows: charges } = await admin.query<{ id: number; station_id: number; id_tag: string; meter_start_wh: string; meter_stop_wh: string | null; status: string }>(
      'SELECT id, station_id, id_tag, meter_start_wh, meter_stop_wh, status FROM charges WHERE id = any($1)',
      [starts.map((start) => start.transactionId)],
    );
    const byId = new Map(charges.map((charge) => [charge.id, charge]));
    for (const start of starts) {
      expect(byId.get(start.transactionId)).toMatchObject({ station_id: start.stationId, id_tag: start.idTag, meter_start_wh: String(start.meterStart) });
    }
    for (const stop of stops) expect(byId.get(stop.transactionId)).toMatchObject({ status: 'finished', meter_stop_wh: String(stop.meterStop) });
    const { rows: debits } = await admin.query<{ charge_id: number; debit_tyiyn: string }>(
      "SELECT charge_id, debit_tyiyn FROM balance_entries WHERE method = 'charge' AND charge_id = any($1)",
      [stops.map((stop) => stop.transactionId)],
    );
    expect(new Map(debits.map((debit) => [debit.charge_id, Number(debit.debit_tyiyn)]))).toEqual(new Map(stops.map((stop) => [stop.transactionId, 2 * PRICE_TYIYN])));
    const { rows: balances } = await admin.query<{ balance: string; ledger: string; last_after: string }>(
      `SELECT d.balance_tyiyn AS balance, sum(e.credit_tyiyn - e.debit_tyiyn) AS ledger,
              (array_agg(e.balance_after_tyiyn ORDER BY e.id DESC))[1] AS last_after
         FROM drivers d JOIN balance_entries e ON e.driver_id = d.id GROUP BY d.id`,
    );
    expect(balances).toHaveLength(STATIONS);
    for (const row of balances) expect([row.ledger, row.last_after]).toEqual([row.balance, row.balance]);
  }, 180_000);
});
