import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppDeps } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { aManager } from './builders/accounts.ts';
import { readEml } from './eml.ts';
import { createTestDatabase } from './test-db.ts';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Messages the app mailed, read back from its .eml outbox. */
  outbox(): Promise<string[]>;
  close(): Promise<void>;
}

/** The real app on a real, migrated database, with its mail going to a temporary outbox (or `mailer`) and its log to `logger` (none unless given). */
export async function createTestApp(
  env: NodeJS.ProcessEnv = {},
  options: Pick<AppDeps, 'mailer' | 'logger'> = {},
): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'evcms-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://back.office.test',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  });
  const database = await createTestDatabase();
  const app = await buildApp({ config, database, jwtSecret: 'test-secret-test-secret-test-secret', ...options });
  await app.ready();
  const outboxDir = path.join(dataDir, 'outbox');
  return {
    app,
    database,
    config,
    async outbox() {
      // Mail is sent after the answer (lib/background.ts): wait for what requests started.
      await app.background.idle();
      const files = await readdir(outboxDir).catch(() => [] as string[]);
      const raw = await Promise.all(files.sort().map((file) => readFile(path.join(outboxDir, file), 'utf8')));
      return raw.map((mail) => {
        const { headers, text } = readEml(mail);
        return `${headers}\n\n${text}`;
      });
    },
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The app for one test file: built before its first test, closed after its last. */
export function useTestApp(env: NodeJS.ProcessEnv = {}): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    Object.assign(ctx, await createTestApp(env));
  });
  afterAll(() => ctx.close?.());
  return ctx;
}

export interface SignedInContext extends TestContext {
  /** The Authorization header of the signed-in manager. */
  auth: Record<string, string>;
  managerName: string;
}

/** The app for one test file with a manager signed in before its first test (`ctx.auth`). */
export function useSignedInApp(manager: { name?: string } = {}, env: NodeJS.ProcessEnv = {}): SignedInContext {
  const ctx = useTestApp(env) as SignedInContext;
  beforeAll(async () => {
    const row = await aManager(ctx.database, manager);
    ctx.managerName = row.name;
    ctx.auth = bearer((await signIn(ctx.app, row.email, row.password)).access);
  });
  return ctx;
}

export interface CallOptions {
  /** Sent as JSON, whatever it is (an object, a list, a bare value). */
  payload?: unknown;
  /** The Accept-Language asked; none unless told here or in the caller's defaults. */
  lang?: string;
}

/**
 * The signed-in manager's calls to one resource of the API, `/api/v1/{base}{url}`, so a test file names its
 * resource once: `const call = apiCalls(ctx, 'merchants/')`, then `call('GET', '12/', { lang: 'en' })`.
 */
export function apiCalls(ctx: SignedInContext, base: string, defaults: Pick<CallOptions, 'lang'> = {}) {
  return (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, options: CallOptions = {}) => {
    const lang = options.lang ?? defaults.lang;
    const json = options.payload !== undefined;
    return ctx.app.inject({
      method,
      url: `/api/v1/${base}${url}`,
      headers: {
        ...ctx.auth,
        ...(lang && { 'accept-language': lang }),
        ...(json && { 'content-type': 'application/json' }),
      },
      ...(json && { payload: JSON.stringify(options.payload) }),
    });
  };
}

/** The paths of the app's OpenAPI document, each typed as the test reads it. */
export async function openApiPaths<Path = object>(app: FastifyInstance): Promise<Record<string, Path>> {
  return (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, Path> }>().paths;
}

export async function signIn(app: FastifyInstance, email: string, password: string) {
  const response = await app.inject({ method: 'POST', url: '/api/v1/accounts/login/', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json<{ access: string; refresh: string }>();
}

export function bearer(access: string) {
  return { authorization: `Bearer ${access}` };
}

/** Changes the signed-in manager's password in the settings (POST /accounts/change-password/); answers the status code. */
export async function changePassword(
  app: FastifyInstance,
  access: string,
  current: string,
  password: string,
): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/accounts/change-password/',
    headers: bearer(access),
    payload: { current_password: current, password, password_confirm: password },
  });
  return response.statusCode;
}
