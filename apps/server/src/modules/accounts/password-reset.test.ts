import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { aManager } from '../../test/builders/accounts.ts';
import { resetTokenIn } from '../../test/eml.ts';
import { signIn, useTestApp } from '../../test/test-app.ts';

const ctx = useTestApp();

const requestReset = (email: string, lang = 'en') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/accounts/password-reset/',
    payload: { email },
    headers: { 'accept-language': lang },
  });
const confirm = (payload: object, lang = 'en') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/accounts/password-reset/confirm/',
    payload,
    headers: { 'accept-language': lang },
  });

describe('password recovery', () => {
  it('answers the same for known and unknown addresses and mails only the known one', async () => {
    const manager = await aManager(ctx.database);
    const before = (await ctx.outbox()).length;
    const known = await requestReset(manager.email);
    const unknown = await requestReset('stranger@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    const mails = await ctx.outbox();
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)).toContain(`To: ${manager.email}`);
  });

  it('sets a new password with the mailed link, once, and signs out every session', async () => {
    const manager = await aManager(ctx.database);
    const session = await signIn(ctx.app, manager.email, manager.password);
    await requestReset(manager.email);
    const token = resetTokenIn((await ctx.outbox()).at(-1)!);

    const ok = await confirm({ token, password: 'brand-new-pass', password_confirm: 'brand-new-pass' });
    expect(ok.statusCode).toBe(200);
    expect((await signIn(ctx.app, manager.email, 'brand-new-pass')).access).toBeTruthy();
    const oldSession = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/accounts/refresh/',
      payload: { refresh: session.refresh },
    });
    expect(oldSession.statusCode).toBe(401);

    const again = await confirm({ token, password: 'another-pass1', password_confirm: 'another-pass1' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ token: ['The link is invalid or has expired. Request a new one.'] });
  });

  it('checks the new password and its confirmation, in Kyrgyz too', async () => {
    const response = await confirm({ token: 'x', password: 'short', password_confirm: 'other' }, 'ky');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      password: ['Сырсөз кеминде 8 белгиден турушу керек'],
      password_confirm: ['Сырсөздөр дал келбейт'],
    });
  });

  it('writes the mail in the language of the screen it was asked from, not the saved one', async () => {
    const greetings = { ru: 'Здравствуйте!', en: 'Hello!', ky: 'Саламатсызбы!' };
    const manager = await aManager(ctx.database);
    await ctx.database.db.execute(sql`update managers set language = 'ky' where id = ${manager.id}`);
    for (const [lang, greeting] of Object.entries(greetings)) {
      await requestReset(manager.email, lang);
      const mail = (await ctx.outbox()).at(-1)!;
      expect(mail, lang).toContain(greeting);
      for (const other of Object.values(greetings).filter((text) => text !== greeting))
        expect(mail, lang).not.toContain(other);
    }
  });
});
