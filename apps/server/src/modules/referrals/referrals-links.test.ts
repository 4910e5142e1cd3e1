import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { referrals } from '../../db/schema/referrals.ts';
import { aCharge } from '../../test/builders/charges.ts';
import { aDriver, aDriverRequest } from '../../test/builders/drivers.ts';
import { useSignedInApp } from '../../test/test-app.ts';

/* Linking an invited driver to the inviter: at registration, on the card, and what is refused. */
const ctx = useSignedInApp();

function setInviter(driverId: number, code: string, lang = 'en') {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/users/${driverId}/inviter/`,
    headers: { ...ctx.auth, 'accept-language': lang },
    payload: { referral_code: code },
  });
}

async function card(driverId: number) {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/users/${driverId}/`, headers: ctx.auth });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('a driver answer', () => {
  it('shows its referral code, 8 hex digits, in the list and the card; nobody invited it', async () => {
    const driver = await aDriver(ctx.database);
    expect(driver.referralCode).toMatch(/^[0-9A-F]{8}$/);
    const answer = await card(driver.id);
    expect(answer).toMatchObject({ referral_code: driver.referralCode, invited_by: null });
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/users/?search_by_user_id=${driver.id}`,
      headers: ctx.auth,
    });
    expect(list.json().items[0].referral_code).toBe(driver.referralCode);
  });
});

describe('linking at registration', () => {
  it('records the inviter whose code the form gave, typed in any case, and shows it on the card', async () => {
    const inviter = await aDriver(ctx.database, { surname: 'Asanov', firstName: 'Bolot' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/',
      headers: ctx.auth,
      payload: aDriverRequest({ referral_code: ` ${inviter.referralCode.toLowerCase()} ` }),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().invited_by).toEqual({ id: inviter.id, name: 'Asanov Bolot' });
    const [row] = await ctx.database.db
      .select()
      .from(referrals)
      .where(eq(referrals.invitedDriverId, response.json().id));
    expect(row).toMatchObject({ inviterDriverId: inviter.id, rewardedAt: null });
    expect(row!.linkedBy).not.toBeNull();
  });

  it('registers nobody when the code is unknown: a 400 naming the field', async () => {
    const request = aDriverRequest({ referral_code: 'FFFFFFFF' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/',
      headers: { ...ctx.auth, 'accept-language': 'ru' },
      payload: request,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().referral_code).toEqual(['Нет водителя с таким реферальным кодом']);
    const phone = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/users/?phone=${request.phone}`,
      headers: ctx.auth,
    });
    expect(phone.json().total).toBe(0);
  });

  it('takes a blank code as none, refuses a malformed one', async () => {
    const blank = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/',
      headers: ctx.auth,
      payload: aDriverRequest({ referral_code: '' }),
    });
    expect(blank.statusCode).toBe(201);
    expect(blank.json().invited_by).toBeNull();
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/',
      headers: { ...ctx.auth, 'accept-language': 'en' },
      payload: aDriverRequest({ referral_code: 'XYZ' }),
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().referral_code).toEqual(['A referral code is 8 Latin letters A-F or digits']);
  });
});

describe('linking on the card', () => {
  it('sets, changes while pending and removes the inviter', async () => {
    const [invited, first, second] = [
      await aDriver(ctx.database),
      await aDriver(ctx.database),
      await aDriver(ctx.database),
    ];
    const set = await setInviter(invited.id, first.referralCode);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ id: first.id, name: `${first.surname} ${first.firstName}` });
    expect((await setInviter(invited.id, second.referralCode)).statusCode).toBe(200);
    expect((await card(invited.id)).invited_by.id).toBe(second.id);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${invited.id}/inviter/`,
      headers: ctx.auth,
    });
    expect(removed.statusCode).toBe(204);
    expect((await card(invited.id)).invited_by).toBeNull();
  });

  it('refuses the driver themselves (400) and a circle (409), naming the field, in the language asked', async () => {
    const [a, b, c] = [await aDriver(ctx.database), await aDriver(ctx.database), await aDriver(ctx.database)];
    const self = await setInviter(a.id, a.referralCode);
    expect(self.statusCode).toBe(400);
    expect(self.json().referral_code).toEqual(['A driver cannot invite themselves']);
    expect((await setInviter(b.id, a.referralCode)).statusCode).toBe(200); // a invited b
    expect((await setInviter(c.id, b.referralCode)).statusCode).toBe(200); // b invited c
    const circle = await setInviter(a.id, c.referralCode, 'ky');
    expect(circle.statusCode).toBe(409);
    expect(circle.json().referral_code).toEqual([
      'Бул айдоочу чакыруучуну өзү чакырган (түз же башкалар аркылуу): тегерек пайда болот',
    ]);
    expect((await card(a.id)).invited_by).toBeNull();
  });

  it('answers 404 for an unknown driver and 400 for a malformed code', async () => {
    const inviter = await aDriver(ctx.database);
    expect((await setInviter(999_999_999, inviter.referralCode)).statusCode).toBe(404);
    const malformed = await setInviter(inviter.id, '12');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().referral_code).toBeDefined();
  });

  it('keeps a rewarded link: neither changed nor removed (409)', async () => {
    const [invited, inviter, other] = [
      await aDriver(ctx.database, { balanceTyiyn: 1_000_000 }),
      await aDriver(ctx.database),
      await aDriver(ctx.database),
    ];
    expect((await setInviter(invited.id, inviter.referralCode)).statusCode).toBe(200);
    await aCharge(ctx.database, { driverId: invited.id });
    const relink = await setInviter(invited.id, other.referralCode);
    expect(relink.statusCode).toBe(409);
    expect(relink.json().referral_code).toEqual([
      'The bonuses for this invitation are already paid: the inviter cannot be changed',
    ]);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${invited.id}/inviter/`,
      headers: ctx.auth,
    });
    expect(removed.statusCode).toBe(409);
    expect((await card(invited.id)).invited_by.id).toBe(inviter.id);
  });

  it('lets one of two opposite links made at once through, the other is a circle', { timeout: 60_000 }, async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = [await aDriver(ctx.database), await aDriver(ctx.database)];
      const answers = await Promise.all([setInviter(a.id, b.referralCode), setInviter(b.id, a.referralCode)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const rows = await ctx.database.db.select().from(referrals).where(eq(referrals.inviterDriverId, a.id));
      const back = await ctx.database.db.select().from(referrals).where(eq(referrals.inviterDriverId, b.id));
      expect(rows.length + back.length).toBe(1);
    }
  });
});
