import { describe, expect, it } from 'vitest';
import { aManager } from '../../test/builders/accounts.ts';
import { resetTokenIn } from '../../test/eml.ts';
import { changePassword, signIn, useTestApp } from '../../test/test-app.ts';

/* What a changed password takes away: the other sessions and every recovery link still unused. */
const ctx = useTestApp();

const refresh = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/accounts/refresh/', payload: { refresh: token } });
const requestLink = async (email: string) => {
  await ctx.app.inject({ method: 'POST', url: '/api/v1/accounts/password-reset/', payload: { email } });
  return resetTokenIn((await ctx.outbox()).at(-1)!);
};
const confirm = (token: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/accounts/password-reset/confirm/',
    payload: { token, password, password_confirm: password },
  });

describe('after a password change', () => {
  it('by a recovery link, an older unused link no longer works', async () => {
    const manager = await aManager(ctx.database);
    const older = await requestLink(manager.email);
    const newer = await requestLink(manager.email);
    expect((await confirm(newer, 'brand-new-pass')).statusCode).toBe(200);
    expect((await confirm(older, 'another-pass-1')).statusCode).toBe(400);
    expect((await signIn(ctx.app, manager.email, 'brand-new-pass')).access).toBeTruthy();
  });

  it('in the settings, the other sessions end, this one stays, and unused links stop working', async () => {
    const manager = await aManager(ctx.database);
    const here = await signIn(ctx.app, manager.email, manager.password);
    const elsewhere = await signIn(ctx.app, manager.email, manager.password);
    const link = await requestLink(manager.email);

    expect(await changePassword(ctx.app, here.access, manager.password, 'changed-pass-1')).toBe(200);
    expect((await refresh(here.refresh)).statusCode).toBe(200);
    expect((await refresh(elsewhere.refresh)).statusCode).toBe(401);
    expect((await confirm(link, 'brand-new-pass')).statusCode).toBe(400);
  });
});
