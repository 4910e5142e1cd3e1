import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aManager } from '../../test/builders/accounts.ts';
import { resetTokenIn } from '../../test/eml.ts';
import { signIn, useTestApp } from '../../test/test-app.ts';

/*
 * Lifetimes are checked against the server's clock, so these tests move the clock (only Date;
 * timers and the database run as usual) instead of rewriting expiry times in SQL.
 */
const ctx = useTestApp();
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let start = 0;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  start = Date.now();
});
afterEach(() => {
  vi.useRealTimers();
});
const after = (ms: number) => vi.setSystemTime(start + ms);

const refresh = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/accounts/refresh/', payload: { refresh: token } });
const login = (email: string, password: string, remember: boolean) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/accounts/login/', payload: { email, password, remember } });

describe('refresh token lifetime', () => {
  it('lasts a day without "remember me", and is refused after it', async () => {
    const manager = await aManager(ctx.database);
    const { refresh: token } = (await login(manager.email, manager.password, false)).json<{ refresh: string }>();
    after(DAY - 60_000);
    const renewed = await refresh(token);
    expect(renewed.statusCode).toBe(200);
    // The renewed token ends with the session: refreshing does not stretch a lifetime.
    after(DAY + 1000);
    expect((await refresh(renewed.json<{ refresh: string }>().refresh)).statusCode).toBe(401);
  });

  it('lasts thirty days with "remember me"', async () => {
    const manager = await aManager(ctx.database);
    const { refresh: token } = (await login(manager.email, manager.password, true)).json<{ refresh: string }>();
    after(29 * DAY);
    const renewed = await refresh(token);
    expect(renewed.statusCode).toBe(200);
    after(30 * DAY + 1000);
    expect((await refresh(renewed.json<{ refresh: string }>().refresh)).statusCode).toBe(401);
  });
});

describe('recovery link lifetime', () => {
  const requestLink = async (email: string) => {
    await ctx.app.inject({ method: 'POST', url: '/api/v1/accounts/password-reset/', payload: { email } });
    return resetTokenIn((await ctx.outbox()).at(-1)!);
  };
  const confirm = (token: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/accounts/password-reset/confirm/',
      payload: { token, password: 'brand-new-pass', password_confirm: 'brand-new-pass' },
      headers: { 'accept-language': 'en' },
    });

  it('works within the hour', async () => {
    const manager = await aManager(ctx.database);
    const token = await requestLink(manager.email);
    after(HOUR - 60_000);
    expect((await confirm(token)).statusCode).toBe(200);
    expect((await signIn(ctx.app, manager.email, 'brand-new-pass')).access).toBeTruthy();
  });

  it('is refused once older than an hour', async () => {
    const manager = await aManager(ctx.database);
    const token = await requestLink(manager.email);
    after(HOUR + 1000);
    const response = await confirm(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ token: ['The link is invalid or has expired. Request a new one.'] });
  });
});
