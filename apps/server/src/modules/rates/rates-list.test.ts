import type { Paged } from '@evcms/contracts/common';
import type { Rate } from '@evcms/contracts/rates';
import { beforeAll, describe, expect, it } from 'vitest';
import { aMerchant } from '../../test/builders/merchants.ts';
import { anActivePersonalRate, aRate } from '../../test/builders/rates.ts';
import { apiCalls, useSignedInApp } from '../../test/test-app.ts';
import type { RateRecord } from './rates.service.ts';

const ctx = useSignedInApp();

const call = apiCalls(ctx, 'payments/');
const list = (query: string, lang = 'en') => call('GET', query, { lang });
const ids = async (query: string) => (await list(query)).json<Paged<Rate>>().items.map((item) => item.id);

/** Rates of this file, oldest first: the list answers newest first. */
let day: RateRecord;
let night: RateRecord;
let fast: RateRecord;
let personal: RateRecord;

beforeAll(async () => {
  const merchant = await aMerchant(ctx.app, ctx.auth);
  day = await aRate(ctx.database, { name: 'Day Type 2', typo: 'type2', status: 0 });
  night = await aRate(ctx.database, { name: 'Night Type 2', typo: 'type2' });
  fast = await aRate(ctx.database, { name: 'Fast CCS', typo: 'ccs2', status: 0, priceTyiyn: 2000 });
  personal = await anActivePersonalRate(ctx.database, [merchant.id], { name: 'Partner Type 2 ночь', typo: 'type2' });
});

describe('the rate list', () => {
  it('pages the rates newest first, as the API answers them', async () => {
    const response = await list('');
    expect(response.statusCode).toBe(200);
    const body = response.json<Paged<Rate>>();
    expect({ ...body, items: body.items.map((item) => item.id) }).toEqual({
      items: [personal.id, fast.id, night.id, day.id],
      page: 1,
      pages: 1,
      size: 10,
      total: 4,
    });
    expect(body.items[1]).toEqual({
      id: fast.id,
      name: 'Fast CCS',
      type: 'default',
      typo: 'ccs2',
      typo_name: 'CCS Combo 2',
      price: 20,
      status: 0,
      active: true,
      merchants: [],
      created_at: fast.createdAt.toISOString(),
    });
    expect(body.items[0]!.merchants).toEqual(personal.merchantIds);
    const second = (await list('?size=3&page=2')).json<Paged<Rate>>();
    expect({ ...second, items: second.items.map((item) => item.id) }).toEqual({
      items: [day.id],
      page: 2,
      pages: 2,
      size: 3,
      total: 4,
    });
  });

  it('filters by active, default and connector type, alone and together', async () => {
    expect(await ids('?active=true')).toEqual([personal.id, fast.id, day.id]);
    expect(await ids('?active=false')).toEqual([night.id]);
    expect(await ids('?default=true')).toEqual([fast.id, night.id, day.id]);
    expect(await ids('?default=false')).toEqual([personal.id]);
    expect(await ids('?typo=ccs2')).toEqual([fast.id]);
    expect(await ids('?typo=chademo')).toEqual([]);
    expect(await ids('?typo=type2&default=true&active=true')).toEqual([day.id]);
  });

  it('searches the name ignoring case, or the id', async () => {
    expect(await ids('?search=TYPE%202')).toEqual([personal.id, night.id, day.id]);
    expect(await ids(`?search=${encodeURIComponent('НОЧЬ')}`)).toEqual([personal.id]);
    expect(await ids(`?search=${fast.id}`)).toEqual([fast.id]);
    expect(await ids('?search=%25')).toEqual([]);
    expect(await ids('?search=fast&active=false')).toEqual([]);
  });

  it('refuses malformed filters by name, and ignores empty and unknown ones', async () => {
    const bad = await list('?active=yes&default=1&typo=type9&page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      active: ['Select a valid choice'],
      default: ['Select a valid choice'],
      typo: ['Select a valid choice'],
      page: ['Ensure this value is greater than or equal to 1'],
    });
    expect(await ids('?active=&default=&typo=&search=&page=&size=')).toHaveLength(4);
    expect(await ids('?colour=red&status=7')).toHaveLength(4);
  });

  it('names the connector type in the language asked', async () => {
    const [row] = (await list(`?search=${fast.id}`, 'ru')).json<Paged<Rate>>().items;
    expect(row!.typo_name).toBe('CCS Combo 2');
    const [schuko] = (
      await list(`?search=${(await aRate(ctx.database, { name: 'Socket', typo: 'schuko' })).id}`, 'ky')
    ).json<Paged<Rate>>().items;
    expect(schuko!.typo_name).toBe('Тиричилик розеткасы (Schuko)');
  });
});
