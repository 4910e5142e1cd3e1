import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { queryRows, type Database } from '../db/client.ts';
import { openPostgres } from '../db/postgres.ts';
import { aManager } from '../test/builders/accounts.ts';
import { aStoredMerchant } from '../test/builders/merchants.ts';
import { aStation, changeStation } from '../test/builders/stations.ts';
import { connectChargePoint, listenForChargePoints, STATION_PASSWORD } from '../test/charge-points.ts';
import { freePort, startServerProcess } from '../test/server-process.ts';
import { bearer, signIn } from '../test/test-app.ts';
import { createTestDatabase } from '../test/test-db.ts';
import { loadJwtSecret, loadSecret, sha256 } from './secrets.ts';

/*
 * The JWT secret and the station key are the database's, not each data folder's: processes with
 * data folders of their own on one database agree on them without being told (lib/secrets.ts).
 */

let database: Database;
const folders: string[] = [];
const aDataDir = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'evcms-secrets-'));
  folders.push(dir);
  return dir;
};
const rows = () =>
  queryRows<{ name: string; value: string | null; digest: string }>(
    database.db,
    sql`select name, value, digest from server_secrets order by name`,
  );

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('loading a secret', () => {
  afterEach(() => database.db.execute(sql`delete from server_secrets`));

  it('generates one secret for every data folder, even when they start at once, and keeps it in the database', async () => {
    const dirs = await Promise.all([aDataDir(), aDataDir(), aDataDir(), aDataDir()]);
    const secrets = await Promise.all(dirs.map((dir) => loadSecret(database.db, undefined, dir, 'station-key')));
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]!.length).toBeGreaterThanOrEqual(32);
    expect(await rows()).toEqual([{ name: 'station-key', value: secrets[0], digest: sha256(secrets[0]!) }]);
    // Each name its own.
    expect(await loadJwtSecret(database.db, undefined, dirs[0]!)).not.toBe(secrets[0]);
  });

  it('keeps the secret an earlier version generated into the data folder, over any other folder’s', async () => {
    const [earlier, other] = [await aDataDir(), await aDataDir()];
    await writeFile(path.join(earlier, 'jwt-secret'), 'the-earlier-generated-secret-0123456789abcdef\n');
    await writeFile(path.join(other, 'jwt-secret'), 'another-folders-generated-secret-0123456789ab');
    expect(await loadJwtSecret(database.db, undefined, earlier)).toBe('the-earlier-generated-secret-0123456789abcdef');
    expect(await loadJwtSecret(database.db, undefined, other)).toBe('the-earlier-generated-secret-0123456789abcdef');
  });

  it('uses a configured secret, keeping only its digest, and refuses a process without it', async () => {
    const dir = await aDataDir();
    const configured = 'configured-station-key-0123456789abcdefgh';
    expect(await loadSecret(database.db, configured, dir, 'station-key')).toBe(configured);
    expect(await loadSecret(database.db, configured, await aDataDir(), 'station-key')).toBe(configured);
    expect(await rows()).toEqual([{ name: 'station-key', value: null, digest: sha256(configured) }]);
    const unset = loadSecret(database.db, undefined, dir, 'station-key');
    await expect(unset).rejects.toThrow(ConfigError);
    await expect(unset).rejects.toThrow(/STATION_KEY_SECRET is set on the processes on this database .* Set the same/);
  });

  it('refuses a configured secret other than the one the database holds', async () => {
    const dir = await aDataDir();
    const generated = await loadJwtSecret(database.db, undefined, dir);
    const other = loadJwtSecret(database.db, 'a-different-jwt-secret-0123456789abcdefgh', dir);
    await expect(other).rejects.toThrow(ConfigError);
    await expect(other).rejects.toThrow(
      "JWT_SECRET is not the secret the processes on this database use (table server_secrets, row 'jwt-secret')",
    );
    await expect(other).rejects.toThrow("DELETE FROM server_secrets WHERE name = 'jwt-secret'");
    // The same value set explicitly is the same secret.
    expect(await loadJwtSecret(database.db, generated, dir)).toBe(generated);
  });

  it('takes a new secret once its row is deleted', async () => {
    const dir = await aDataDir();
    await loadSecret(database.db, 'the-first-station-key-0123456789abcdefgh', dir, 'station-key');
    await database.db.execute(sql`delete from server_secrets where name = 'station-key'`);
    const replaced = 'the-second-station-key-0123456789abcdefg';
    expect(await loadSecret(database.db, replaced, dir, 'station-key')).toBe(replaced);
  });
});

describe('two apps with data folders of their own on one database, no secret set', () => {
  const apps: FastifyInstance[] = [];
  const clients: RPCClient[] = [];
  let second: Database | undefined;

  async function anApp(handle: Database): Promise<{ app: FastifyInstance; endpoint: string }> {
    const dataDir = await aDataDir();
    const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web') });
    // As serve.ts loads it.
    const jwtSecret = await loadJwtSecret(handle.db, config.jwtSecret, config.dataDir);
    const app = await buildApp({ config, database: handle, jwtSecret });
    apps.push(app);
    const endpoint = await listenForChargePoints({ app } as Parameters<typeof listenForChargePoints>[0]);
    return { app, endpoint };
  }

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close({ force: true })));
    await Promise.all(apps.map((app) => app.close()));
    await second?.close();
  });

  it('takes each other’s access tokens and each other’s stations', async () => {
    await database.db.execute(sql`delete from server_secrets`);
    // On PostgreSQL a second pool, as a second process has; PGlite has one process.
    second = database.url ? await openPostgres(database.url) : undefined;
    const [one, two] = await Promise.all([anApp(database), anApp(second ?? database)]);

    const manager = await aManager(database);
    const { access } = await signIn(one.app, manager.email, manager.password);
    const me = await two.app.inject({ method: 'GET', url: '/api/v1/accounts/me/', headers: bearer(access) });
    expect(me.statusCode).toBe(200);

    // The station's password hashed with the key the database holds; both apps let it in.
    const key = await loadSecret(database.db, undefined, await aDataDir(), 'station-key');
    const station = await aStation(database, await aStoredMerchant(database));
    await changeStation(database, station.id, { password: STATION_PASSWORD }, key);
    const first = await connectChargePoint(one.endpoint, station.identity);
    clients.push(first);
    await first.close({ force: true });
    clients.push(await connectChargePoint(two.endpoint, station.identity));
    await expect(
      connectChargePoint(two.endpoint, station.identity, { password: 'NotTheStationsKey1' }),
    ).rejects.toMatchObject({ code: 401 });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a server process with another secret', () => {
  it('refuses to start, saying which setting and how to replace it', { timeout: 60_000 }, async () => {
    await database.db.execute(sql`delete from server_secrets`);
    await loadJwtSecret(database.db, undefined, await aDataDir());
    const dataDir = await aDataDir();
    const start = startServerProcess({
      DATABASE_URL: database.url!,
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      JWT_SECRET: 'not-the-databases-jwt-secret-0123456789abcdef',
      WEB_DIST: path.join(dataDir, 'no-web'),
    });
    // The app is built while the database opens: a line of its log may come first, never a stack trace.
    const refused = await start.then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(refused).toMatch(/exited with 1:\n(.*\n)*Cannot start: JWT_SECRET is not the secret the processes/);
    expect(refused).not.toMatch(/\n\s+at /);
  });
});
