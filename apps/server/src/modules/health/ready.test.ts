import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { migrationsFolder } from '../../db/migrations.ts';
import { healthRoutes, READY_TIMEOUT_MS } from './health.routes.ts';
import { createTestApp, openApiPaths, type TestContext } from '../../test/test-app.ts';

/*
 * GET /api/v1/ready: 200 only while the database answers and holds every migration of this build;
 * 503 with the reason otherwise. GET /api/v1/health stays the liveness check.
 */

const ready = (ctx: TestContext) => ctx.app.inject({ method: 'GET', url: '/api/v1/ready' });

describe('readiness', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('is ready, without a token, on a migrated database', async () => {
    const response = await ready(ctx);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', db: 'ok', migrations: 'current' });
  });

  it('is in the OpenAPI document with both answers', async () => {
    const paths = await openApiPaths<{ get: { responses: Record<string, unknown> } }>(ctx.app);
    expect(Object.keys(paths['/api/v1/ready']!.get.responses).sort()).toEqual(['200', '503']);
  });

  it('is not ready while the last migration is missing, and ready again once migrated', async () => {
    await ctx.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const response = await ready(ctx);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'not_ready', db: 'ok', migrations: 'pending' });
    // Liveness does not look at the schema.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);

    // Put the row back as the migrator wrote it (re-running the last migration's SQL would fail on what it made).
    const last = readMigrationFiles({ migrationsFolder }).at(-1)!;
    await ctx.database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${last.hash}, ${last.folderMillis})`,
    );
    expect((await ready(ctx)).statusCode).toBe(200);
  });

  it('is not ready on a database nothing has migrated', async () => {
    await ctx.database.db.execute(sql`alter table drizzle.__drizzle_migrations rename to __moved_away`);
    try {
      expect((await ready(ctx)).json()).toEqual({ status: 'not_ready', db: 'ok', migrations: 'pending' });
    } finally {
      await ctx.database.db.execute(sql`alter table drizzle.__moved_away rename to __drizzle_migrations`);
    }
  });
});

describe('readiness of a database that does not answer', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.app.close();
    await rm(ctx.config.dataDir, { recursive: true, force: true });
  });

  it('answers 503, database down, and so does health', async () => {
    // A closed PGlite, or on PostgreSQL pools ended (and the test database dropped).
    await ctx.database.close();
    const response = await ready(ctx);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'not_ready', db: 'down', migrations: 'unknown' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(503);
  });
});

it('counts a database that does not answer in time as down', async () => {
  // A server that has stopped answering (a partition, a hung host): its statements never end.
  const hung = { execute: () => new Promise<never>(() => undefined) } as unknown as Db;
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(healthRoutes({ db: hung, ping: async () => false }), { prefix: '/api/v1' });
  try {
    const started = Date.now();
    const response = await app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'not_ready', db: 'down', migrations: 'unknown' });
    expect(Date.now() - started).toBeLessThan(READY_TIMEOUT_MS + 1_000);
  } finally {
    await app.close();
  }
});
