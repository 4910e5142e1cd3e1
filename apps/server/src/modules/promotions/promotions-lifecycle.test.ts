import type { Promotion, PromotionListItem } from '@evcms/contracts/promotions';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { promotions } from '../../db/schema/promotions.ts';
import { registerDiscountFor } from '../charges/charge-discounts.service.ts';
import { aCharge, aChargePoint } from '../../test/builders/charges.ts';
import { aPromotion } from '../../test/builders/promotions.ts';
import { apiCalls, useSignedInApp } from '../../test/test-app.ts';
import * as discounts from './promotion-discounts.service.ts';
import { createPromotionSweep } from './promotion-sweep.ts';
import { deactivateEndedPromotions } from './promotions.service.ts';

/* Status changes, deletion, and the end of a promotion: shown inactive when read, stored so by the sweep. */

const ctx = useSignedInApp();
const call = apiCalls(ctx, 'ads/promotions/', { lang: 'en' });

const MINUTE = 60_000;
/** A promotion that ends a minute from now (the sign-in's token lives 15 minutes: the clock moves only a little). */
const endingSoon = (overrides: Parameters<typeof aPromotion>[1] = {}) =>
  aPromotion(ctx.database, { end_at: new Date(Date.now() + MINUTE).toISOString(), ...overrides });
const later = () => vi.setSystemTime(new Date(Date.now() + 2 * MINUTE));
const storedStatus = async (id: number) =>
  (await ctx.database.db.select({ status: promotions.status }).from(promotions).where(eq(promotions.id, id)))[0]
    ?.status;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('bulk status changes', () => {
  it('deactivates and activates every id or none, answering list items in the order sent', async () => {
    const [a, b] = [await aPromotion(ctx.database), await aPromotion(ctx.database)];
    const changed = vi.spyOn(discounts, 'promotionsChanged');
    const off = await call('PATCH', 'statuses/', { payload: { ids: [b.id, a.id], status: 1 } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<PromotionListItem[]>().map((item) => [item.id, item.status, item.active])).toEqual([
      [b.id, 1, false],
      [a.id, 1, false],
    ]);
    expect(changed).toHaveBeenCalled();
    const missing = await call('PATCH', 'statuses/', { payload: { ids: [a.id, 99999999], status: 0 } });
    expect(missing.statusCode).toBe(404);
    expect(await storedStatus(a.id)).toBe(1);
    const on = await call('PATCH', 'statuses/', { payload: { ids: [a.id], status: 0 } });
    expect(on.json<PromotionListItem[]>()[0]).toMatchObject({ id: a.id, status: 0, active: true });
  });

  it('refuses bad bodies', async () => {
    for (const payload of [{}, { ids: [], status: 0 }, { ids: [1], status: 2 }, { ids: ['x'], status: 0 }, [1], null])
      expect((await call('PATCH', 'statuses/', { payload })).statusCode, JSON.stringify(payload)).toBe(400);
  });
});

describe('deleting a promotion', () => {
  it('deletes an inactive one; an active one is a 409', async () => {
    const promotion = await aPromotion(ctx.database);
    const active = await call('DELETE', `${promotion.id}/`);
    expect(active.statusCode).toBe(409);
    expect(active.json()).toEqual({ detail: 'An active promotion cannot be deleted. Deactivate it first.' });
    await call('PATCH', 'statuses/', { payload: { ids: [promotion.id], status: 1 } });
    const changed = vi.spyOn(discounts, 'promotionsChanged');
    expect((await call('DELETE', `${promotion.id}/`)).statusCode).toBe(204);
    expect(changed).toHaveBeenCalled();
    expect((await call('GET', `${promotion.id}/`)).statusCode).toBe(404);
    expect((await call('DELETE', `${promotion.id}/`)).statusCode).toBe(404);
  });

  it('keeps one that gave a charge its discount (409), and counts its charges', async () => {
    const station = await aChargePoint(ctx.database);
    const promotion = await aPromotion(ctx.database, { stations: [station.id], status: 1 });
    const restore = registerDiscountFor(async (_db, charge) =>
      charge.stationId === station.id ? { promotionId: promotion.id, discountTyiyn: 100 } : null,
    );
    try {
      await aCharge(ctx.database, { station });
    } finally {
      registerDiscountFor(restore);
    }
    expect((await call('GET', `${promotion.id}/`)).json<Promotion>().charges_count).toBe(1);
    const used = await call('DELETE', `${promotion.id}/`);
    expect(used.statusCode).toBe(409);
    expect(used.json()).toEqual({
      detail: 'This promotion gave discounts to charges: it cannot be deleted, only deactivated.',
    });
    expect((await call('GET', `${promotion.id}/`)).statusCode).toBe(200);
  });
});

describe('the end of a promotion', () => {
  it('shows a promotion whose end passed as inactive and expired, in the list and the card', async () => {
    const promotion = await endingSoon();
    vi.useFakeTimers({ toFake: ['Date'] });
    later();
    const read = (await call('GET', `${promotion.id}/`)).json<Promotion>();
    expect(read).toMatchObject({ status: 1, active: false, expired: true });
    const listed = (await call('GET', `?search=${promotion.id}&status=1`)).json<{ items: PromotionListItem[] }>();
    expect(listed.items.map((item) => item.id)).toContain(promotion.id);
    expect((await call('GET', `?search=${promotion.id}&active=true`)).json<{ total: number }>().total).toBe(0);
    expect(await storedStatus(promotion.id)).toBe(0);
  });

  it('is stored inactive by the sweep, which tells the discounts only when it changed something', async () => {
    const promotion = await endingSoon();
    const lasting = await aPromotion(ctx.database);
    const changed = vi.spyOn(discounts, 'promotionsChanged');
    expect(await deactivateEndedPromotions({ db: ctx.database.db })).not.toContain(promotion.id);
    vi.useFakeTimers({ toFake: ['Date'] });
    later();
    changed.mockClear();
    const swept = await deactivateEndedPromotions({ db: ctx.database.db });
    expect(swept).toContain(promotion.id);
    expect(swept).not.toContain(lasting.id);
    expect(changed).toHaveBeenCalledTimes(1);
    expect(await storedStatus(promotion.id)).toBe(1);
    expect(await storedStatus(lasting.id)).toBe(0);
    changed.mockClear();
    expect(await deactivateEndedPromotions({ db: ctx.database.db })).toEqual([]);
    expect(changed).not.toHaveBeenCalled();
  });

  it('cannot be activated once ended: create, edit and bulk answer 409', async () => {
    const expiredMessage = { detail: 'This promotion has ended and cannot be activated. Move its end first.' };
    const promotion = await endingSoon({ status: 1 });
    vi.useFakeTimers({ toFake: ['Date'] });
    later();
    const bulk = await call('PATCH', 'statuses/', { payload: { ids: [promotion.id], status: 0 } });
    expect(bulk.statusCode).toBe(409);
    expect(bulk.json()).toEqual(expiredMessage);
    const edit = await call('PATCH', `${promotion.id}/`, { payload: { status: 0 } });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual(expiredMessage);
    await expect(
      aPromotion(ctx.database, { start_at: '2020-01-01T00:00:00Z', end_at: '2020-02-01T00:00:00Z' }),
    ).rejects.toMatchObject({ statusCode: 409, key: 'promotion_expired_activate' });
    // Moving its end activates it again; so does deactivating what has ended.
    const moved = await call('PATCH', `${promotion.id}/`, {
      payload: { status: 0, end_at: new Date(Date.now() + 60 * MINUTE).toISOString() },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ status: 0, active: true, expired: false });
  });

  it('stores inactive an active promotion edited after its end without asking to activate it', async () => {
    const promotion = await endingSoon();
    vi.useFakeTimers({ toFake: ['Date'] });
    later();
    const edit = await call('PATCH', `${promotion.id}/`, { payload: { title_en: 'Renamed' } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ status: 1, expired: true, name: 'Renamed' });
    expect(await storedStatus(promotion.id)).toBe(1);
  });

  it('may be deleted once ended, even before the sweep stored it inactive', async () => {
    const promotion = await endingSoon();
    vi.useFakeTimers({ toFake: ['Date'] });
    later();
    expect((await call('DELETE', `${promotion.id}/`)).statusCode).toBe(204);
  });

  it('is swept every minute by the app, which logs a failed sweep and goes on', async () => {
    const log = { info: vi.fn(), error: vi.fn() };
    let calls = 0;
    const failing = {
      update: () => {
        calls += 1;
        throw new Error('database gone');
      },
    };
    const sweep = createPromotionSweep(failing as never, log as never, 20);
    await vi.waitFor(() => expect(log.error).toHaveBeenCalledWith(expect.anything(), 'promotion sweep failed'));
    await sweep.close();
    const after = calls;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(calls).toBe(after);
  });
});
