import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aManager } from '../../test/builders/accounts.ts';
import { bearer, changePassword, signIn, useTestApp } from '../../test/test-app.ts';

/*
 * An access token lives 15 minutes, its session may end sooner: a logout, a password change, a
 * replayed refresh token, the session's own expiry, the manager removed. From that moment the
 * token is refused, as any bad token is (401), on every route.
 */
const ctx = useTestApp();
const DAY = 24 * 60 * 60 * 1000;
const NOT_AUTHENTICATED = { detail: 'Учётные данные не были предоставлены или срок их действия истёк.' };

afterEach(() => {
  vi.useRealTimers();
});

const get = (url: string, access: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(access) });
const refresh = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/accounts/refresh/', payload: { refresh: token } });

async function expectRefused(access: string) {
  for (const url of ['/api/v1/accounts/me/', '/api/v1/users/', '/api/v1/merchants/']) {
    const response = await get(url, access);
    expect(response.statusCode, url).toBe(401);
    expect(response.json(), url).toEqual(NOT_AUTHENTICATED);
  }
}

describe('an access token ends with its session', () => {
  it('after logout, the old access token is refused at once, and another session of the manager goes on', async () => {
    const manager = await aManager(ctx.database);
    const ending = await signIn(ctx.app, manager.email, manager.password);
    const staying = await signIn(ctx.app, manager.email, manager.password);
    expect((await get('/api/v1/accounts/me/', ending.access)).statusCode).toBe(200);
    expect((await get('/api/v1/users/', ending.access)).statusCode).toBe(200);

    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/accounts/logout/',
      payload: { refresh: ending.refresh },
    });
    expect(out.statusCode).toBe(204);
    await expectRefused(ending.access);
    expect((await get('/api/v1/users/', staying.access)).statusCode).toBe(200);
  });

  it('an access token from before a refresh lasts while the session does, and ends with it', async () => {
    const manager = await aManager(ctx.database);
    const first = await signIn(ctx.app, manager.email, manager.password);
    const renewed = (await refresh(first.refresh)).json<{ access: string; refresh: string }>();
    expect((await get('/api/v1/accounts/me/', first.access)).statusCode).toBe(200);
    await ctx.app.inject({ method: 'POST', url: '/api/v1/accounts/logout/', payload: { refresh: renewed.refresh } });
    await expectRefused(first.access);
    await expectRefused(renewed.access);
  });

  it('a password changed in the settings refuses the other sessions’ access tokens and keeps this one’s', async () => {
    const manager = await aManager(ctx.database);
    const here = await signIn(ctx.app, manager.email, manager.password);
    const elsewhere = await signIn(ctx.app, manager.email, manager.password);
    expect(await changePassword(ctx.app, here.access, manager.password, 'changed-pass-1')).toBe(200);
    expect((await get('/api/v1/accounts/me/', here.access)).statusCode).toBe(200);
    await expectRefused(elsewhere.access);
  });

  it('a replayed refresh token ends the session, and its access tokens with it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const manager = await aManager(ctx.database);
    const session = await signIn(ctx.app, manager.email, manager.password);
    const renewed = (await refresh(session.refresh)).json<{ access: string }>();
    vi.setSystemTime(Date.now() + 2 * 60 * 1000);
    expect((await refresh(session.refresh)).statusCode).toBe(401);
    await expectRefused(renewed.access);
  });

  it('a session that expires takes the access token it gave a minute before with it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const manager = await aManager(ctx.database);
    const session = await signIn(ctx.app, manager.email, manager.password);
    vi.setSystemTime(start + DAY - 60_000);
    const renewed = (await refresh(session.refresh)).json<{ access: string }>();
    expect((await get('/api/v1/accounts/me/', renewed.access)).statusCode).toBe(200);
    // The access token is good for 15 minutes more, the session ends in one.
    vi.setSystemTime(start + DAY + 1000);
    await expectRefused(renewed.access);
  });

  it('a manager removed while signed in is refused, never answered 500', async () => {
    const manager = await aManager(ctx.database);
    const { access } = await signIn(ctx.app, manager.email, manager.password);
    await ctx.database.db.execute(sql`delete from managers where id = ${manager.id}`);
    await expectRefused(access);
    const command = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/stations/1/ocpp/trigger-message/',
      headers: bearer(access),
      payload: { requested_message: 'Heartbeat' },
    });
    expect(command.statusCode).toBe(401);
  });
});
