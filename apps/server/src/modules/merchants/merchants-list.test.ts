import type { Paged } from '@evcms/contracts/common';
import type { Merchant, MerchantListItem, MerchantOption } from '@evcms/contracts/merchants';
import { describe, expect, it } from 'vitest';
import { aMerchant } from '../../test/builders/merchants.ts';
import { apiCalls, useSignedInApp } from '../../test/test-app.ts';

const ctx = useSignedInApp({ name: 'List Manager' });

const call = apiCalls(ctx, 'merchants/');

const ids = async (query: string) =>
  (await call('GET', query)).json<Paged<MerchantListItem>>().items.map((item) => item.id);

describe('the merchant list', () => {
  it('pages 10 at a time by default, newest first, with labels in the language asked', async () => {
    const created: Merchant[] = [];
    for (let i = 1; i <= 12; i += 1)
      created.push(await aMerchant(ctx.app, ctx.auth, { name_en: `Paging ${String(i).padStart(2, '0')}` }));
    const first = await call('GET', '?search=paging', { lang: 'en' });
    expect(first.statusCode).toBe(200);
    const body = first.json<Paged<MerchantListItem>>();
    expect({ ...body, items: body.items.length }).toEqual({ items: 10, page: 1, pages: 2, size: 10, total: 12 });
    const {
      tags: _t,
      environment: _e,
      tag_items: _ti,
      environment_items: _ei,
      schedule: _s,
      ...listItem
    } = created[11]!;
    expect(body.items[0]).toEqual({
      ...listItem,
      name: 'Paging 12',
      country_name: 'Kyrgyzstan',
      district_name: 'Bishkek City',
      city_name: 'Bishkek',
    });
    expect(await ids('?search=paging&page=2')).toEqual([created[1]!.id, created[0]!.id]);
    expect((await call('GET', '?search=paging&page=9')).json()).toMatchObject({
      items: [],
      page: 9,
      pages: 2,
      total: 12,
    });
    expect((await call('GET', '?search=paging&size=5&page=3')).json()).toMatchObject({ pages: 3, size: 5 });
  });

  it('caps the page size at 100 and refuses malformed paging by name', async () => {
    expect((await call('GET', '?size=5000')).json<Paged<MerchantListItem>>().size).toBe(100);
    const bad = await call('GET', '?page=0&active=maybe&status=2', { lang: 'en' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      page: ['Ensure this value is greater than or equal to 1'],
      active: ['Select a valid choice'],
      status: ['Ensure this value is less than or equal to 1'],
    });
    expect((await call('GET', '?page=&size=&search=&active=&status=')).statusCode).toBe(200);
  });

  it('searches the id, the names, agreement number, legal name, phone and email, ignoring case', async () => {
    const merchant = await aMerchant(ctx.app, ctx.auth, {
      name_ru: 'Электрозаправка Восток',
      name_en: 'Eastern Volt',
      name_ky: 'Чыгыш Кубат',
      agreement_number: 'DOG-2024/77',
      legal_name: 'ОсОО Восток Энерджи',
      phone: '996312987654',
      email: 'hello@east-volt.kg',
    });
    const other = await aMerchant(ctx.app, ctx.auth);
    for (const search of [
      'восток',
      'EASTERN volt',
      'чыгыш',
      'dog-2024/77',
      'осоо восток',
      '312987',
      '+996 (312) 98',
      'East-Volt.KG',
    ]) {
      expect(await ids(`?search=${encodeURIComponent(search)}`), search).toEqual([merchant.id]);
    }
    expect(await ids(`?search=${merchant.id}`)).toContain(merchant.id);
    expect(await ids(`?search=${merchant.id}`)).not.toContain(other.id);
    expect(await ids('?search=%25')).toEqual([]);
    expect(await ids('?search=_')).toEqual([]);
  });

  it('filters by active and by status', async () => {
    const on = await aMerchant(ctx.app, ctx.auth, { name_en: 'Filter on' });
    const off = await aMerchant(ctx.app, ctx.auth, { name_en: 'Filter off', status: 1 });
    expect(await ids('?search=filter&active=true')).toEqual([on.id]);
    expect(await ids('?search=filter&active=false')).toEqual([off.id]);
    expect(await ids('?search=filter&status=0')).toEqual([on.id]);
    expect(await ids('?search=filter&status=1')).toEqual([off.id]);
    expect(await ids('?search=filter')).toEqual([off.id, on.id]);
  });
});

describe('bulk status change', () => {
  it('sets every merchant given and returns them as list rows in the order asked', async () => {
    const a = await aMerchant(ctx.app, ctx.auth, { name_en: 'Bulk A' });
    const b = await aMerchant(ctx.app, ctx.auth, { name_en: 'Bulk B' });
    const response = await call('PATCH', 'statuses/', { payload: { ids: [b.id, a.id, b.id], status: 1 }, lang: 'en' });
    expect(response.statusCode).toBe(200);
    const rows = response.json<MerchantListItem[]>();
    expect(rows.map((row) => [row.id, row.name, row.status])).toEqual([
      [b.id, 'Bulk B', 1],
      [a.id, 'Bulk A', 1],
    ]);
    expect(rows[0]).not.toHaveProperty('tags');
    expect(await ids('?search=bulk&active=true')).toEqual([]);
  });

  it('changes nothing when any id is missing, and names the missing ones', async () => {
    const a = await aMerchant(ctx.app, ctx.auth, { name_en: 'All or none' });
    const response = await call('PATCH', 'statuses/', {
      payload: { ids: [a.id, 999_998, 999_997], status: 1 },
      lang: 'en',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found: 999997, 999998.' });
    expect(await ids('?search=all%20or%20none&active=true')).toEqual([a.id]);
  });

  it('refuses a bad status or an empty list', async () => {
    const response = await call('PATCH', 'statuses/', { payload: { ids: [], status: 2 }, lang: 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ ids: ['Field cannot be blank'], status: ['Select a valid choice'] });
  });
});

describe('the merchant picker of promotions', () => {
  it('answers {id, name} pages in the language asked, searching as the list does', async () => {
    const merchant = await aMerchant(ctx.app, ctx.auth, {
      name_ru: 'Промо Сеть',
      name_en: 'Promo Net',
      name_ky: 'Промо Тармак',
      email: 'promo-only@example.com',
    });
    const off = await aMerchant(ctx.app, ctx.auth, { name_en: 'Promo Off', status: 1 });
    const page = (query: string, lang?: string) => call('GET', `for-promotion/${query}`, lang ? { lang } : {});
    const en = await page('?search=promo%20net', 'en');
    expect(en.statusCode).toBe(200);
    expect(en.json()).toEqual({
      items: [{ id: merchant.id, name: 'Promo Net' }],
      page: 1,
      pages: 1,
      size: 10,
      total: 1,
    });
    expect((await page('?search=promo%20net', 'ky')).json<Paged<MerchantOption>>().items).toEqual([
      { id: merchant.id, name: 'Промо Тармак' },
    ]);
    expect((await page('?search=promo%20net')).json<Paged<MerchantOption>>().items).toEqual([
      { id: merchant.id, name: 'Промо Сеть' },
    ]);
    expect((await page(`?search=${merchant.id}`)).json<Paged<MerchantOption>>().items.map((item) => item.id)).toContain(
      merchant.id,
    );
    expect((await page('?search=PROMO-ONLY@')).json<Paged<MerchantOption>>().items).toEqual([
      { id: merchant.id, name: 'Промо Сеть' },
    ]);
    expect(
      (await page('?search=promo&active=false')).json<Paged<MerchantOption>>().items.map((item) => item.id),
    ).toEqual([off.id]);
  });

  it('takes pages of up to 1000', async () => {
    expect((await call('GET', 'for-promotion/?size=5000')).json()).toMatchObject({ size: 1000 });
  });
});
