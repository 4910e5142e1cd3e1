import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client.ts';
import { openPostgres } from './db/postgres.ts';
import { loadSecret, randomToken } from './lib/secrets.ts';
import { aStoredMerchant } from './test/builders/merchants.ts';
import { aStation, changeStation } from './test/builders/stations.ts';
import { connectChargePoint, STATION_PASSWORD } from './test/charge-points.ts';
import { freePort, startServerProcess, type ServerProcess } from './test/server-process.ts';
import { bearer } from './test/test-app.ts';

/*
 * Two server processes (`main.ts`), each with a data folder of its own and no secret set, started
 * at the same moment against one empty PostgreSQL database: both migrate it (one after the other,
 * under the advisory lock), both come up ready, and they agree on the secrets the database keeps:
 * an access token from one opens the other, a station's password lets it in to either.
 */

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('two processes starting at once on one empty PostgreSQL', () => {
  const name = `evcms_test_${randomToken(6)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}`;
  const processes: ServerProcess[] = [];
  const folders: string[] = [];
  let database: Database | undefined;

  afterAll(async () => {
    await Promise.all(processes.map((process) => process.stop()));
    await database?.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('both start, are ready, and take each other’s tokens and stations', { timeout: 120_000 }, async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const databaseUrl = new URL(url!);
    databaseUrl.pathname = `/${name}`;

    const start = async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'evcms-two-starts-'));
      folders.push(dataDir);
      const port = await freePort();
      const started = await startServerProcess({
        DATABASE_URL: databaseUrl.toString(),
        DATA_DIR: dataDir,
        PORT: String(port),
        ADMIN_EMAIL: 'first@example.com',
        ADMIN_PASSWORD: 'first-manager-password',
        WEB_DIST: path.join(dataDir, 'no-web'),
        JWT_SECRET: '',
        STATION_KEY_SECRET: '',
      });
      processes.push(started);
      return `127.0.0.1:${port}`;
    };
    const [one, two] = await Promise.all([start(), start()]);

    for (const host of [one, two]) {
      const ready = await fetch(`http://${host}/api/v1/ready`);
      expect(ready.status).toBe(200);
    }

    const login = await fetch(`http://${one}/api/v1/accounts/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'first@example.com', password: 'first-manager-password' }),
    });
    expect(login.status).toBe(200);
    const { access } = (await login.json()) as { access: string };
    const me = await fetch(`http://${two}/api/v1/accounts/me/`, { headers: bearer(access) });
    expect(me.status).toBe(200);

    // The station's password hashed with the key the database holds, as either process would.
    database = await openPostgres(databaseUrl.toString());
    const key = await loadSecret(database.db, undefined, path.join(os.tmpdir(), 'evcms-no-such-folder'), 'station-key');
    const station = await aStation(database, await aStoredMerchant(database));
    await changeStation(database, station.id, { password: STATION_PASSWORD }, key);
    for (const host of [one, two]) {
      const client = await connectChargePoint(`ws://${host}/ocpp`, station.identity);
      await client.close({ force: true });
    }
  });
});
