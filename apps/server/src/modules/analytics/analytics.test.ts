import { beforeAll, describe, expect, it } from 'vitest';
import { registerDiscountFor } from '../charges/charge-discounts.service.ts';
import { aCharge, aChargePoint } from '../../test/builders/charges.ts';
import { aDriver } from '../../test/builders/drivers.ts';
import { aPromotionRow } from '../../test/builders/promotions.ts';
import { apiCalls, openApiPaths, useSignedInApp } from '../../test/test-app.ts';
import { analyticsFigures } from './analytics.service.ts';

const ctx = useSignedInApp();
const call = apiCalls(ctx, 'analytics/', { lang: 'en' });

/*
 * March 2024 in Bishkek (UTC+6), compared with the 31 days before it (30 January to 29 February).
 * Every charge is 10.00 som a kWh; times UTC.
 *   a  03-01 10:00-11:00, 10 kWh, 100.00: March, Friday, 17:00 in Bishkek
 *   b  02-29 17:30-18:30: started on 29 February in Bishkek, finished at 00:30 on 1 March: March
 *   c  03-31 17:30-18:30: finished at 00:30 on 1 April in Bishkek: not March
 *   d  02-10 10:00-11:00, 5 kWh, 50.00: the period before
 *   e  still charging; f  0 kWh (failed): not counted
 *   g, h  03-20 and 03-21, one driver, each discounted by 30.00: 70.00 paid; one promotion user
 * Users: two registered in March (one at 23:30 on 31 March in Bishkek), one on 29 February.
 */
beforeAll(async () => {
  const station = await aChargePoint(ctx.database);
  const promoted = await aChargePoint(ctx.database);
  const at = (time: string) => new Date(`2024-${time}:00Z`);
  await aCharge(ctx.database, { station, startedAt: at('03-01T10:00') });
  await aCharge(ctx.database, { station, startedAt: at('02-29T17:30') });
  await aCharge(ctx.database, { station, startedAt: at('03-31T17:30') });
  await aCharge(ctx.database, { station, startedAt: at('02-10T10:00'), consumedWh: 5_000 });
  await aCharge(ctx.database, { station, startedAt: at('03-02T10:00'), stop: false });
  await aCharge(ctx.database, { station, startedAt: at('03-03T10:00'), consumedWh: 0 });
  const promotionId = await aPromotionRow(ctx.database);
  const restore = registerDiscountFor(async (_db, charge) =>
    charge.stationId === promoted.id ? { promotionId, discountTyiyn: 3_000 } : null,
  );
  try {
    const driver = await aDriver(ctx.database, { balanceTyiyn: 1_000_000 });
    await aCharge(ctx.database, { station: promoted, driverId: driver.id, startedAt: at('03-20T10:00') });
    await aCharge(ctx.database, { station: promoted, driverId: driver.id, startedAt: at('03-21T10:00') });
  } finally {
    registerDiscountFor(restore);
  }
  await aDriver(ctx.database, { registeredAt: at('03-05T08:00') });
  await aDriver(ctx.database, { registeredAt: at('03-31T17:30') });
  await aDriver(ctx.database, { registeredAt: at('02-29T12:00') });
  await aDriver(ctx.database, { registeredAt: at('03-31T18:30') });
});

const MARCH = '?period__from=2024-03-01&period__to=2024-03-31';

describe('GET /analytics/', () => {
  it('sums the charges completed in the period against the days before it, in Bishkek time', async () => {
    const response = await call('GET', MARCH);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.period).toEqual({
      from: '2024-02-29T18:00:00.000Z',
      to: '2024-03-31T18:00:00.000Z',
      previous_from: '2024-01-29T18:00:00.000Z',
      previous_to: '2024-02-29T18:00:00.000Z',
    });
    expect(body).toMatchObject({
      charges: { value: 4, previous: 1, change: 300 },
      energy: { value: 40, previous: 5, change: 700 },
      turnover: { value: 340, previous: 50, change: 580 },
      new_users: { value: 2, previous: 1, change: 100 },
      promotion_users: { value: 1, previous: 0, change: null },
    });
  });

  it('counts merchants and stations made by the end of each period, and those active and online now', async () => {
    const body = (await call('GET', MARCH)).json();
    // Every merchant and station here was made today, after both periods.
    expect(body.merchants).toEqual({ total: { value: 0, previous: 0, change: null }, active: expect.any(Number) });
    expect(body.stations).toMatchObject({ total: { value: 0, previous: 0, change: null }, online: 0 });
    const now = await analyticsFigures({ db: ctx.database.db }, { period: 'day' });
    expect(now.stations.total.value).toBeGreaterThanOrEqual(2);
    expect(now.merchants.total.value).toBeGreaterThanOrEqual(2);
  });

  it('counts a named period’s promotion users up to now against the same stretch of the period before', async () => {
    const deps = (now: string) => ({ db: ctx.database.db, now: () => new Date(now) });
    // 21 March, 17:30 in Bishkek: h completed at 17:00 today, g at 17:00 yesterday.
    const day = await analyticsFigures(deps('2024-03-21T11:30:00Z'), { period: 'day' });
    expect(day.promotionUsers).toEqual({ value: 1, previous: 1 });
    expect(day.charges).toEqual({ value: 1, previous: 1 });
    // 16:30 in Bishkek: neither had completed by this hour, today or yesterday.
    const earlier = await analyticsFigures(deps('2024-03-21T10:30:00Z'), { period: 'day' });
    expect(earlier.promotionUsers).toEqual({ value: 0, previous: 0 });
    const month = await analyticsFigures(deps('2024-03-21T11:30:00Z'), { period: 'month' });
    expect(month.promotionUsers).toEqual({ value: 1, previous: 0 });
    const week = await analyticsFigures(deps('2024-03-21T11:30:00Z'), { period: 'week' });
    expect(week.promotionUsers).toEqual({ value: 1, previous: 0 });
    const year = await analyticsFigures(deps('2025-03-21T11:30:00Z'), { period: 'year' });
    expect(year.promotionUsers).toEqual({ value: 0, previous: 1 });
  });

  it('refuses a period that ends before it starts, lacks an end, or is too long, naming the field', async () => {
    const backwards = await call('GET', '?period__from=2024-03-31&period__to=2024-03-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({ period__to: ['The end of the period cannot be earlier than its start'] });
    const open = await call('GET', '?period__from=2024-03-01');
    expect(open.json()).toEqual({ period__to: ['Field cannot be blank'] });
    const long = await call('GET', '?period__from=2020-01-01&period__to=2024-03-01', { lang: 'ru' });
    expect(long.json()).toEqual({ period__to: ['Период не может быть длиннее 731 дней'] });
    const wrong = await call('GET', '?period=decade');
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json())).toEqual(['period']);
  });
});

describe('GET /analytics/graph/', () => {
  it('gives every weekday, hour and day of the period, by the Bishkek clock', async () => {
    const response = await call('GET', `graph/${MARCH}`);
    expect(response.statusCode, response.body).toBe(200);
    const graph = response.json();
    expect(graph.by_weekday).toHaveLength(7);
    expect(graph.by_hour).toHaveLength(24);
    expect(graph.by_day).toHaveLength(31);
    // a (Friday 1 March, 17:00) and b (Friday 1 March, 00:30); g (Wednesday 20th) and h (Thursday 21st) at 17:00.
    expect(graph.by_weekday.find((p: { weekday: number }) => p.weekday === 5)).toEqual({
      weekday: 5,
      charges: 2,
      turnover: 200,
    });
    expect(graph.by_hour[0]).toEqual({ hour: 0, charges: 1, turnover: 100 });
    expect(graph.by_hour[17]).toEqual({ hour: 17, charges: 3, turnover: 240 });
    expect(graph.by_day[0]).toEqual({ date: '2024-03-01', charges: 2, turnover: 200 });
    expect(graph.by_day[30]).toEqual({ date: '2024-03-31', charges: 0, turnover: 0 });
  });
});

describe('GET /analytics/timeline/', () => {
  it('pages the news newest first, in the asked language', async () => {
    const first = (await call('GET', 'timeline/?size=2')).json();
    expect(first.items).toHaveLength(2);
    expect(first.items[0].created_at >= first.items[1].created_at).toBe(true);
    expect(first.items.map((item: { kind: string }) => item.kind)).toEqual(
      expect.arrayContaining([expect.stringMatching(/_created$/)]),
    );
    const rest = (await call('GET', `timeline/?size=100&before=${first.next}`)).json();
    const ids = [...first.items, ...rest.items].map((item: { id: number }) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(rest.next).toBeNull();
  });

  it('gives a station’s merchant, which its link needs, and nothing of the kind to the others', async () => {
    const { items } = (await call('GET', 'timeline/?size=100')).json();
    const stations = items.filter((item: { kind: string }) => item.kind === 'station_created');
    expect(stations.length).toBeGreaterThanOrEqual(2);
    for (const item of stations) expect(item.merchant_id).toEqual(expect.any(Number));
    for (const item of items.filter((item: { kind: string }) => item.kind !== 'station_created'))
      expect(item).toMatchObject({ merchant_id: null, banner_type: null });
  });

  it('is in the OpenAPI document', async () => {
    expect(Object.keys(await openApiPaths(ctx.app))).toEqual(
      expect.arrayContaining(['/api/v1/analytics/', '/api/v1/analytics/graph/', '/api/v1/analytics/timeline/']),
    );
  });
});
