import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ConfigError } from '../config.ts';
import { queryRows, type Db } from '../db/client.ts';

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * The secrets every process on one database must share, by their row in `server_secrets`
 * (db/schema/server-secrets.ts), the environment variable that may set each, and the file in
 * the data folder an earlier version generated it into.
 */
const SETTINGS = {
  'jwt-secret': { variable: 'JWT_SECRET', what: 'access tokens signed by one process are refused by another' },
  'station-key': {
    variable: 'STATION_KEY_SECRET',
    what: 'a station is refused (401) by the processes with another key',
  },
} as const;

export type SecretName = keyof typeof SETTINGS;

/** JWT_SECRET, or the one the processes on this database share (see loadSecret). */
export function loadJwtSecret(db: Db, configured: string | undefined, dataDir: string): Promise<string> {
  return loadSecret(db, configured, dataDir, 'jwt-secret');
}

interface SecretRow {
  value: string | null;
  digest: string;
}

const readRow = async (db: Db, name: SecretName) =>
  (await queryRows<SecretRow>(db, sql`select value, digest from server_secrets where name = ${name}`))[0];

/** The secret an earlier version generated into `dataDir/<name>`, if there is one. */
async function fileSecret(dataDir: string, name: SecretName): Promise<string | undefined> {
  try {
    return (await readFile(path.join(dataDir, name), 'utf8')).trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The secret `name` as every process on this database has it, so none disagrees by luck:
 * - the first process to start (the table has no row) records it: the environment's setting by its
 *   digest alone, else the secret an earlier version kept in the data folder (its stations'
 *   passwords and sessions keep working), else a new random one; a race of first starts is settled
 *   by the primary key (`on conflict do nothing`), each then reading back the row that won;
 * - a setting in the environment is used when its digest is the row's, and refused otherwise
 *   (ConfigError: the process does not start), as is a process without the setting when the row
 *   holds only a setting's digest;
 * - without a setting, the row's generated secret is used, whatever this data folder's file says.
 * Replacing a secret is deliberate: delete its row and restart every process (the message says so).
 */
export async function loadSecret(
  db: Db,
  configured: string | undefined,
  dataDir: string,
  name: SecretName,
): Promise<string> {
  let row = await readRow(db, name);
  if (!row) {
    const seed = configured ?? (await fileSecret(dataDir, name)) ?? randomToken(48);
    await db.execute(
      sql`insert into server_secrets (name, value, digest)
          values (${name}, ${configured ? null : seed}, ${sha256(seed)})
          on conflict (name) do nothing`,
    );
    row = (await readRow(db, name))!;
  }
  const { variable, what } = SETTINGS[name];
  const replace = `To replace it, delete its row (DELETE FROM server_secrets WHERE name = '${name}') and restart every process.`;
  if (configured !== undefined) {
    if (sha256(configured) === row.digest) return configured;
    throw new ConfigError(
      `${variable} is not the secret the processes on this database use (table server_secrets, row '${name}'): ` +
        `${what}. Give every process the same ${variable}` +
        `${row.value === null ? '' : ', or unset it to use the one the database holds'}. ${replace}`,
    );
  }
  if (row.value === null) {
    throw new ConfigError(
      `${variable} is set on the processes on this database (table server_secrets holds its digest, row '${name}') ` +
        `but not on this one: ${what}. Set the same ${variable} here. ${replace}`,
    );
  }
  return row.value;
}
