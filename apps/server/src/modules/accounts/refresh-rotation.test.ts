import { afterEach, describe, expect, it, vi } from 'vitest';
import { aManager } from '../../test/builders/accounts.ts';
import { bearer, changePassword, signIn, useTestApp } from '../../test/test-app.ts';
import { REFRESH_REUSE_GRACE_MS } from './accounts.service.ts';

/*
 * Refresh tokens are exchanged on use. An exchanged token still works for a short grace period
 * (tabs sharing one session may both refresh with it); after that, presenting it ends the session.
 */
const ctx = useTestApp();

afterEach(() => {
  vi.useRealTimers();
});

const refresh = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/accounts/refresh/', payload: { refresh: token } });
const renewed = async (token: string) => {
  const response = await refresh(token);
  expect(response.statusCode).toBe(200);
  return response.json<{ access: string; refresh: string }>();
};
const me = (access: string) => ctx.app.inject({ method: 'GET', url: '/api/v1/accounts/me/', headers: bearer(access) });

describe('refresh token rotation', () => {
  it('answers a new refresh token each time, and the new one works', async () => {
    const manager = await aManager(ctx.database);
    const first = await signIn(ctx.app, manager.email, manager.password);
    const second = await renewed(first.refresh);
    expect(second.refresh).not.toBe(first.refresh);
    const third = await renewed(second.refresh);
    expect(third.refresh).not.toBe(second.refresh);
    expect((await me(third.access)).statusCode).toBe(200);
  });

  it('lets a second tab refresh with the same token within the grace period', async () => {
    const manager = await aManager(ctx.database);
    const { refresh: shared } = await signIn(ctx.app, manager.email, manager.password);
    const tabA = await renewed(shared);
    const tabB = await renewed(shared);
    expect(tabB.refresh).not.toBe(tabA.refresh);
    // Whichever one the tabs end up sharing keeps the session going.
    expect((await refresh(tabA.refresh)).statusCode).toBe(200);
    expect((await refresh(tabB.refresh)).statusCode).toBe(200);
  });

  it('ends the whole session when an exchanged token comes back after the grace period', async () => {
    const manager = await aManager(ctx.database);
    const other = await signIn(ctx.app, manager.email, manager.password);
    const { refresh: stolen } = await signIn(ctx.app, manager.email, manager.password);
    const current = await renewed(stolen);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + REFRESH_REUSE_GRACE_MS + 1000);
    const replay = await refresh(stolen);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ detail: expect.any(String) });
    // The rightful holder's newer token is gone with it; the manager's other session is not.
    expect((await refresh(current.refresh)).statusCode).toBe(401);
    expect((await refresh(other.refresh)).statusCode).toBe(200);
  });

  it('gives every one of 20 simultaneous refreshes with one token a working token', async () => {
    const manager = await aManager(ctx.database);
    const { refresh: shared } = await signIn(ctx.app, manager.email, manager.password);
    const answers = await Promise.all(Array.from({ length: 20 }, () => refresh(shared)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const tokens = answers.map((answer) => answer.json<{ refresh: string }>().refresh);
    expect(new Set(tokens).size).toBe(20);
    expect((await refresh(tokens[7]!)).statusCode).toBe(200);
  });

  it('keeps naming one session, so a settings password change from a renewed token keeps it', async () => {
    const manager = await aManager(ctx.database);
    const here = await renewed((await signIn(ctx.app, manager.email, manager.password)).refresh);
    const elsewhere = await signIn(ctx.app, manager.email, manager.password);
    expect(await changePassword(ctx.app, here.access, manager.password, 'changed-pass-1')).toBe(200);
    expect((await refresh(here.refresh)).statusCode).toBe(200);
    expect((await refresh(elsewhere.refresh)).statusCode).toBe(401);
  });

  it('logout with the newest token ends the tokens exchanged before it too', async () => {
    const manager = await aManager(ctx.database);
    const { refresh: old } = await signIn(ctx.app, manager.email, manager.password);
    const current = await renewed(old);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/accounts/logout/',
      payload: { refresh: current.refresh },
    });
    expect(out.statusCode).toBe(204);
    expect((await refresh(old)).statusCode).toBe(401);
    expect((await refresh(current.refresh)).statusCode).toBe(401);
  });
});
