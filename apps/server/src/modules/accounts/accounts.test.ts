import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { aManager } from '../../test/builders/accounts.ts';
import { bearer, createTestApp, signIn, useTestApp } from '../../test/test-app.ts';

const ctx = useTestApp();

/** POST /api/v1/accounts/{path}/ to `app` (this file's unless told), `more` adding headers or the client's address. */
const post = (
  path: string,
  payload: object,
  more: Pick<InjectOptions, 'headers' | 'remoteAddress'> = {},
  app = ctx.app,
) => app.inject({ method: 'POST', url: `/api/v1/accounts/${path}/`, payload, ...more });
const login = (payload: object, headers: Record<string, string> = {}) => post('login', payload, { headers });
const me = (access: string, app = ctx.app) =>
  app.inject({ method: 'GET', url: '/api/v1/accounts/me/', headers: bearer(access) });

describe('login', () => {
  it('answers a token pair that opens the API', async () => {
    const manager = await aManager(ctx.database, { name: 'Aida' });
    const response = await login({ email: manager.email.toUpperCase(), password: manager.password });
    expect(response.statusCode).toBe(200);
    const tokens = response.json();
    expect(Object.keys(tokens).sort()).toEqual(['access', 'refresh']);
    expect((await me(tokens.access)).json()).toEqual({
      id: manager.id,
      email: manager.email,
      name: 'Aida',
      language: 'ru',
    });
  });

  it('says "Wrong password" in the asked language, for a wrong password and an unknown email alike', async () => {
    const manager = await aManager(ctx.database);
    const wrong = await login({ email: manager.email, password: 'not-it-at-all' }, { 'accept-language': 'en' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: 'Wrong password' });
    const unknown = await login({ email: 'nobody@example.com', password: 'whatever1' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ detail: 'Неверный пароль' });
    const ky = await login({ email: 'nobody@example.com', password: 'whatever1' }, { 'accept-language': 'ky' });
    expect(ky.json()).toEqual({ detail: 'Сырсөз туура эмес' });
  });

  it('names the field of a malformed email or a missing password', async () => {
    const response = await login({ email: 'not-an-email' }, { 'accept-language': 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: ['Your email address is not valid'], password: ['Enter your password'] });
  });

  it('slows guessing: the 11th attempt for one address within 15 minutes gets a localised 429', async () => {
    const manager = await aManager(ctx.database);
    for (let i = 0; i < 10; i += 1)
      expect((await login({ email: manager.email, password: 'guess-guess' })).statusCode).toBe(400);
    const blocked = await login({ email: manager.email, password: manager.password }, { 'accept-language': 'en' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(/^Too many attempts\. Try again in \d+ min\.$/);
    // Another address from the same client is not blocked by it.
    const other = await aManager(ctx.database);
    expect((await login({ email: other.email, password: other.password })).statusCode).toBe(200);
  });

  it('blocks a client after 100 failed sign-ins to any addresses, and counts failures only', async () => {
    const from = { remoteAddress: '10.0.0.7' };
    const manager = await aManager(ctx.database);
    const correct = { email: manager.email, password: manager.password };
    for (let i = 0; i < 12; i += 1) {
      const ok = await post('login', correct, from);
      expect(ok.statusCode, 'a correct sign-in is never held against anyone').toBe(200);
    }
    for (let i = 0; i < 100; i += 1) {
      const failed = await post('login', { email: `guess${i}@example.com`, password: 'guess-guess' }, from);
      expect(failed.statusCode).toBe(400);
    }
    expect((await post('login', correct, from)).statusCode).toBe(429);
    expect((await post('login', correct, { remoteAddress: '10.0.0.8' })).statusCode).toBe(200);
    // 114 sign-ins, each a password hash: minutes on a shared machine under a full CI run, seconds alone.
  }, 240_000);

  it('blocks a client after 50 recovery requests to any addresses', async () => {
    const reset = (email: string) => post('password-reset', { email }, { remoteAddress: '10.0.0.9' });
    for (let i = 0; i < 50; i += 1) expect((await reset(`someone${i}@example.com`)).statusCode).toBe(200);
    expect((await reset('one-more@example.com')).statusCode).toBe(429);
  });

  it('keeps a remembered session for 30 days and an ordinary one for a day', async () => {
    const manager = await aManager(ctx.database);
    await login({ email: manager.email, password: manager.password, remember: true });
    await login({ email: manager.email, password: manager.password, remember: false });
    const rows = await queryRows<{ days: number }>(
      ctx.database.db,
      sql`select round(extract(epoch from expires_at - created_at) / 86400)::int as days from refresh_tokens where manager_id = ${manager.id} order by id`,
    );
    expect(rows.map((row) => Number(row.days))).toEqual([30, 1]);
  });
});

describe('refresh and logout', () => {
  it('gives a new access token for a live refresh token and none after logout', async () => {
    const manager = await aManager(ctx.database);
    const tokens = await signIn(ctx.app, manager.email, manager.password);
    const refreshed = await post('refresh', { refresh: tokens.refresh });
    expect(refreshed.statusCode).toBe(200);
    expect((await me(refreshed.json().access)).statusCode).toBe(200);

    expect((await post('logout', { refresh: tokens.refresh })).statusCode).toBe(204);
    const after = await post('refresh', { refresh: tokens.refresh });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ detail: 'Сеанс истёк. Войдите снова.' });
  });

  it('refuses an unknown refresh token', async () => {
    expect((await post('refresh', { refresh: 'forged' })).statusCode).toBe(401);
  });
});

describe('access token expiry', () => {
  it('refuses an access token past its lifetime', async () => {
    const short = await createTestApp({ ACCESS_TOKEN_TTL: '1' });
    try {
      const manager = await aManager(short.database);
      const tokens = await signIn(short.app, manager.email, manager.password);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      expect((await me(tokens.access, short.app)).statusCode).toBe(401);
      expect((await post('refresh', { refresh: tokens.refresh }, {}, short.app)).statusCode).toBe(200);
    } finally {
      await short.close();
    }
  });
});

describe('profile', () => {
  it('changes name and language, and names a bad field', async () => {
    const manager = await aManager(ctx.database);
    const { access } = await signIn(ctx.app, manager.email, manager.password);
    const ok = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/accounts/me/',
      headers: bearer(access),
      payload: { name: ' Bakyt ', language: 'ky' },
    });
    expect(ok.json()).toMatchObject({ name: 'Bakyt', language: 'ky' });
    const bad = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/accounts/me/',
      headers: { ...bearer(access), 'accept-language': 'en' },
      payload: { name: 'x'.repeat(101), language: 'de' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      name: ['Ensure this field has no more than 100 characters'],
      language: ['Select a valid choice'],
    });
  });

  it('changes the password only with the current one', async () => {
    const manager = await aManager(ctx.database);
    const { access } = await signIn(ctx.app, manager.email, manager.password);
    const change = (current: string, confirm: string) =>
      post(
        'change-password',
        { current_password: current, password: 'new-password-1', password_confirm: confirm },
        { headers: { ...bearer(access), 'accept-language': 'en' } },
      );
    expect((await change('nope-nope', 'new-password-1')).json()).toEqual({
      current_password: ['The current password is wrong'],
    });
    expect((await change(manager.password, 'new-password-2')).json()).toEqual({
      password_confirm: ['Password mismatch'],
    });
    expect((await change(manager.password, 'new-password-1')).statusCode).toBe(200);
    expect((await login({ email: manager.email, password: 'new-password-1' })).statusCode).toBe(200);
    expect((await login({ email: manager.email, password: manager.password })).statusCode).toBe(400);
  });
});
