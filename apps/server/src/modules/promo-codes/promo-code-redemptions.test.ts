import { eq, sql } from 'drizzle-orm';
import type { Paged } from '@evcms/contracts/common';
import type { BalanceEntry } from '@evcms/contracts/driver-balance';
import type { Driver } from '@evcms/contracts/drivers';
import type { PromoCodeRedemption } from '@evcms/contracts/promo-codes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { promoCodes } from '../../db/schema/promo-codes.ts';
import { aDriver } from '../../test/builders/drivers.ts';
import { aPromoCode } from '../../test/builders/promo-codes.ts';
import { apiCalls, useSignedInApp } from '../../test/test-app.ts';
import { redeemPromoCode } from './promo-code-redemptions.service.ts';

/* Redeeming promo codes on the driver's card (POST /users/{id}/promo-code/), its refusals, and a code's redemptions. */

const ctx = useSignedInApp({ name: 'Manager Bakyt' });
const users = apiCalls(ctx, 'users/', { lang: 'en' });
const codes = apiCalls(ctx, 'ads/promo-codes/', { lang: 'en' });

const apply = (driverId: number, code: string, lang = 'en') =>
  users('POST', `${driverId}/promo-code/`, { payload: { code }, lang });

/** The driver's balance and the sum of its ledger entries, straight from the tables. */
async function balanceAndLedger(driverId: number) {
  const [row] = await queryRows<{ balance: string; sum: string }>(
    ctx.database.db,
    sql`select d.balance_tyiyn as balance,
               (select coalesce(sum(credit_tyiyn - debit_tyiyn), 0) from balance_entries e where e.driver_id = d.id) as sum
        from drivers d where d.id = ${driverId}`,
  );
  return { balance: Number(row!.balance), ledger: Number(row!.sum) };
}

async function usedCount(id: number): Promise<number> {
  const [row] = await ctx.database.db
    .select({ used: promoCodes.usedCount })
    .from(promoCodes)
    .where(eq(promoCodes.id, id));
  return row!.used;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('applying a code on the driver card', () => {
  it('credits the bonus through the ledger in any case of the code, and answers the driver with the new balance', async () => {
    const driver = await aDriver(ctx.database, { balanceTyiyn: 1_000 });
    const code = await aPromoCode(ctx.database, { code: 'Welcome-50', bonus: 5_000 });
    const response = await apply(driver.id, ' welcome-50 ');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Driver>()).toMatchObject({ id: driver.id, balance: 60 });
    expect(await balanceAndLedger(driver.id)).toEqual({ balance: 6_000, ledger: 6_000 });
    const entries = (await users('GET', `payments/?user=${driver.id}`)).json<Paged<BalanceEntry>>().items;
    expect(entries[0]).toMatchObject({
      reason: 'Promo code Welcome-50',
      method: 'promo_code',
      method_name: 'Promo code',
      credit: 50,
      deposit: 60,
      manager: 'Manager Bakyt',
    });
    expect(await usedCount(code.id)).toBe(1);
    expect((await codes('GET', `${code.id}/`)).json()).toMatchObject({ used_count: 1, remaining: null });
  });

  it('lists a code redemptions newest first: driver, date, manager, amount', async () => {
    const [first, second] = [await aDriver(ctx.database), await aDriver(ctx.database)];
    const code = await aPromoCode(ctx.database, { code: 'LISTED-1', bonus: 2_550 });
    expect((await apply(first.id, 'LISTED-1')).statusCode).toBe(200);
    await redeemPromoCode(ctx.database.db, { code: 'listed-1', driverId: second.id, managerId: null });
    const response = await codes('GET', `${code.id}/redemptions/`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<Paged<PromoCodeRedemption>>();
    expect(page.total).toBe(2);
    expect(page.items).toEqual([
      {
        id: expect.any(Number),
        date: expect.any(String),
        driver: {
          id: second.id,
          name: `${second.surname} ${second.firstName}`,
          phone: second.phone,
          account: second.account,
        },
        manager: null,
        amount: 25.5,
      },
      expect.objectContaining({
        driver: expect.objectContaining({ id: first.id }),
        manager: 'Manager Bakyt',
        amount: 25.5,
      }),
    ]);
    expect((await codes('GET', '999999/redemptions/')).statusCode).toBe(404);
  });

  it('refuses each reason with its localised message and changes nothing', async () => {
    const driver = await aDriver(ctx.database);
    await aPromoCode(ctx.database, { code: 'OFF-CODE', status: 1 });
    await aPromoCode(ctx.database, { code: 'LATER-CODE', valid_from: new Date('2099-01-01T00:00:00Z') });
    await aPromoCode(ctx.database, {
      code: 'PAST-CODE',
      valid_from: new Date('2020-01-01T00:00:00Z'),
      valid_to: new Date('2020-02-01T00:00:00Z'),
    });
    const usedUp = await aPromoCode(ctx.database, { code: 'ONE-USE', total_uses: 1 });
    const once = await aPromoCode(ctx.database, { code: 'ONCE-EACH' });
    expect((await apply((await aDriver(ctx.database)).id, 'one-use')).statusCode).toBe(200);
    expect((await apply(driver.id, 'once-each')).statusCode).toBe(200);
    const refusals = [
      ['NO-SUCH-CODE', 400, { code: ['Такого промокода нет'] }],
      ['off-code', 409, { detail: 'Промокод деактивирован' }],
      ['later-code', 409, { detail: 'Промокод ещё не действует' }],
      ['past-code', 409, { detail: 'Срок действия промокода истёк' }],
      ['one-use', 409, { detail: 'Промокод использован максимальное число раз' }],
      ['ONCE-EACH', 409, { detail: 'Пользователь уже использовал этот промокод максимальное число раз' }],
    ] as const;
    for (const [code, status, body] of refusals) {
      const response = await apply(driver.id, code, 'ru');
      expect([code, response.statusCode, response.json()]).toEqual([code, status, body]);
    }
    expect(await balanceAndLedger(driver.id)).toEqual({ balance: 10_000, ledger: 10_000 });
    expect([await usedCount(usedUp.id), await usedCount(once.id)]).toEqual([1, 1]);
  });

  it('counts the validity by the clock: valid from its start, refused from its end', async () => {
    // Through the service: moving the clock years ahead would expire the manager's access token.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-05-01T00:00:00Z'));
    const driver = await aDriver(ctx.database);
    await aPromoCode(ctx.database, {
      code: 'MAY-ONLY',
      uses_per_driver: 3,
      valid_from: new Date('2030-05-02T00:00:00Z'),
      valid_to: new Date('2030-06-01T00:00:00Z'),
    });
    const redeem = () => redeemPromoCode(ctx.database.db, { code: 'MAY-ONLY', driverId: driver.id, managerId: null });
    await expect(redeem()).rejects.toMatchObject({ statusCode: 409, key: 'promo_code_not_yet_valid' });
    vi.setSystemTime(new Date('2030-05-02T00:00:00Z'));
    await expect(redeem()).resolves.toMatchObject({ code: 'MAY-ONLY', creditTyiyn: 10_000, balanceAfterTyiyn: 10_000 });
    vi.setSystemTime(new Date('2030-06-01T00:00:00Z'));
    await expect(redeem()).rejects.toMatchObject({ statusCode: 409, key: 'promo_code_expired' });
  });

  it('lets a driver use a code as many times as it allows per driver', async () => {
    const driver = await aDriver(ctx.database);
    await aPromoCode(ctx.database, { code: 'TWICE-EACH', uses_per_driver: 2, bonus: 100 });
    expect((await apply(driver.id, 'TWICE-EACH')).statusCode).toBe(200);
    expect((await apply(driver.id, 'TWICE-EACH')).statusCode).toBe(200);
    expect((await apply(driver.id, 'TWICE-EACH')).statusCode).toBe(409);
    expect(await balanceAndLedger(driver.id)).toEqual({ balance: 200, ledger: 200 });
  });

  it('refuses a blocked driver (409) and a driver that is not there (404)', async () => {
    const blocked = await aDriver(ctx.database, { blocked: true });
    const code = await aPromoCode(ctx.database, { code: 'FOR-BLOCKED' });
    expect((await apply(blocked.id, 'FOR-BLOCKED')).json()).toEqual({
      detail: 'The user is blocked: a promo code cannot be applied',
    });
    expect((await apply(999_999, 'FOR-BLOCKED')).statusCode).toBe(404);
    expect(await usedCount(code.id)).toBe(0);
    expect((await users('POST', `${blocked.id}/promo-code/`, { payload: {} })).statusCode).toBe(400);
  });
});

describe('a redeemed code', () => {
  it('keeps its code and bonus, its total uses not below the uses so far, and cannot be deleted', async () => {
    const code = await aPromoCode(ctx.database, { code: 'KEPT-CODE', total_uses: 5 });
    expect((await apply((await aDriver(ctx.database)).id, 'KEPT-CODE')).statusCode).toBe(200);
    expect((await codes('PATCH', `${code.id}/`, { payload: { bonus: 1 } })).json()).toEqual({
      detail: 'This promo code has been redeemed: its code and bonus can no longer be changed',
    });
    expect((await codes('PATCH', `${code.id}/`, { payload: { code: 'kept-code2' } })).statusCode).toBe(409);
    expect((await codes('PATCH', `${code.id}/`, { payload: { total_uses: 0 } })).statusCode).toBe(400);
    const below = await codes('PATCH', `${code.id}/`, { payload: { total_uses: 1, status: 1 } });
    expect(below.statusCode, below.body).toBe(200);
    expect(below.json()).toMatchObject({ total_uses: 1, remaining: 0, active: false });
    const raised = await codes('PATCH', `${code.id}/`, {
      payload: { total_uses: 10, valid_to: '2099-01-01T00:00:00Z' },
    });
    expect(raised.json()).toMatchObject({ total_uses: 10, remaining: 9 });
    const deleted = await codes('DELETE', `${code.id}/`);
    expect([deleted.statusCode, deleted.json()]).toEqual([
      409,
      { detail: 'This promo code has been redeemed: it cannot be deleted, only deactivated' },
    ]);
  });

  it('refuses total uses below the uses so far on the field', async () => {
    const code = await aPromoCode(ctx.database, { code: 'THREE-USED', uses_per_driver: 5 });
    const driver = await aDriver(ctx.database);
    for (let i = 0; i < 3; i += 1) expect((await apply(driver.id, 'THREE-USED')).statusCode).toBe(200);
    expect((await codes('PATCH', `${code.id}/`, { payload: { total_uses: 2 } })).json()).toEqual({
      total_uses: ['The total uses cannot be below the uses so far (3)'],
    });
  });
});
