import { eq } from 'drizzle-orm';
import type { Partner } from '@evcms/contracts/partners';
import { describe, expect, it } from 'vitest';
import { newsEvents } from '../../db/schema/news.ts';
import { partners } from '../../db/schema/partners.ts';
import { aMerchant } from '../../test/builders/merchants.ts';
import { aPartner, aPartnerRequest } from '../../test/builders/partners.ts';
import { apiCalls, openApiPaths, useSignedInApp } from '../../test/test-app.ts';

const ctx = useSignedInApp();
const call = apiCalls(ctx, 'partners/', { lang: 'en' });

describe('creating a partner', () => {
  it('answers 201 with the partner, its merchants named in the language asked, and writes no news event', async () => {
    const [one, two] = [await aMerchant(ctx.app, ctx.auth), await aMerchant(ctx.app, ctx.auth)];
    const newsBefore = (await ctx.database.db.select().from(newsEvents)).length;
    const response = await call('POST', '', {
      lang: 'ru',
      payload: aPartnerRequest({
        name_ru: ' Оператор ',
        name_en: 'Operator',
        name_ky: 'Оператор ky',
        phone: '+996 (700) 12-34-56',
        email: 'Ops@Example.com',
        fee_model: 'percent',
        fee_percent: '12.5',
        fee_fixed: 100,
        started_on: '2024-02-29',
        merchant_ids: [two.id, one.id, two.id],
      }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const partner = response.json<Partner>();
    expect(partner).toMatchObject({
      name: 'Оператор',
      name_ru: 'Оператор',
      name_en: 'Operator',
      phone: '996700123456',
      email: 'ops@example.com',
      fee_model: 'percent',
      fee_percent: 12.5,
      // The other model's amount is not kept.
      fee_fixed: null,
      started_on: '2024-02-29',
      status: 0,
      merchant_ids: [one.id, two.id],
      merchants: [
        { id: one.id, name: one.name_ru },
        { id: two.id, name: two.name_ru },
      ],
    });
    const [row] = await ctx.database.db.select().from(partners).where(eq(partners.id, partner.id));
    expect(row).toMatchObject({ feePercentBp: 1250, feeFixedTyiyn: null });
    expect((await ctx.database.db.select().from(newsEvents)).length).toBe(newsBefore);
    expect((await call('GET', `${partner.id}/`)).json<Partner>()).toMatchObject({
      name: 'Operator',
      fee_percent: 12.5,
    });
  });

  it('stores a fixed fee in tyiyn', async () => {
    const partner = await aPartner(ctx.app, ctx.auth, {
      fee_model: 'fixed',
      fee_fixed: 15000.5,
      fee_percent: undefined,
    });
    expect(partner).toMatchObject({ fee_model: 'fixed', fee_fixed: 15000.5, fee_percent: null, merchants: [] });
    const [row] = await ctx.database.db.select().from(partners).where(eq(partners.id, partner.id));
    expect(row!.feeFixedTyiyn).toBe(1_500_050);
  });

  it('answers a localised 400 naming each bad field', async () => {
    const response = await call('POST', '', {
      lang: 'ru',
      payload: aPartnerRequest({
        name_en: '',
        phone: '12345',
        email: 'nope',
        fee_percent: 101,
        started_on: '2024-02-30',
        merchant_ids: [0],
      }),
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<Record<string, string[]>>();
    expect(Object.keys(body).sort()).toEqual(
      ['email', 'fee_percent', 'merchant_ids.0', 'name_en', 'phone', 'started_on'].sort(),
    );
    expect(body.phone![0]).toMatch(/телефон/i);
  });

  it('needs the amount of the model chosen', async () => {
    const fixed = await call('POST', '', { payload: aPartnerRequest({ fee_model: 'fixed', fee_percent: 5 }) });
    expect(fixed.statusCode).toBe(400);
    expect(fixed.json()).toEqual({ fee_fixed: ['Field cannot be blank'] });
    const model = await call('POST', '', { payload: aPartnerRequest({ fee_model: 'monthly' as never }) });
    expect(Object.keys(model.json())).toEqual(['fee_model']);
  });

  it('refuses a merchant that is not there with a 400 on merchant_ids', async () => {
    const response = await call('POST', '', { payload: aPartnerRequest({ merchant_ids: [999_999] }) });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['merchant_ids']);
  });
});

describe('a merchant operated by one partner at most', () => {
  it('refuses a merchant another partner operates with a 409 naming both, and keeps it where it was', async () => {
    const merchant = await aMerchant(ctx.app, ctx.auth);
    const first = await aPartner(ctx.app, ctx.auth, { name_en: 'First Ops', merchant_ids: [merchant.id] });
    const second = await call('POST', '', { payload: aPartnerRequest({ merchant_ids: [merchant.id] }) });
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe(
      `The merchant "${merchant.name_en}" is already operated by the partner "First Ops"`,
    );
    const other = await aPartner(ctx.app, ctx.auth);
    const moved = await call('PATCH', `${other.id}/`, { payload: { merchant_ids: [merchant.id] } });
    expect(moved.statusCode).toBe(409);
    expect((await call('GET', `${first.id}/`)).json<Partner>().merchant_ids).toEqual([merchant.id]);
    expect((await call('GET', `${other.id}/`)).json<Partner>().merchant_ids).toEqual([]);
    // Its own partner may send it again.
    const again = await call('PATCH', `${first.id}/`, { payload: { merchant_ids: [merchant.id], name_en: 'First' } });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('lets one of several partners claiming a merchant at once have it, the others a 409 (the key settles it)', async () => {
    const merchant = await aMerchant(ctx.app, ctx.auth);
    const claimants: Partner[] = [];
    for (let i = 0; i < 5; i += 1) claimants.push(await aPartner(ctx.app, ctx.auth));
    const claims = await Promise.all([
      ...claimants.map((partner) => call('PATCH', `${partner.id}/`, { payload: { merchant_ids: [merchant.id] } })),
      call('POST', '', { payload: aPartnerRequest({ merchant_ids: [merchant.id] }) }),
    ]);
    const codes = claims.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 409)).toHaveLength(5);
    expect(codes.filter((code) => code === 200 || code === 201)).toHaveLength(1);
    for (const refused of claims.filter((response) => response.statusCode === 409))
      expect(refused.json().detail).toMatch(/is already operated by the partner/);
  });

  it('frees the merchants of a deleted partner', async () => {
    const merchant = await aMerchant(ctx.app, ctx.auth);
    const partner = await aPartner(ctx.app, ctx.auth, { status: 1, merchant_ids: [merchant.id] });
    expect((await call('DELETE', `${partner.id}/`)).statusCode).toBe(204);
    expect((await call('GET', `${partner.id}/`)).statusCode).toBe(404);
    await aPartner(ctx.app, ctx.auth, { merchant_ids: [merchant.id] });
  });
});

describe('editing, statuses and deleting', () => {
  it('changes only the fields sent; a change of model needs the new amount', async () => {
    const partner = await aPartner(ctx.app, ctx.auth, { fee_model: 'percent', fee_percent: 7 });
    const renamed = await call('PATCH', `${partner.id}/`, { payload: { contact_person: 'Bakyt', fee_percent: 8 } });
    expect(renamed.json<Partner>()).toMatchObject({
      contact_person: 'Bakyt',
      fee_percent: 8,
      name_en: partner.name_en,
    });
    const bare = await call('PATCH', `${partner.id}/`, { payload: { fee_model: 'fixed' } });
    expect(bare.statusCode).toBe(400);
    expect(Object.keys(bare.json())).toEqual(['fee_fixed']);
    const fixed = await call('PATCH', `${partner.id}/`, { payload: { fee_model: 'fixed', fee_fixed: 500 } });
    expect(fixed.json<Partner>()).toMatchObject({ fee_model: 'fixed', fee_fixed: 500, fee_percent: null });
    expect((await call('PATCH', '999999/', { payload: { contact_person: 'x' } })).statusCode).toBe(404);
  });

  it('changes the statuses of every id or none', async () => {
    const [a, b] = [await aPartner(ctx.app, ctx.auth), await aPartner(ctx.app, ctx.auth)];
    const changed = await call('PATCH', 'statuses/', { payload: { ids: [b.id, a.id], status: 1 } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Partner[]>().map((row) => [row.id, row.status])).toEqual([
      [b.id, 1],
      [a.id, 1],
    ]);
    const missing = await call('PATCH', 'statuses/', { payload: { ids: [a.id, 999_999], status: 0 } });
    expect(missing.statusCode).toBe(404);
    expect((await call('GET', `${a.id}/`)).json<Partner>().status).toBe(1);
  });

  it('refuses to delete an active partner with a 409', async () => {
    const partner = await aPartner(ctx.app, ctx.auth);
    const response = await call('DELETE', `${partner.id}/`);
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe('An active partner cannot be deleted. Deactivate it first.');
    expect((await call('DELETE', '999999/')).statusCode).toBe(404);
  });
});

describe('GET /partners/', () => {
  it('pages newest first, searches names, contract, phone typed with the mask, and filters by status', async () => {
    const unique = `Zeta${Date.now()}`;
    const a = await aPartner(ctx.app, ctx.auth, { name_en: `${unique} A`, phone: '996777000111' });
    const b = await aPartner(ctx.app, ctx.auth, { name_en: `${unique} B`, status: 1, contract_number: 'K-42-X' });
    const found = await call('GET', `?search=${unique}`);
    expect(found.json()).toMatchObject({ total: 2, page: 1, pages: 1, size: 10 });
    expect(found.json<{ items: Partner[] }>().items.map((row) => row.id)).toEqual([b.id, a.id]);
    const inactive = await call('GET', `?search=${unique}&status=1`);
    expect(inactive.json<{ items: Partner[] }>().items.map((row) => row.id)).toEqual([b.id]);
    const active = await call('GET', `?search=${unique}&active=true`);
    expect(active.json<{ items: Partner[] }>().items.map((row) => row.id)).toEqual([a.id]);
    const phone = await call('GET', `?search=${encodeURIComponent('+996 (777) 000')}`);
    expect(phone.json<{ items: Partner[] }>().items.map((row) => row.id)).toEqual([a.id]);
    const contract = await call('GET', '?search=k-42-x');
    expect(contract.json<{ items: Partner[] }>().items.map((row) => row.id)).toEqual([b.id]);
    const paged = await call('GET', `?search=${unique}&size=1&page=2`);
    expect(paged.json<{ items: Partner[] }>().items.map((row) => row.id)).toEqual([a.id]);
    expect((await call('GET', '?status=7')).statusCode).toBe(400);
  });

  it('is protected and documented', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/partners/' })).statusCode).toBe(401);
    const paths = await openApiPaths(ctx.app);
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(['/api/v1/partners/', '/api/v1/partners/{id}/', '/api/v1/partners/statuses/']),
    );
  });
});
