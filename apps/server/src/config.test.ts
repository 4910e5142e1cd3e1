import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, urlOrigin } from './config.ts';
import { httpsServerOptions } from './lib/tls-server.ts';
import { makeTestCertificates, type TestCertificates } from './test/test-certificates.ts';

describe('settings', () => {
  it('refuses a JWT_SECRET shorter than 32 bytes, saying why', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short-secret' })).toThrow(ConfigError);
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(31) })).toThrow(
      /JWT_SECRET must be at least 32 bytes long .* it has 31/,
    );
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe('x'.repeat(32));
    expect(loadConfig({}).jwtSecret).toBeUndefined();
  });

  it('refuses a STATION_KEY_SECRET shorter than 32 bytes, and takes a longer one', () => {
    expect(() => loadConfig({ STATION_KEY_SECRET: 'x'.repeat(31) })).toThrow(
      /STATION_KEY_SECRET must be at least 32 bytes long .* it has 31/,
    );
    expect(loadConfig({ STATION_KEY_SECRET: 'k'.repeat(32) }).stationKeySecret).toBe('k'.repeat(32));
    expect(loadConfig({}).stationKeySecret).toBeUndefined();
  });
});

describe('HTTP time-outs', () => {
  it('default to what a slow link needs and a stalled client does not get, in seconds', () => {
    expect(loadConfig({}).http).toEqual({
      headersSeconds: 20,
      bodySeconds: 20,
      requestSeconds: 900,
      keepAliveSeconds: 72,
      idleSeconds: 120,
    });
    expect(loadConfig({ HTTP_BODY_TIMEOUT: '5', HTTP_IDLE_TIMEOUT: '30' }).http).toMatchObject({
      bodySeconds: 5,
      idleSeconds: 30,
    });
  });

  it('refuse a headers time-out longer than the whole request’s, which holds the headers', () => {
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT: '60', HTTP_REQUEST_TIMEOUT: '30' })).toThrow(
      /HTTP_HEADERS_TIMEOUT \(60\) must not exceed HTTP_REQUEST_TIMEOUT \(30\)/,
    );
    expect(() => loadConfig({ HTTP_KEEP_ALIVE_TIMEOUT: '0' })).toThrow(ConfigError);
  });
});

describe('map settings', () => {
  it('default to OpenStreetMap tiles and Nominatim', () => {
    const config = loadConfig({});
    expect(config.mapTileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(config.geocoderUrl).toBe('https://nominatim.openstreetmap.org');
  });

  it('take other servers, the geocoder without a trailing slash', () => {
    const config = loadConfig({
      MAP_TILE_URL: 'https://{s}.tiles.example.kg/{z}/{x}/{y}.png',
      GEOCODER_URL: 'http://127.0.0.1:8091/geo/',
    });
    expect(config.mapTileUrl).toBe('https://{s}.tiles.example.kg/{z}/{x}/{y}.png');
    expect(config.geocoderUrl).toBe('http://127.0.0.1:8091/geo');
  });

  it('refuse what the browser could not be allowed to fetch, naming the setting', () => {
    expect(() => loadConfig({ MAP_TILE_URL: '/tiles/{z}/{x}/{y}.png' })).toThrow(
      /MAP_TILE_URL must be an absolute http\(s\) URL/,
    );
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.{s}.example/{z}/{x}/{y}.png' })).toThrow(
      /only \{s\} may stand in the host/,
    );
    expect(() => loadConfig({ GEOCODER_URL: 'ftp://geo.example' })).toThrow(
      /GEOCODER_URL must be an absolute http\(s\) URL/,
    );
  });
});

describe('urlOrigin', () => {
  it('gives the origin a CSP allows, with {s} as any subdomain', () => {
    expect(urlOrigin('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(urlOrigin('https://{s}.tiles.example.kg:8443/{z}/{x}/{y}.png')).toBe('https://*.tiles.example.kg:8443');
    expect(urlOrigin('http://127.0.0.1:8091/geo')).toBe('http://127.0.0.1:8091');
  });
});

describe('TLS settings', () => {
  let certs: TestCertificates;
  beforeAll(async () => {
    certs = await makeTestCertificates();
  }, 30_000);
  afterAll(() => certs && rm(certs.dir, { recursive: true, force: true }));

  const tlsOf = (env: NodeJS.ProcessEnv) => {
    const { tls } = loadConfig(env);
    return tls && httpsServerOptions(tls, {});
  };

  it('serve plain HTTP unless TLS_CERT and TLS_KEY are set, and HTTPS asking for client certificates with OCPP_CLIENT_CA', () => {
    expect(loadConfig({}).tls).toBeUndefined();
    expect(loadConfig({}).publicUrl).toBe('http://localhost:8080');
    const env = { TLS_CERT: certs.serverCertFile, TLS_KEY: certs.serverKeyFile };
    expect(loadConfig(env).publicUrl).toBe('https://localhost:8080');
    expect(tlsOf(env)).not.toHaveProperty('requestCert');
    expect(tlsOf({ ...env, OCPP_CLIENT_CA: certs.caFile })).toMatchObject({
      requestCert: true,
      rejectUnauthorized: false,
    });
  });

  it('refuse a certificate without its key, a key without its certificate, and a client CA without either', () => {
    expect(() => loadConfig({ TLS_CERT: certs.serverCertFile })).toThrow(
      /TLS_CERT and TLS_KEY go together .*: TLS_KEY is not set/,
    );
    expect(() => loadConfig({ TLS_KEY: certs.serverKeyFile })).toThrow(/TLS_CERT is not set/);
    expect(() => loadConfig({ OCPP_CLIENT_CA: certs.caFile })).toThrow(ConfigError);
    expect(() => loadConfig({ OCPP_CLIENT_CA: certs.caFile })).toThrow(/OCPP_CLIENT_CA needs TLS_CERT and TLS_KEY/);
  });

  it('refuse a file that cannot be read, a key that is not the certificate’s, and a client CA that is no certificate, naming the setting', async () => {
    const env = { TLS_CERT: certs.serverCertFile, TLS_KEY: certs.serverKeyFile };
    expect(() => tlsOf({ ...env, TLS_CERT: path.join(certs.dir, 'missing.pem') })).toThrow(
      /TLS_CERT cannot be read \(.*missing\.pem\)/,
    );
    expect(() => tlsOf({ ...env, OCPP_CLIENT_CA: path.join(certs.dir, 'missing.pem') })).toThrow(ConfigError);
    const otherKey = path.join(certs.dir, 'other.key');
    await writeFile(otherKey, (await certs.client('CP-OTHER')).key);
    expect(() => tlsOf({ ...env, TLS_KEY: otherKey })).toThrow(
      /TLS_CERT and TLS_KEY are not a PEM certificate and its private key/,
    );
    expect(() => tlsOf({ ...env, OCPP_CLIENT_CA: certs.serverKeyFile })).toThrow(
      /OCPP_CLIENT_CA is not a PEM certificate/,
    );
  });
});
