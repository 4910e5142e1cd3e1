import type { AddressInfo } from 'node:net';
import { RPCClient } from 'ocpp-rpc';
import { loadSecret } from '../lib/secrets.ts';
import { aStoredMerchant } from './builders/merchants.ts';
import { aStation, changeStation } from './builders/stations.ts';
import { afterEach, beforeAll } from 'vitest';
import { useSignedInApp, type SignedInContext, type TestContext } from './test-app.ts';

/*
 * Charge points for tests of the OCPP central system: real WebSocket clients (ocpp-rpc's
 * RPCClient) against the test app listening on 127.0.0.1.
 */

/** The key every station made by `aConnectableStation` connects with. */
export const STATION_PASSWORD = 'ChargePoint2024Key';

/** Starts the app on a free port of 127.0.0.1; the answer is the base URL charge points connect to. */
export async function listenForChargePoints(ctx: TestContext): Promise<string> {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/ocpp`;
}

/** A station (connectors 1 and 2, at a new merchant) whose OCPP password is STATION_PASSWORD. */
export async function aConnectableStation(ctx: TestContext) {
  const station = await aStation(ctx.database, await aStoredMerchant(ctx.database), {
    connectors: [
      { evseId: 1, position: 1 },
      { evseId: 1, position: 2 },
    ],
  });
  await giveStationPassword(ctx, station.id);
  return station;
}

/** Sets the station's OCPP password (STATION_PASSWORD unless told) through the stations service, hashed with the app's key. */
export async function giveStationPassword(
  ctx: TestContext,
  stationId: number,
  password = STATION_PASSWORD,
): Promise<void> {
  // The key the app hashes with: STATION_KEY_SECRET, or the one the database holds (lib/secrets.ts).
  const key = await loadSecret(ctx.database.db, ctx.config.stationKeySecret, ctx.config.dataDir, 'station-key');
  await changeStation(ctx.database, stationId, { password }, key);
}

export interface ChargePointOptions {
  password?: string | null;
  protocols?: string[];
  /** Off lets a test send frames the schemas refuse. */
  strictMode?: boolean;
  /** On wss://: the CA the server's certificate is checked with, and a client certificate and its key to present. */
  tls?: { ca?: Buffer; cert?: Buffer; key?: Buffer };
  /** More headers of the handshake (a proxy's X-Forwarded-Proto). */
  headers?: Record<string, string>;
}

/** A charge point connected (or refused: the promise rejects with the HTTP status as `code`). */
export async function connectChargePoint(
  endpoint: string,
  identity: string,
  options: ChargePointOptions = {},
): Promise<RPCClient> {
  const client = new RPCClient({
    endpoint,
    identity,
    password: options.password === undefined ? STATION_PASSWORD : options.password,
    protocols: options.protocols ?? ['ocpp1.6'],
    strictMode: options.strictMode ?? true,
    reconnect: false,
    ...(options.tls && { wsOpts: options.tls }),
    ...(options.headers && { headers: options.headers }),
    // ocpp-rpc's declaration makes every option required; it has defaults for the rest.
  } as ConstructorParameters<typeof RPCClient>[0]);
  await client.connect();
  return client;
}

/** The charge point's StartTransaction on connector 1 from a meter at 0, sent now unless told; answers the transactionId. */
export async function startTransaction(
  client: RPCClient,
  idTag: string,
  timestamp = new Date().toISOString(),
): Promise<number> {
  const answer = await client.call('StartTransaction', { connectorId: 1, idTag, meterStart: 0, timestamp });
  return (answer as { transactionId: number }).transactionId;
}

/** The charge point accepts every RemoteStopTransaction; answers the list their parameters are put in as they come. */
export function acceptRemoteStops(client: RPCClient): unknown[] {
  const stops: unknown[] = [];
  client.handle('RemoteStopTransaction', async ({ params }) => {
    stops.push(params);
    return { status: 'Accepted' };
  });
  return stops;
}

export interface ChargePointContext extends SignedInContext {
  /** Where charge points connect: ws://127.0.0.1:{port}/ocpp. */
  endpoint: string;
  /** A charge point connected to the app (see connectChargePoint), closed after the test. */
  connect(identity: string, options?: ChargePointOptions): Promise<RPCClient>;
}

/** The app of one test file listening for charge points, with a manager signed in (`ctx.auth`); each test's charge points are closed after it. */
export function useChargePointApp(env: NodeJS.ProcessEnv = {}): ChargePointContext {
  const ctx = useSignedInApp({}, env) as ChargePointContext;
  const clients: RPCClient[] = [];
  beforeAll(async () => {
    ctx.endpoint = await listenForChargePoints(ctx);
    ctx.connect = async (identity, options) => {
      const client = await connectChargePoint(ctx.endpoint, identity, options);
      clients.push(client);
      return client;
    };
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close({ force: true })));
  });
  return ctx;
}
