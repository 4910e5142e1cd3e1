import type { Rate } from '@evcms/contracts/rates';
import { describe, expect, it } from 'vitest';
import { aMerchant } from '../../test/builders/merchants.ts';
import { anActivePersonalRate, aRate, aRateRequest } from '../../test/builders/rates.ts';
import { apiCalls, openApiPaths, useSignedInApp } from '../../test/test-app.ts';

const ctx = useSignedInApp();

const call = apiCalls(ctx, 'payments/');

async function created(payload: object): Promise<Rate> {
  const response = await call('POST', '', { payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Rate>();
}

describe('creating and reading a rate', () => {
  it('creates an inactive default rate, answers it with the price in som, and reads it back', async () => {
    const response = await call('POST', '', {
      payload: { name: '  Night tariff ', type: 'default', typo: 'gbt_dc', price: '9.90' },
      lang: 'en',
    });
    expect(response.statusCode).toBe(201);
    const rate = response.json<Rate>();
    expect(rate).toEqual({
      id: expect.any(Number),
      name: 'Night tariff',
      type: 'default',
      typo: 'gbt_dc',
      typo_name: 'GB/T DC',
      price: 9.9,
      status: 1,
      active: false,
      merchants: [],
      created_at: expect.any(String),
    });
    const read = await call('GET', `${rate.id}/`, { lang: 'ru' });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ ...rate, typo_name: 'GB/T DC (постоянный ток)' });
  });

  it('keeps a personal rate with its merchants, each once and sorted', async () => {
    const [a, b] = [await aMerchant(ctx.app, ctx.auth), await aMerchant(ctx.app, ctx.auth)];
    const rate = await created(aRateRequest({ type: 'personal', merchants: [b.id, a.id, b.id], price: 7 }));
    expect(rate).toMatchObject({ type: 'personal', merchants: [a.id, b.id], price: 7 });
    expect((await call('GET', `${rate.id}/`)).json<Rate>().merchants).toEqual([a.id, b.id]);
  });

  it('needs merchants on a personal rate, refuses them on a default one, and refuses unknown ones', async () => {
    const merchant = await aMerchant(ctx.app, ctx.auth);
    const none = await call('POST', '', { payload: aRateRequest({ type: 'personal' }), lang: 'en' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ merchants: ['Choose at least one merchant for a personal rate'] });
    const onDefault = await call('POST', '', {
      payload: aRateRequest({ type: 'default', merchants: [merchant.id] }),
      lang: 'en',
    });
    expect(onDefault.statusCode).toBe(400);
    expect(onDefault.json()).toEqual({
      merchants: ['A default rate applies to all merchants and cannot have merchants of its own'],
    });
    const unknown = await call('POST', '', {
      payload: aRateRequest({ type: 'personal', merchants: [merchant.id, 999_999] }),
      lang: 'en',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ merchants: ['Select a valid choice'] });
  });

  it('names every wrong field, in the language asked', async () => {
    const wrong = await call('POST', '', {
      payload: { name: 5, type: 'vip', typo: [], price: true, status: 'on', merchants: 'all' },
      lang: 'en',
    });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json()).sort()).toEqual(['merchants', 'name', 'price', 'status', 'type', 'typo']);
    expect(wrong.json()).toMatchObject({ type: ['Select a valid choice'], typo: ['Select a valid choice'] });
    const blank = await call('POST', '', { payload: {}, lang: 'ru' });
    expect(blank.json()).toEqual({
      name: ['Поле не может быть пустым'],
      type: ['Поле не может быть пустым'],
      typo: ['Поле не может быть пустым'],
      price: ['Поле не может быть пустым'],
    });
  });

  it('takes a price of at most two decimals, never negative', async () => {
    const decimals = await call('POST', '', { payload: aRateRequest({ price: 12.345 }), lang: 'en' });
    expect(decimals.statusCode).toBe(400);
    expect(decimals.json()).toEqual({ price: ['Ensure that there are no more than 2 decimal places'] });
    const negative = await call('POST', '', { payload: aRateRequest({ price: '-0.01' }), lang: 'en' });
    expect(negative.json()).toEqual({ price: ['Ensure this value is greater than or equal to 0'] });
    expect((await created(aRateRequest({ price: '12.500' }))).price).toBe(12.5);
  });

  it('refuses a body that is not an object', async () => {
    for (const payload of [null, [], 'rate', 5]) {
      const response = await call('POST', '', { payload, lang: 'en' });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ detail: 'The request body is malformed.' });
    }
  });

  it('answers 404 for an unknown rate and 400 for a malformed id', async () => {
    expect((await call('GET', '999999/')).statusCode).toBe(404);
    const malformed = await call('GET', 'abc/', { lang: 'en' });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json())).toEqual(['id']);
  });
});

describe('editing a rate', () => {
  it('changes only the fields sent', async () => {
    const rate = await created(aRateRequest({ name: 'Before', typo: 'type1', price: 10 }));
    const response = await call('PATCH', `${rate.id}/`, { payload: { price: '11.25' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...rate, price: 11.25 });
    const renamed = (
      await call('PATCH', `${rate.id}/`, { payload: { name: 'After', typo: 'tesla' }, lang: 'en' })
    ).json<Rate>();
    expect(renamed).toEqual({ ...rate, name: 'After', typo: 'tesla', typo_name: 'Tesla (NACS)', price: 11.25 });
  });

  it('checks the merchants as they will be stored when the type changes', async () => {
    const merchant = await aMerchant(ctx.app, ctx.auth);
    const rate = await created(aRateRequest({ type: 'personal', merchants: [merchant.id] }));
    const kept = await call('PATCH', `${rate.id}/`, { payload: { type: 'default' }, lang: 'en' });
    expect(kept.statusCode).toBe(400);
    expect(Object.keys(kept.json())).toEqual(['merchants']);
    const cleared = await call('PATCH', `${rate.id}/`, { payload: { type: 'default', merchants: [] } });
    expect(cleared.json()).toMatchObject({ type: 'default', merchants: [] });
    const back = await call('PATCH', `${rate.id}/`, { payload: { type: 'personal' }, lang: 'en' });
    expect(back.json()).toEqual({ merchants: ['Choose at least one merchant for a personal rate'] });
  });

  it('refuses to edit an active rate (409) but lets it be deactivated', async () => {
    const rate = await aRate(ctx.database, { typo: 'schuko', status: 0 });
    const refused = await call('PATCH', `${rate.id}/`, { payload: { price: 1 }, lang: 'en' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'An active rate cannot be edited. Deactivate it first.' });
    const ru = await call('PATCH', `${rate.id}/`, { payload: { name: 'x', status: 1 }, lang: 'ru' });
    expect(ru.json()).toEqual({ detail: 'Активный тариф нельзя изменить. Сначала деактивируйте его.' });
    const deactivated = await call('PATCH', `${rate.id}/`, { payload: { status: 1 } });
    expect(deactivated.json()).toMatchObject({ status: 1, active: false, price: 12.5 });
    const edited = await call('PATCH', `${rate.id}/`, { payload: { price: 1, status: 0 } });
    expect(edited.json()).toMatchObject({ status: 0, active: true, price: 1 });
  });

  it('answers 404 for an unknown rate and names wrong fields', async () => {
    expect((await call('PATCH', '999999/', { payload: { price: 1 } })).statusCode).toBe(404);
    const rate = await created(aRateRequest());
    const wrong = await call('PATCH', `${rate.id}/`, { payload: { name: '', price: 1.001, typo: 'x' }, lang: 'en' });
    expect(wrong.json()).toEqual({
      name: ['Field cannot be blank'],
      price: ['Ensure that there are no more than 2 decimal places'],
      typo: ['Select a valid choice'],
    });
  });
});

describe('deleting a rate', () => {
  it('refuses an active rate with 409 and deletes an inactive one with its merchants', async () => {
    const merchant = await aMerchant(ctx.app, ctx.auth);
    const active = await anActivePersonalRate(ctx.database, [merchant.id], { typo: 'chademo' });
    const refused = await call('DELETE', `${active.id}/`, { lang: 'en' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'An active rate cannot be deleted. Deactivate it first.' });
    const inactive = await aRate(ctx.database, { type: 'personal', merchantIds: [merchant.id] });
    const deleted = await call('DELETE', `${inactive.id}/`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await call('GET', `${inactive.id}/`)).statusCode).toBe(404);
    expect((await call('DELETE', `${inactive.id}/`)).statusCode).toBe(404);
    expect((await call('GET', `${active.id}/`)).statusCode).toBe(200);
  });
});

describe('the API document', () => {
  it('lists the rate calls', async () => {
    const paths = await openApiPaths(ctx.app);
    expect(Object.keys(paths['/api/v1/payments/']!).sort()).toEqual(['get', 'patch', 'post']);
    expect(Object.keys(paths['/api/v1/payments/{id}/']!).sort()).toEqual(['delete', 'get', 'patch']);
    expect(Object.keys(paths['/api/v1/payments/default-rates-fee/']!)).toEqual(['get']);
  });
});
