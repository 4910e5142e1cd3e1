import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DECIMALS, toMinorUnits } from '@evcms/contracts/decimal';

/** Every setting of the server, read once from the environment, with defaults that run out of the box. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: embedded PGlite in `dataDir/pg`. */
  databaseUrl: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  publicUrl: string;
  /** Unset: mail is written as .eml files into `dataDir/outbox`. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Unset: generated once and kept in `dataDir/jwt-secret`. */
  jwtSecret: string | undefined;
  /** The key of station password hashes (OCPP Basic auth). Unset: generated once and kept in `dataDir/station-key`. */
  stationKeySecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  rememberRefreshTokenTtlSeconds: number;
  /** The built web app; served when it exists. */
  webDist: string;
  logLevel: string;
  /**
   * Off: the client address is the connection's. Behind a reverse proxy: `true` (trust every
   * proxy), a number of hops, or the proxies' addresses/CIDRs, so it comes from X-Forwarded-For.
   */
  trustProxy: boolean | number | string;
  /** The map picker's tiles, a Leaflet URL template (`{s}` may stand for the first host label). */
  mapTileUrl: string;
  /** A Nominatim-compatible geocoder the browser asks for addresses and places (no trailing slash). */
  geocoderUrl: string;
  /** The Heartbeat interval, in seconds, that OCPP BootNotification tells a charge point. */
  ocppHeartbeatIntervalSeconds: number;
  /** Days a station's OCPP frames stay in its card's log; 0 keeps no log. */
  ocppMessageLogDays: number;
  /** Seconds a charge point has to answer a command from the back office (Reset, RemoteStopTransaction, ...). */
  ocppCommandTimeoutSeconds: number;
  /** The balance, in tyiyn, an id tag's driver needs to be authorised; unset: the charge services' default (a positive balance). */
  ocppMinimumBalanceTyiyn: number | undefined;
  /** DataTransfer vendorIds (lower-cased) the central system accepts; any other is UnknownVendorId. */
  ocppDataTransferVendors: string[];
  /** Seconds a station may stay offline before its open charges show as not completed. */
  ocppOfflineChargeLimitSeconds: number;
  /** Seconds an initiated charge (a remote start, a connector Preparing) may wait for its StartTransaction before it is canceled. */
  ocppStartTimeoutSeconds: number;
  /** Seconds a station's timestamp may be ahead of the server's before the server's replaces it and the charge is marked for review. */
  ocppClockSkewSeconds: number;
  /** kW a charge's meter is judged by on a connector whose power is not set (0). */
  ocppPowerCeilingKw: number;
  /** How long the HTTP server waits for what a client owes it (lib/http-timeouts.ts). */
  http: HttpTimeouts;
  /** Requests to the drivers' app's feed one client address may make a minute (modules/app-feed). */
  appFeedRequestsPerMinute: number;
  /** The bearer token Prometheus scrapes GET /metrics with. Unset: no /metrics, and nothing is counted. */
  metricsToken: string | undefined;
}

/** The HTTP server's time-outs, in seconds. */
export interface HttpTimeouts {
  /** A request's headers, from its first byte (Node's headersTimeout). */
  headersSeconds: number;
  /** A body, after which each further second must have brought 2 KB (BODY_PACE_BYTES). */
  bodySeconds: number;
  /** A whole request, from its first byte to its body's last (Node's requestTimeout): the largest upload's. */
  requestSeconds: number;
  /** A kept-alive connection between two requests (Node's keepAliveTimeout). */
  keepAliveSeconds: number;
  /** A connection with nothing sent either way (Fastify's connectionTimeout): a reader that stopped reading. */
  idleSeconds: number;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** HS256 wants a key at least as long as its hash: 256 bits. */
export const JWT_SECRET_MIN_BYTES = 32;

/** A setting the server cannot start with; the message says which and why. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** A whole number of at least `min` (1 unless told: 0 where zero turns something off). */
function int(value: string | undefined, fallback: number, name: string, min = 1): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min) {
    throw new ConfigError(
      `${name} must be ${min > 0 ? 'a positive integer' : `a whole number of at least ${min}`}, got "${value}"`,
    );
  }
  return parsed;
}

function text(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** Guessable in minutes below this; a scraper's token is typed once, into its configuration. */
const METRICS_TOKEN_MIN_BYTES = 16;

function metricsToken(value: string | undefined): string | undefined {
  const token = text(value);
  if (token !== undefined && Buffer.byteLength(token) < METRICS_TOKEN_MIN_BYTES)
    throw new ConfigError(
      `METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_BYTES} bytes long (it opens GET /metrics); it has ${Buffer.byteLength(token)}.`,
    );
  return token;
}

function secretSetting(value: string | undefined, name: string, purpose: string): string | undefined {
  const secret = text(value);
  const bytes = secret === undefined ? 0 : Buffer.byteLength(secret);
  if (secret !== undefined && bytes < JWT_SECRET_MIN_BYTES) {
    throw new ConfigError(
      `${name} must be at least ${JWT_SECRET_MIN_BYTES} bytes long (${purpose}); it has ${bytes}. ` +
        'Set a longer random value, or leave it unset to have one generated into the data folder.',
    );
  }
  return secret;
}

/** An amount of som (0 or more, at most 2 decimals) in tyiyn; undefined when unset. */
function som(value: string | undefined, name: string): number | undefined {
  const setting = text(value);
  if (setting === undefined) return undefined;
  const tyiyn = toMinorUnits(setting, DECIMALS.money);
  if (tyiyn === undefined || tyiyn < 0)
    throw new ConfigError(`${name} must be an amount of som, 0 or more with at most 2 decimals, got "${value}"`);
  return tyiyn;
}

/** A comma-separated list, each item trimmed and lower-cased, empty ones dropped. */
function lowerCaseList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
}

function trustProxy(value: string | undefined): boolean | number | string {
  const setting = text(value);
  if (setting === undefined || setting === 'false') return false;
  if (setting === 'true') return true;
  return /^\d+$/.test(setting) ? Number(setting) : setting;
}

/**
 * The origin a browser fetches `template` from, as a CSP source: `https://{s}.tile.example/{z}/..`
 * becomes `https://*.tile.example`. Throws unless it is an absolute http(s) URL.
 */
export function urlOrigin(template: string): string {
  const anySubdomain = /^https?:\/\/\{s\}\./.test(template);
  let url: URL;
  try {
    url = new URL(anySubdomain ? template.replace('{s}.', 's.') : template);
  } catch {
    throw new Error(`not an absolute URL: "${template}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`not an http(s) URL: "${template}"`);
  // The browser reaches the host as written; a placeholder left in it could never be allowed by the CSP.
  if (/[{}]/.test(decodeURI(url.host))) throw new Error(`only {s} may stand in the host: "${template}"`);
  return anySubdomain ? `${url.protocol}//*.${url.host.slice('s.'.length)}` : url.origin;
}

function webUrl(value: string | undefined, fallback: string, name: string): string {
  const url = text(value) ?? fallback;
  try {
    urlOrigin(url);
  } catch (error) {
    throw new ConfigError(`${name} must be an absolute http(s) URL: ${(error as Error).message}`);
  }
  return url.replace(/\/+$/, '');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env.PORT, 8080, 'PORT');
  return {
    port,
    host: text(env.HOST) ?? '127.0.0.1',
    dataDir: path.resolve(text(env.DATA_DIR) ?? './data'),
    databaseUrl: text(env.DATABASE_URL),
    adminEmail: text(env.ADMIN_EMAIL),
    adminPassword: text(env.ADMIN_PASSWORD),
    publicUrl: (text(env.PUBLIC_URL) ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    smtpUrl: text(env.SMTP_URL),
    mailFrom: text(env.MAIL_FROM) ?? 'EV Charging Back Office <no-reply@localhost>',
    jwtSecret: secretSetting(env.JWT_SECRET, 'JWT_SECRET', 'it signs every access token'),
    stationKeySecret: secretSetting(
      env.STATION_KEY_SECRET,
      'STATION_KEY_SECRET',
      'it keys every station password hash',
    ),
    accessTokenTtlSeconds: int(env.ACCESS_TOKEN_TTL, 15 * 60, 'ACCESS_TOKEN_TTL'),
    refreshTokenTtlSeconds: int(env.REFRESH_TOKEN_TTL, 24 * 60 * 60, 'REFRESH_TOKEN_TTL'),
    rememberRefreshTokenTtlSeconds: int(
      env.REMEMBER_REFRESH_TOKEN_TTL,
      30 * 24 * 60 * 60,
      'REMEMBER_REFRESH_TOKEN_TTL',
    ),
    // src/config.ts and dist/config.js sit at the same depth, so one relative path serves both.
    webDist: path.resolve(text(env.WEB_DIST) ?? path.join(here, '../../web/dist')),
    logLevel: text(env.LOG_LEVEL) ?? 'info',
    trustProxy: trustProxy(env.TRUST_PROXY),
    mapTileUrl: webUrl(env.MAP_TILE_URL, 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', 'MAP_TILE_URL'),
    geocoderUrl: webUrl(env.GEOCODER_URL, 'https://nominatim.openstreetmap.org', 'GEOCODER_URL'),
    ocppHeartbeatIntervalSeconds: int(env.OCPP_HEARTBEAT_INTERVAL, 300, 'OCPP_HEARTBEAT_INTERVAL'),
    ocppMessageLogDays: int(env.OCPP_MESSAGE_LOG_DAYS, 7, 'OCPP_MESSAGE_LOG_DAYS', 0),
    ocppCommandTimeoutSeconds: int(env.OCPP_COMMAND_TIMEOUT, 30, 'OCPP_COMMAND_TIMEOUT'),
    ocppMinimumBalanceTyiyn: som(env.OCPP_MINIMUM_BALANCE, 'OCPP_MINIMUM_BALANCE'),
    // OCPP's vendorId is a CiString: compared ignoring case.
    ocppDataTransferVendors: lowerCaseList(env.OCPP_DATA_TRANSFER_VENDORS),
    ocppOfflineChargeLimitSeconds: int(env.OCPP_OFFLINE_CHARGE_LIMIT, 3600, 'OCPP_OFFLINE_CHARGE_LIMIT'),
    ocppStartTimeoutSeconds: int(env.OCPP_START_TIMEOUT, 300, 'OCPP_START_TIMEOUT'),
    ocppClockSkewSeconds: int(env.OCPP_CLOCK_SKEW, 900, 'OCPP_CLOCK_SKEW'),
    ocppPowerCeilingKw: int(env.OCPP_POWER_CEILING, 350, 'OCPP_POWER_CEILING'),
    http: httpTimeouts(env),
    appFeedRequestsPerMinute: int(env.APP_FEED_REQUESTS_PER_MINUTE, 300, 'APP_FEED_REQUESTS_PER_MINUTE'),
    metricsToken: metricsToken(env.METRICS_TOKEN),
  };
}

function httpTimeouts(env: NodeJS.ProcessEnv): HttpTimeouts {
  const timeouts = {
    headersSeconds: int(env.HTTP_HEADERS_TIMEOUT, 20, 'HTTP_HEADERS_TIMEOUT'),
    bodySeconds: int(env.HTTP_BODY_TIMEOUT, 20, 'HTTP_BODY_TIMEOUT'),
    requestSeconds: int(env.HTTP_REQUEST_TIMEOUT, 900, 'HTTP_REQUEST_TIMEOUT'),
    keepAliveSeconds: int(env.HTTP_KEEP_ALIVE_TIMEOUT, 72, 'HTTP_KEEP_ALIVE_TIMEOUT'),
    idleSeconds: int(env.HTTP_IDLE_TIMEOUT, 120, 'HTTP_IDLE_TIMEOUT'),
  };
  // Node refuses a headers time-out past the request's, which includes the headers.
  if (timeouts.headersSeconds > timeouts.requestSeconds) {
    throw new ConfigError(
      `HTTP_HEADERS_TIMEOUT (${timeouts.headersSeconds}) must not exceed HTTP_REQUEST_TIMEOUT (${timeouts.requestSeconds})`,
    );
  }
  return timeouts;
}
