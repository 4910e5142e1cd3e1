import type { Paged } from '@evcms/contracts/common';
import type { DriverListItem } from '@evcms/contracts/drivers';
import { beforeAll, describe, expect, it } from 'vitest';
import { aDriver, type DriverOverrides } from '../../test/builders/drivers.ts';
import { apiCalls, useSignedInApp } from '../../test/test-app.ts';
import type { DriverRecord } from './drivers.service.ts';

const ctx = useSignedInApp();

const call = apiCalls(ctx, 'users/');
const list = (query: string) => call('GET', query, { lang: 'en' });
const ids = async (query: string) => {
  const response = await list(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Paged<DriverListItem>>().items.map((item) => item.id);
};

/*
 * Drivers registered around Bishkek midnight (UTC+6): the day and the time of day of a filter are
 * Bishkek's, so 18:00 UTC is already the next day there.
 */
let lateFirst: DriverRecord; // 1 March 23:59:59 in Bishkek
let midnight: DriverRecord; // 2 March 00:00:00
let morning: DriverRecord; // 2 March 09:30:00
let lastSecond: DriverRecord; // 2 March 23:59:59.500
let noon: DriverRecord; // 3 March 12:00:00

/** A driver registered at `at` (UTC), named and with the phone given. */
const registered = (at: string, surname: string, firstName: string, phone: string, more: DriverOverrides = {}) =>
  aDriver(ctx.database, { surname, firstName, phone, registeredAt: new Date(at), ...more });

beforeAll(async () => {
  lateFirst = await registered('2024-03-01T17:59:59Z', 'Асанов', 'Бакыт', '996555100200', {
    email: 'bakyt@example.kg',
  });
  midnight = await registered('2024-03-01T18:00:00Z', 'Bekova', 'Aida', '996700300400');
  morning = await registered('2024-03-02T03:30:00Z', 'Осмонов', 'Тилек', '996555300401');
  lastSecond = await registered('2024-03-02T17:59:59.500Z', 'Smith', 'John', '996777000001');
  noon = await registered('2024-03-03T06:00:00Z', 'Ким', 'Анна', '996222555100', { platform: 1 });
});

describe('the driver list', () => {
  it('pages the drivers newest registration first, as the API answers them', async () => {
    const response = await list('');
    expect(response.statusCode).toBe(200);
    const body = response.json<Paged<DriverListItem>>();
    expect({ ...body, items: body.items.map((item) => item.id) }).toEqual({
      items: [noon.id, lastSecond.id, morning.id, midnight.id, lateFirst.id],
      page: 1,
      pages: 1,
      size: 10,
      total: 5,
    });
    expect(body.items[0]).toEqual({
      id: noon.id,
      account: noon.account,
      surname: 'Ким',
      first_name: 'Анна',
      phone: '996222555100',
      email: null,
      registered_at: '2024-03-03T06:00:00.000Z',
      balance: 0,
      platform: 1,
      app_version: null,
      blocked: false,
      referral_code: expect.stringMatching(/^[0-9A-F]{8}$/),
    });
    const second = (await list('?size=2&page=2')).json<Paged<DriverListItem>>();
    expect({ ...second, items: second.items.map((item) => item.id) }).toEqual({
      items: [morning.id, midnight.id],
      page: 2,
      pages: 3,
      size: 2,
      total: 5,
    });
  });

  it('filters by registration date, in Bishkek days, both ends included', async () => {
    expect(await ids('?registration_date__from=2024-03-02')).toEqual([noon.id, lastSecond.id, morning.id, midnight.id]);
    expect(await ids('?registration_date__to=2024-03-01')).toEqual([lateFirst.id]);
    expect(await ids('?registration_date__from=2024-03-02&registration_date__to=2024-03-02')).toEqual([
      lastSecond.id,
      morning.id,
      midnight.id,
    ]);
    expect(await ids('?registration_date__from=2024-03-03&registration_date__to=2024-03-01')).toEqual([]);
    expect(await ids('?registration_date__from=&registration_date__to=')).toHaveLength(5);
  });

  it('filters by the time of day in Bishkek, to the second, across midnight when the start is later', async () => {
    expect(await ids('?registration_time__from=23:00:00')).toEqual([lastSecond.id, lateFirst.id]);
    expect(await ids('?registration_time__to=00:00:00')).toEqual([midnight.id]);
    expect(await ids('?registration_time__from=09:30:00&registration_time__to=12:00:00')).toEqual([
      noon.id,
      morning.id,
    ]);
    expect(await ids('?registration_time__from=09:30:01&registration_time__to=11:59:59')).toEqual([]);
    expect(await ids('?registration_time__from=23:59:59&registration_time__to=23:59:59')).toEqual([
      lastSecond.id,
      lateFirst.id,
    ]);
    expect(await ids('?registration_time__from=23:00:00&registration_time__to=01:00:00')).toEqual([
      lastSecond.id,
      midnight.id,
      lateFirst.id,
    ]);
    expect(await ids('?registration_date__from=2024-03-02&registration_time__from=23:00:00')).toEqual([lastSecond.id]);
  });

  it('searches surname, first name in either order, phone, email and account, ignoring case', async () => {
    expect(await ids('?search=асанов')).toEqual([lateFirst.id]);
    expect(await ids('?search=Бакыт Асанов')).toEqual([lateFirst.id]);
    expect(await ids('?search=Асанов Бакыт')).toEqual([lateFirst.id]);
    expect(await ids('?search=BAKYT@EXAMPLE')).toEqual([lateFirst.id]);
    expect(await ids(`?search=${morning.account}`)).toEqual([morning.id]);
    expect(await ids(`?search=${encodeURIComponent('+996 (777) 000')}`)).toEqual([lastSecond.id]);
    expect(await ids('?search=a%25')).toEqual([]);
    expect(await ids('?search=%20%20')).toHaveLength(5);
  });

  it('filters by phone digits anywhere in the number, and by the exact id', async () => {
    expect(await ids('?phone=3004')).toEqual([morning.id, midnight.id]);
    expect(await ids(`?phone=${encodeURIComponent('+996 (555)')}`)).toEqual([morning.id, lateFirst.id]);
    // The account's digits are searched text too, but not the phone.
    expect(await ids(`?phone=${midnight.account}`)).toEqual([]);
    expect(await ids(`?search_by_user_id=${morning.id}`)).toEqual([morning.id]);
    expect(await ids(`?search_by_user_id=${morning.id}&phone=555`)).toEqual([morning.id]);
    expect(await ids(`?search_by_user_id=${morning.id}&phone=777`)).toEqual([]);
  });

  it('answers a malformed filter with a 400 naming it', async () => {
    const cases: [string, Record<string, string[]>][] = [
      ['registration_date__from=2024-02-30', { registration_date__from: ['Enter a date as YYYY-MM-DD'] }],
      ['registration_date__to=01.03.2024', { registration_date__to: ['Enter a date as YYYY-MM-DD'] }],
      ['registration_time__from=24:00:00', { registration_time__from: ['Enter a time as HH:mm:ss'] }],
      ['registration_time__to=9:00', { registration_time__to: ['Enter a time as HH:mm:ss'] }],
      ['search_by_user_id=abc', { search_by_user_id: ['Enter a whole number'] }],
      ['phone=12ab', { phone: ['Please enter correct phone number format'] }],
      ['page=0', { page: ['Ensure this value is greater than or equal to 1'] }],
    ];
    for (const [query, body] of cases) {
      const response = await list(`?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual(body);
    }
  });
});
