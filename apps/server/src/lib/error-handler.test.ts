import { DrizzleQueryError } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { useSignedInApp } from '../test/test-app.ts';
import { registerErrorHandler, withoutValues } from './error-handler.ts';
import { registerLang } from './lang.ts';

const ctx = useSignedInApp();
const en = { 'accept-language': 'en' };

describe('errors in the product format', () => {
  it('answers a body that is not an object with a 400 and one detail, before and after sign-in', async () => {
    for (const payload of ['null', '[]', '"x"', '1']) {
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/accounts/login/',
        payload,
        headers: { ...en, 'content-type': 'application/json' },
      });
      expect(login.statusCode, payload).toBe(400);
      expect(login.json()).toEqual({ detail: 'The request body is malformed.' });
      const tag = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/common/tags/',
        payload,
        headers: { ...en, ...ctx.auth, 'content-type': 'application/json' },
      });
      expect(tag.json()).toEqual({ detail: 'The request body is malformed.' });
    }
    const text = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/accounts/refresh/',
      payload: 'token',
      headers: { ...en, 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ detail: 'The request body is malformed.' });
  });

  it('answers a malformed URL in the product format, not Fastify’s, before authentication', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/common/tags/%/',
      headers: { 'accept-language': 'ky' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Суроо-талаптын денеси туура эмес форматта.' });
  });

  it('refuses a NUL character with a field error naming where it is', async () => {
    const body = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/common/tags/',
      payload: { title_ru: 'а', title_en: 'a\u0000b', title_ky: 'б' },
      headers: { ...en, ...ctx.auth },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({ title_en: ['The text contains a character that cannot be stored (NUL)'] });
    const query = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/merchants/?search=a%00',
      headers: { ...en, ...ctx.auth },
    });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual({ search: ['The text contains a character that cannot be stored (NUL)'] });
  });

  it('names every field holding NUL, beside the fields the schema refuses', async () => {
    const nul = 'The text contains a character that cannot be stored (NUL)';
    const both = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/common/tags/',
      payload: { title_ru: 'а\u0000', title_en: 'a\u0000b' },
      headers: { ...en, ...ctx.auth },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({ title_ru: [nul], title_en: [nul], title_ky: ['Field cannot be blank'] });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/accounts/login/',
      payload: { password: 'x\u0000' },
      headers: en,
    });
    expect(login.json()).toEqual({ email: ['Enter your email address'], password: [nul] });
    // Every field the schema lets through that holds NUL, not the first alone.
    const valid = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/common/tags/',
      payload: { title_ru: 'а\u0000', title_en: 'a\u0000b', title_ky: 'б' },
      headers: { ...en, ...ctx.auth },
    });
    expect(valid.json()).toEqual({ title_ru: [nul], title_en: [nul] });
  });

  it('logs a failed statement without the values the user sent', () => {
    const failed = new DrizzleQueryError(
      'insert into "tags" ("title_en") values ($1)',
      ['Secret Name'],
      new Error('boom'),
    );
    const logged = withoutValues(failed);
    expect(logged).toMatchObject({ query: 'insert into "tags" ("title_en") values ($1)' });
    expect(
      JSON.stringify(logged, (_key, value: unknown) => (value instanceof Error ? value.message : value)),
    ).not.toContain('Secret Name');
  });
});

describe('a database out of reach', () => {
  it('answers 503 with Retry-After and a localised message, not a 500', async () => {
    // A real driver error: node-postgres against a port nothing listens on.
    const pool = new pg.Pool({
      host: '127.0.0.1',
      port: 1,
      user: 'nobody',
      database: 'none',
      connectionTimeoutMillis: 5_000,
    });
    const app = Fastify();
    registerLang(app);
    registerErrorHandler(app);
    app.get('/unreachable', async () => (await pool.query('select 1')).rows);
    app.get('/broken', async () => {
      throw new Error('a bug');
    });
    try {
      const down = await app.inject({ method: 'GET', url: '/unreachable', headers: { 'accept-language': 'ky' } });
      expect(down.statusCode).toBe(503);
      expect(down.headers['retry-after']).toBe('5');
      expect(down.json()).toEqual({ detail: 'Кызмат убактылуу жеткиликсиз. Бир нече секунддан кийин кайталаңыз.' });
      // Anything else stays a 500.
      const bug = await app.inject({ method: 'GET', url: '/broken', headers: { 'accept-language': 'en' } });
      expect(bug.statusCode).toBe(500);
      expect(bug.json()).toEqual({ detail: 'An error occurred while processing the request' });
    } finally {
      await app.close();
      await pool.end();
    }
  });
});
