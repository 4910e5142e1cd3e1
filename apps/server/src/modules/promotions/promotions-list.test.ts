import type { Paged } from '@evcms/contracts/common';
import type { PromotionListItem } from '@evcms/contracts/promotions';
import { beforeAll, describe, expect, it } from 'vitest';
import { aStoredMerchant } from '../../test/builders/merchants.ts';
import { aPromotion } from '../../test/builders/promotions.ts';
import { aStation } from '../../test/builders/stations.ts';
import { apiCalls, useSignedInApp } from '../../test/test-app.ts';

/* The promotions list: newest first, searched by id or a title in any language, filtered by status, period and station. */

const ctx = useSignedInApp();
const call = apiCalls(ctx, 'ads/promotions/', { lang: 'en' });

async function ids(query: string): Promise<number[]> {
  const response = await call('GET', query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Paged<PromotionListItem>>().items.map((item) => item.id);
}

let stationA: number;
let stationB: number;
let winter: Awaited<ReturnType<typeof aPromotion>>;
let spring: Awaited<ReturnType<typeof aPromotion>>;
let off: Awaited<ReturnType<typeof aPromotion>>;
beforeAll(async () => {
  const merchant = await aStoredMerchant(ctx.database);
  stationA = (await aStation(ctx.database, merchant)).id;
  stationB = (await aStation(ctx.database, merchant)).id;
  // Bishkek is UTC+6: 2099-01-31T18:00Z is the start of February 1st there.
  winter = await aPromotion(ctx.database, {
    title_ru: 'Зимняя листовая',
    title_en: 'Winter filtered',
    title_ky: 'Кышкы чыпка',
    stations: [stationA],
    start_at: '2099-01-01T00:00:00+06:00',
    end_at: '2099-02-01T00:00:00+06:00',
  });
  spring = await aPromotion(ctx.database, {
    title_en: 'Spring filtered',
    stations: [stationA, stationB],
    start_at: '2099-03-01T00:00:00+06:00',
    end_at: '2099-04-01T00:00:00+06:00',
  });
  off = await aPromotion(ctx.database, { title_en: 'Off filtered', stations: [stationB], status: 1 });
});

describe('the promotions list', () => {
  it('also serves the pickers: a size up to 1000 is answered, past it 1000', async () => {
    expect((await call('GET', '?size=1000')).json<Paged<PromotionListItem>>().size).toBe(1000);
    expect((await call('GET', '?size=5000')).json<Paged<PromotionListItem>>().size).toBe(1000);
  });

  it('answers a page of list items, newest first', async () => {
    const response = await call('GET', '?search=filtered&size=2');
    expect(response.statusCode).toBe(200);
    const page = response.json<Paged<PromotionListItem>>();
    expect(page).toMatchObject({ page: 1, pages: 2, size: 2, total: 3 });
    expect(page.items.map((item) => item.id)).toEqual([off.id, spring.id]);
    expect(page.items[1]).toMatchObject({
      name: 'Spring filtered',
      initiator_name: 'Company',
      merchant_name: null,
      discount_percent: 10,
      stations_count: 2,
      charges_count: 0,
      status: 0,
      active: true,
      expired: false,
    });
    expect(page.items[1]).not.toHaveProperty('stations');
  });

  it('searches the id and the titles in every language, ignoring case', async () => {
    expect(await ids('?search=КЫШКЫ')).toEqual([winter.id]);
    expect(await ids('?search=зимняя')).toEqual([winter.id]);
    // Its titles hold no digit: found by its id (the builders' titles of the others may hold the digits too).
    expect(await ids(`?search=${winter.id}`)).toContain(winter.id);
    expect(await ids('?search=100%25')).toEqual([]);
  });

  it('filters by status or active', async () => {
    expect(await ids('?search=filtered&status=1')).toEqual([off.id]);
    expect(await ids('?search=filtered&active=false')).toEqual([off.id]);
    expect(await ids('?search=filtered&status=0')).toEqual([spring.id, winter.id]);
    expect(await ids('?search=filtered&active=true&status=1')).toEqual([]);
  });

  it('keeps the promotions whose period meets the Bishkek days asked', async () => {
    expect(await ids('?search=filtered&period__from=2099-02-01&period__to=2099-02-28')).toEqual([]);
    expect(await ids('?search=filtered&period__from=2099-01-31&period__to=2099-02-28')).toEqual([winter.id]);
    expect(await ids('?search=filtered&period__from=2099-02-01&period__to=2099-03-01')).toEqual([spring.id]);
    expect(await ids('?search=filtered&period__from=2099-03-15')).toEqual([spring.id]);
    expect(await ids('?search=filtered&period__to=2098-12-31')).toEqual([off.id]);
  });

  it('keeps those with any of the stations asked', async () => {
    expect(await ids(`?search=filtered&station_id__in=${stationA}`)).toEqual([spring.id, winter.id]);
    expect(await ids(`?search=filtered&station_id__in=${stationB},${stationA}`)).toEqual([
      off.id,
      spring.id,
      winter.id,
    ]);
  });

  it('refuses malformed filters with a 400', async () => {
    for (const query of ['?status=2', '?active=maybe', '?period__from=2099-13-01', '?station_id__in=a', '?page=0'])
      expect((await call('GET', query)).statusCode, query).toBe(400);
  });
});
