import { parseArgs } from 'node:util';
import { CONNECTORS_MAX } from '@evcms/contracts/station-connectors';
import { IDENTITY_MAX, STATION_PASSWORD_MAX, STATION_PASSWORD_MIN } from '@evcms/contracts/stations';

/*
 * The simulator's command line, read with node:util parseArgs and checked before anything
 * connects: a wrong flag is a UsageError naming it. Only a server on this machine is simulated
 * against unless --allow-remote says otherwise, so a typo never loads someone else's server.
 */

export interface SimulatorOptions {
  /** The server, http(s)://host:port. */
  url: string;
  /** Its OCPP base, ws(s)://host:port/ocpp. */
  endpoint: string;
  stations: number;
  connectors: number;
  identityPrefix: string;
  /** The stations' OCPP password; generated when --create makes them and none is given. */
  password: string | undefined;
  create: boolean;
  email: string | undefined;
  managerPassword: string | undefined;
  idTags: string[] | undefined;
  /** Concurrent sessions; undefined: one per station, as far as the id tags go. */
  sessions: number | undefined;
  sessionSeconds: number;
  meterInterval: number;
  powerKw: number;
  duration: number | undefined;
  quiet: boolean;
  help: boolean;
}

export class UsageError extends Error {
  override name = 'UsageError';
}

export const DEFAULT_URL = 'http://127.0.0.1:8080';
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** OCPP 1.6 IdToken: up to 20 characters. */
const ID_TAG_MAX = 20;

export const USAGE = `Usage: npm run simulate -- [flags]

Connects simulated OCPP 1.6J charge points to the server, boots them, and charges drivers.

  --url URL              the server (default ${DEFAULT_URL}); only this machine unless --allow-remote
  --stations N           charge points to simulate (default 1)
  --connectors N         connectors per station (default 2, at most ${CONNECTORS_MAX})
  --identity-prefix P    station identities are P0001, P0002, ... (default SIM-)
  --password KEY         the stations' OCPP password (${STATION_PASSWORD_MIN}-${STATION_PASSWORD_MAX} letters and digits)
  --create               create (or take over) the stations through the API; needs a manager's sign-in
  --email E              the manager's email (or SIMULATOR_EMAIL); password from SIMULATOR_PASSWORD
  --manager-password P   the manager's password, if not in SIMULATOR_PASSWORD
  --id-tags a,b,c        drivers' id tags to charge with (default: found through the API when signed in)
  --sessions N           concurrent charging sessions (default: one per station, as far as the id tags go)
  --session-seconds S    length of a session (default 120)
  --meter-interval S     seconds between MeterValues (default 10; 0: none)
  --power-kw KW          charging power (default 22)
  --duration S           stop after S seconds (default: run until Ctrl+C)
  --allow-remote         allow a server that is not on this machine
  --quiet                only the final summary and errors
  --help`;

function number(
  value: string | undefined,
  flag: string,
  fallback: number,
  { min = 0, integer = false, max = Infinity } = {},
): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (
    value.trim() === '' ||
    !Number.isFinite(parsed) ||
    (integer && !Number.isInteger(parsed)) ||
    parsed < min ||
    parsed > max
  ) {
    const kind = integer ? 'a whole number' : 'a number';
    throw new UsageError(
      `--${flag} must be ${kind} ${max < Infinity ? `from ${min} to ${max}` : `of at least ${min}`}, got "${value}"`,
    );
  }
  return parsed;
}

function serverUrl(value: string, allowRemote: boolean): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--url must be an absolute URL such as ${DEFAULT_URL}, got "${value}"`);
  }
  if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol))
    throw new UsageError(`--url must be http(s) or ws(s), got "${value}"`);
  if (!allowRemote && !LOCAL_HOSTS.has(url.hostname)) {
    throw new UsageError(
      `--url ${url.hostname} is not this machine: only 127.0.0.1 and localhost, unless --allow-remote`,
    );
  }
  return url;
}

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv = process.env): SimulatorOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        url: { type: 'string' },
        stations: { type: 'string' },
        connectors: { type: 'string' },
        'identity-prefix': { type: 'string' },
        password: { type: 'string' },
        create: { type: 'boolean' },
        email: { type: 'string' },
        'manager-password': { type: 'string' },
        'id-tags': { type: 'string' },
        sessions: { type: 'string' },
        'session-seconds': { type: 'string' },
        'meter-interval': { type: 'string' },
        'power-kw': { type: 'string' },
        duration: { type: 'string' },
        'allow-remote': { type: 'boolean' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const url = serverUrl(values.url ?? DEFAULT_URL, values['allow-remote'] ?? false);
  const secure = url.protocol === 'https:' || url.protocol === 'wss:';
  const server = `${url.host}${url.pathname.replace(/\/+$/, '')}`;

  const identityPrefix = values['identity-prefix'] ?? 'SIM-';
  if (!/^[A-Za-z0-9._:-]*$/.test(identityPrefix) || identityPrefix.length > IDENTITY_MAX - 4) {
    throw new UsageError(
      `--identity-prefix may hold letters, digits and . _ : - only, at most ${IDENTITY_MAX - 4} of them`,
    );
  }
  const password = values.password;
  const passwordPattern = new RegExp(`^[A-Za-z0-9]{${STATION_PASSWORD_MIN},${STATION_PASSWORD_MAX}}$`);
  if (password !== undefined && !passwordPattern.test(password)) {
    throw new UsageError(`--password must be ${STATION_PASSWORD_MIN} to ${STATION_PASSWORD_MAX} letters and digits`);
  }
  const create = values.create ?? false;
  const email = values.email ?? env.SIMULATOR_EMAIL;
  const managerPassword = values['manager-password'] ?? env.SIMULATOR_PASSWORD;
  if (create && (!email || !managerPassword)) {
    throw new UsageError(
      '--create signs in to the API: give --email (or SIMULATOR_EMAIL) and SIMULATOR_PASSWORD (or --manager-password)',
    );
  }
  if (!create && password === undefined && !values.help) {
    throw new UsageError('--password is needed for stations that exist already; or --create them through the API');
  }
  const idTags = values['id-tags']
    ?.split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
  const badTag = idTags?.find((tag) => !/^[\x21-\x7e]+$/.test(tag) || tag.length > ID_TAG_MAX);
  if (badTag !== undefined)
    throw new UsageError(`--id-tags: "${badTag}" is not an id tag (at most ${ID_TAG_MAX} printable characters)`);

  return {
    url: `${secure ? 'https' : 'http'}://${server}`,
    endpoint: `${secure ? 'wss' : 'ws'}://${server}/ocpp`,
    stations: number(values.stations, 'stations', 1, { min: 1, integer: true }),
    connectors: number(values.connectors, 'connectors', 2, { min: 1, max: CONNECTORS_MAX, integer: true }),
    identityPrefix,
    password,
    create,
    email,
    managerPassword,
    idTags,
    sessions: values.sessions === undefined ? undefined : number(values.sessions, 'sessions', 0, { integer: true }),
    sessionSeconds: number(values['session-seconds'], 'session-seconds', 120, { min: 1 }),
    meterInterval: number(values['meter-interval'], 'meter-interval', 10),
    powerKw: number(values['power-kw'], 'power-kw', 22, { min: 0.1 }),
    duration: values.duration === undefined ? undefined : number(values.duration, 'duration', 0, { min: 1 }),
    quiet: values.quiet ?? false,
    help: values.help ?? false,
  };
}
