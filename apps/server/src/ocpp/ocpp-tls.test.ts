import { rm } from 'node:fs/promises';
import { get } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeStation } from '../test/builders/stations.ts';
import {
  aConnectableStation,
  connectChargePoint,
  listenForChargePoints,
  type ChargePointOptions,
} from '../test/charge-points.ts';
import { makeTestCertificates, type TestCertificates } from '../test/test-certificates.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';

/*
 * OCPP security profiles 2 and 3 over real TLS: a server with TLS_CERT, TLS_KEY and OCPP_CLIENT_CA
 * (certificates made by openssl for this run), and a plain one beside it for ws://, behind a
 * TLS-terminating proxy on 127.0.0.1 (TRUST_PROXY).
 */

let certs: TestCertificates;
const secure = {} as TestContext;
const plain = {} as TestContext;
const logLines: string[] = [];
let wssEndpoint: string;
let wsEndpoint: string;
const clients: RPCClient[] = [];

beforeAll(async () => {
  certs = await makeTestCertificates();
  const env = { TLS_CERT: certs.serverCertFile, TLS_KEY: certs.serverKeyFile, OCPP_CLIENT_CA: certs.caFile };
  const logger = { level: 'info', stream: { write: (line: string) => logLines.push(line) } };
  Object.assign(secure, await createTestApp(env, { logger }));
  await secure.app.listen({ port: 0, host: '127.0.0.1' });
  wssEndpoint = `wss://127.0.0.1:${(secure.app.server.address() as AddressInfo).port}/ocpp`;
  Object.assign(plain, await createTestApp({ TRUST_PROXY: '127.0.0.1' }, { logger }));
  wsEndpoint = await listenForChargePoints(plain);
}, 60_000);
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close({ force: true })));
});
afterAll(async () => {
  await Promise.all([secure.close?.(), plain.close?.()]);
  if (certs) await rm(certs.dir, { recursive: true, force: true });
});

async function aStationOnProfile(ctx: TestContext, profile: '1' | '2' | '3') {
  const station = await aConnectableStation(ctx);
  await changeStation(ctx.database, station.id, { security_profile: profile });
  return station;
}

async function chargePoint(endpoint: string, identity: string, options?: ChargePointOptions) {
  const client = await connectChargePoint(endpoint, identity, options);
  clients.push(client);
  return client;
}

/** The HTTP status a refused handshake got. */
async function refusal(endpoint: string, identity: string, options?: ChargePointOptions) {
  const error = await chargePoint(endpoint, identity, options).then(
    () => undefined,
    (reason: { code?: number }) => reason,
  );
  return error?.code;
}

async function bootStatus(client: RPCClient): Promise<string> {
  const answer = await client.call('BootNotification', { chargePointVendor: 'Alfen', chargePointModel: 'Eve' });
  return (answer as { status: string }).status;
}

describe('security profile 2: Basic auth over TLS', () => {
  it('connects over wss:// with the server trusted by its CA and the password, and boots', async () => {
    const station = await aStationOnProfile(secure, '2');
    const client = await chargePoint(wssEndpoint, station.identity, { tls: { ca: certs.ca } });
    expect(await bootStatus(client)).toBe('Accepted');
  });

  it('still needs the password over TLS', async () => {
    const station = await aStationOnProfile(secure, '2');
    expect(await refusal(wssEndpoint, station.identity, { tls: { ca: certs.ca }, password: null })).toBe(401);
    expect(
      await refusal(wssEndpoint, station.identity, { tls: { ca: certs.ca }, password: 'WrongPassword12345' }),
    ).toBe(401);
  });

  it('is refused on plain ws:// with 403 after its password, and the refusal is logged', async () => {
    const station = await aStationOnProfile(plain, '2');
    expect(await refusal(wsEndpoint, station.identity)).toBe(403);
    const logged = logLines.map((line) => JSON.parse(line) as { identity?: string; msg: string });
    expect(logged.filter((line) => line.identity === station.identity).map((line) => line.msg)).toEqual([
      'OCPP connection refused: security profile 2 on plain ws://',
    ]);
  });
});

describe('security profile 2 behind a TLS-terminating proxy', () => {
  it('connects on the plain server when the trusted proxy says it took wss:// (X-Forwarded-Proto: https)', async () => {
    const station = await aStationOnProfile(plain, '2');
    const proxied = { headers: { 'X-Forwarded-Proto': 'https' } };
    expect(await bootStatus(await chargePoint(wsEndpoint, station.identity, proxied))).toBe('Accepted');
  });

  it('does not make a profile-3 station of it: no client certificate comes through a proxy', async () => {
    const station = await aStationOnProfile(plain, '3');
    expect(await refusal(wsEndpoint, station.identity, { headers: { 'X-Forwarded-Proto': 'https' } })).toBe(403);
  });
});

describe('security profile 3: a client certificate', () => {
  it('connects with a certificate signed by OCPP_CLIENT_CA whose CN is its identity, with or without the password', async () => {
    const station = await aStationOnProfile(secure, '3');
    const own = await certs.client(station.identity);
    const client = await chargePoint(wssEndpoint, station.identity, { tls: { ca: certs.ca, ...own } });
    expect(await bootStatus(client)).toBe('Accepted');
    await client.close({ force: true });
    const alone = await chargePoint(wssEndpoint, station.identity, { tls: { ca: certs.ca, ...own }, password: null });
    expect(await bootStatus(alone)).toBe('Accepted');
  });

  it('refuses at the handshake a certificate of another CN, one expired, none, and a wrong password beside a good one', async () => {
    const station = await aStationOnProfile(secure, '3');
    const other = await certs.client(`${station.identity}-OTHER`);
    // The CN is compared exactly: the identity in another case is another station.
    const shouting = await certs.client(station.identity.toLowerCase());
    const expired = await certs.client(station.identity, { start: '20200101000000Z', end: '20200102000000Z' });
    const own = await certs.client(station.identity);
    const before = logLines.length;
    expect(await refusal(wssEndpoint, station.identity, { tls: { ca: certs.ca, ...other } })).toBe(403);
    expect(await refusal(wssEndpoint, station.identity, { tls: { ca: certs.ca, ...shouting } })).toBe(403);
    expect(await refusal(wssEndpoint, station.identity, { tls: { ca: certs.ca, ...expired } })).toBe(403);
    expect(await refusal(wssEndpoint, station.identity, { tls: { ca: certs.ca } })).toBe(403);
    expect(
      await refusal(wssEndpoint, station.identity, { tls: { ca: certs.ca, ...own }, password: 'WrongPassword12345' }),
    ).toBe(401);
    const logged = logLines.slice(before).map((line) => JSON.parse(line) as { identity?: string; msg: string });
    expect(logged.filter((line) => line.identity === station.identity).map((line) => line.msg)).toEqual([
      `OCPP connection refused: client certificate CN "${station.identity}-OTHER"`,
      `OCPP connection refused: client certificate CN "${station.identity.toLowerCase()}"`,
      'OCPP connection refused: client certificate refused: CERT_HAS_EXPIRED',
      'OCPP connection refused: no client certificate',
      'OCPP connection refused: wrong password',
    ]);
  });

  it('is refused on plain ws://', async () => {
    const station = await aStationOnProfile(plain, '3');
    expect(await refusal(wsEndpoint, station.identity)).toBe(403);
    expect(await refusal(wsEndpoint, station.identity, { password: null })).toBe(403);
  });
});

describe('security profile 1', () => {
  it('connects on plain ws:// as before, and on wss:// too', async () => {
    const onPlain = await aStationOnProfile(plain, '1');
    expect(await bootStatus(await chargePoint(wsEndpoint, onPlain.identity))).toBe('Accepted');
    const onSecure = await aStationOnProfile(secure, '1');
    expect(await bootStatus(await chargePoint(wssEndpoint, onSecure.identity, { tls: { ca: certs.ca } }))).toBe(
      'Accepted',
    );
  });
});

describe('the back office over HTTPS', () => {
  it('answers a browser without a client certificate, though the server asks every client for one', async () => {
    const url = wssEndpoint.replace('wss:', 'https:').replace('/ocpp', '/api/v1/health');
    const status = await new Promise<number | undefined>((resolve, reject) => {
      get(url, { ca: certs.ca }, (response) => {
        response.resume();
        resolve(response.statusCode);
      }).on('error', reject);
    });
    expect(status).toBe(200);
  });
});
