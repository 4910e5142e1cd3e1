/**
 * What the API benchmarks (merchants, stations, charges) set up alike: the manager they sign in
 * as, and the whole app on the benchmark's database, listening on 127.0.0.1 (for what goes over
 * HTTP: uploads, exports), signed in as that manager (for what goes through `app.inject`).
 */
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import type { Database } from '../../apps/server/src/db/client.ts';
import { aManager } from '../../apps/server/src/test/builders/accounts.ts';

const SECRET = 'bench-secret-bench-secret-bench-secret';
const EMAIL = 'bench@example.com';
const PASSWORD = 'bench-password-1';

export type BenchApp = Awaited<ReturnType<typeof buildApp>>;

/** The manager a benchmark signs in as; its id, for the rows that record who made them. */
export async function addBenchManager(database: Database): Promise<number> {
  return (await aManager(database, { email: EMAIL, name: 'Bench', password: PASSWORD })).id;
}

/**
 * The app on `database` (its files under `dataDir`), listening on a free port, and the bench
 * manager signed in: the access token, and the headers of a signed-in call answered in English.
 * The caller closes the app.
 */
export async function startSignedIn(database: Database, dataDir: string) {
  const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web'), LOG_LEVEL: 'warn' });
  const app = await buildApp({ config, database, jwtSecret: SECRET });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/accounts/login/',
      payload: { email: EMAIL, password: PASSWORD },
    });
    const access = login.json<{ access: string }>().access;
    return { app, access, headers: { authorization: `Bearer ${access}`, 'accept-language': 'en' } };
  } catch (error) {
    await app.close();
    throw error;
  }
}
