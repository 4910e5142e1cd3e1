import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as BatchedRows from '../../lib/exports/batched-rows.ts';
import { aCharge, aChargePoint } from '../../test/builders/charges.ts';
import { aDriver } from '../../test/builders/drivers.ts';
import { aPromotionRow } from '../../test/builders/promotions.ts';
import { readCsv, readWorkbook, sheetValues } from '../../test/spreadsheets.ts';
import { apiCalls, openApiPaths, useSignedInApp } from '../../test/test-app.ts';
import { registerDiscountFor } from '../charges/charge-discounts.service.ts';

// Batches of one, so the export's rows cross batch boundaries.
vi.mock('../../lib/exports/batched-rows.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof BatchedRows>()),
  EXPORT_BATCH_SIZE: 1,
}));

const ctx = useSignedInApp();
const report = apiCalls(ctx, 'ads/promotions/report/', { lang: 'en' });

/*
 * Promotion 1 takes a fifth off at station A, promotion 2 3.00 som off at station B; station C has
 * none, promotion 3 discounted nothing. Times are UTC; Bishkek is UTC+6.
 *   a1  driver 1, A, 2024-03-01 16:00 Bishkek, 10 kWh: 100.00, 20.00 off, 80.00 (promotion 1)
 *   a2  driver 1, A, 2024-03-03 02:00 Bishkek,  5 kWh:  50.00, 10.00 off, 40.00 (promotion 1)
 *   a3  driver 2, A, 2024-03-02 16:00 Bishkek,  2 kWh, stopped by the back office: 20.00, 4.00 off, 16.00 (promotion 1)
 *   b1  driver 2, B, 2024-03-01 18:00 Bishkek, 10 kWh: 100.00, 3.00 off, 97.00 (promotion 2)
 *   b2  driver 1, B, still charging, named promotion 2: not completed, not counted
 *   b3  driver 3, B, 0 kWh: failed, no discount
 *   c1  driver 3, C, 10 kWh, no promotion
 */
let p1: number;
let p2: number;
let stationB: number;
beforeAll(async () => {
  const [a, b, c] = [
    await aChargePoint(ctx.database),
    await aChargePoint(ctx.database),
    await aChargePoint(ctx.database),
  ];
  stationB = b.id;
  p1 = await aPromotionRow(ctx.database);
  p2 = await aPromotionRow(ctx.database);
  await aPromotionRow(ctx.database);
  const [d1, d2, d3] = await Promise.all([1, 2, 3].map(() => aDriver(ctx.database, { balanceTyiyn: 1_000_000 })));
  const restore = registerDiscountFor(async (_db, charge) => {
    if (charge.stationId === a.id) return { promotionId: p1, discountTyiyn: charge.amountTyiyn / 5 };
    if (charge.stationId === b.id) return { promotionId: p2, discountTyiyn: 300 };
    return null;
  });
  try {
    const at = (time: string) => new Date(`2024-03-${time}:00Z`);
    await aCharge(ctx.database, { driverId: d1!.id, station: a, startedAt: at('01T10:00') });
    await aCharge(ctx.database, { driverId: d1!.id, station: a, startedAt: at('02T20:00'), consumedWh: 5_000 });
    await aCharge(ctx.database, {
      driverId: d2!.id,
      station: a,
      startedAt: at('02T10:00'),
      consumedWh: 2_000,
      stop: 'stopped',
    });
    await aCharge(ctx.database, { driverId: d2!.id, station: b, startedAt: at('01T12:00') });
    const open = await aCharge(ctx.database, { driverId: d1!.id, station: b, startedAt: at('02T11:00'), stop: false });
    // As a meter reading of a running charge names its promotion.
    await ctx.database.db.execute(sql`update charges set promotion_id = ${p2} where id = ${open.id}`);
    await aCharge(ctx.database, { driverId: d3!.id, station: b, startedAt: at('02T12:00'), consumedWh: 0 });
    await aCharge(ctx.database, { driverId: d3!.id, station: c, startedAt: at('02T13:00') });
  } finally {
    registerDiscountFor(restore);
  }
});

const figures = ([charges, drivers, energy, turnover, discount, after]: number[]) => ({
  charges,
  drivers,
  energy,
  turnover,
  discount,
  turnover_after: after,
});
const row = (promotion: number, n: number, sums: number[]) => ({ promotion, name: `Promotion ${n}`, ...figures(sums) });

async function get(query: string) {
  const response = await report('GET', query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    items: { promotion: number; name: string }[];
    totals: unknown;
    total: number;
    pages: number;
  }>();
}

describe('GET /ads/promotions/report/', () => {
  it('sums each promotion’s completed, paid charges, newest promotion first, with totals counting a driver once', async () => {
    const answer = await get('');
    const names = answer.items.map((item) => Number(item.name.replace('Promotion ', '')));
    expect(answer).toEqual({
      items: [row(p2, names[0]!, [1, 1, 10, 100, 3, 97]), row(p1, names[1]!, [3, 2, 17, 170, 34, 136])],
      page: 1,
      pages: 1,
      size: 10,
      total: 2,
      totals: figures([4, 2, 27, 270, 37, 233]),
    });
  });

  it('names each promotion in the language asked', async () => {
    const answer = await (await report('GET', '', { lang: 'ru' })).json<{ items: { name: string }[] }>();
    expect(answer.items.every((item) => / ru$/.test(item.name))).toBe(true);
  });

  it('keeps the charges started on the Bishkek days of the period, both ends included', async () => {
    const answer = await get('?period__from=2024-03-01&period__to=2024-03-02');
    expect(answer.items.map((item) => item.promotion)).toEqual([p2, p1]);
    expect(answer.totals).toEqual(figures([3, 2, 22, 220, 27, 193]));
    // 2024-03-02 20:00 UTC is 02:00 on the 3rd in Bishkek.
    const third = await get('?period__from=2024-03-03&period__to=2024-03-03');
    expect(third.items.map((item) => item.promotion)).toEqual([p1]);
    expect(third.totals).toEqual(figures([1, 1, 5, 50, 10, 40]));
  });

  it('keeps the promotions and the stations asked for', async () => {
    const one = await get(`?promotion_id__in=${p1}`);
    expect(one.items.map((item) => item.promotion)).toEqual([p1]);
    expect(one.totals).toEqual(figures([3, 2, 17, 170, 34, 136]));
    const atB = await get(`?station_id__in=${stationB}`);
    expect(atB.items.map((item) => item.promotion)).toEqual([p2]);
    expect(atB.totals).toEqual(figures([1, 1, 10, 100, 3, 97]));
    const none = await get('?period__from=2025-01-01');
    expect(none).toMatchObject({ items: [], total: 0, pages: 1, totals: figures([0, 0, 0, 0, 0, 0]) });
  });

  it('pages the rows while the totals stay those of every row', async () => {
    const second = await get('?size=1&page=2');
    expect(second).toMatchObject({ page: 2, pages: 2, size: 1, total: 2, totals: figures([4, 2, 27, 270, 37, 233]) });
    expect(second.items.map((item) => item.promotion)).toEqual([p1]);
    expect((await get('?size=1&page=3')).items).toEqual([]);
  });

  it('answers a malformed filter with a 400 naming it, in the language asked', async () => {
    const date = await report('GET', '?period__from=2024-02-30');
    expect(date.statusCode).toBe(400);
    expect(Object.keys(date.json())).toEqual(['period__from']);
    const ids = await report('GET', '?promotion_id__in=1,x', { lang: 'ru' });
    expect(ids.statusCode).toBe(400);
    expect(Object.keys(ids.json())).toEqual(['promotion_id__in']);
    expect((await report('GET', '?page=0')).statusCode).toBe(400);
  });

  it('answers 401 without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/ads/promotions/report/' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /ads/promotions/report/export/', () => {
  it('gives the rows and a totals row as csv in the language asked', async () => {
    const response = await report('GET', 'export/?format=csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/filename="promotions-report-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = readCsv(response.rawPayload);
    expect(rows[0]).toEqual([
      'Promotion No.',
      'Promotion',
      'Charges',
      'Users',
      'Energy, kWh',
      'Turnover before discount, som',
      'Discount, som',
      'Turnover after discount, som',
    ]);
    expect(rows.slice(1).map((cells) => [cells[0], ...cells.slice(2)])).toEqual([
      [String(p2), '1', '1', '10.000', '100.00', '3.00', '97.00'],
      [String(p1), '3', '2', '17.000', '170.00', '34.00', '136.00'],
      ['', '4', '2', '27.000', '270.00', '37.00', '233.00'],
    ]);
    expect(rows[3]![1]).toBe('Total');
  });

  it('gives the same as xlsx, numbers as numbers, with the filters and the sheet named in Russian', async () => {
    const response = await report('GET', `export/?station_id__in=${stationB}`, { lang: 'ru' });
    expect(response.statusCode, response.body).toBe(200);
    const sheet = (await readWorkbook(response.rawPayload)).getWorksheet('Отчёт по акциям')!;
    const rows = sheetValues(sheet);
    expect(rows[0]![1]).toBe('Акция');
    expect(rows.slice(1)).toEqual([
      [p2, expect.stringMatching(/ ru$/), 1, 1, 10, 100, 3, 97],
      [undefined, 'Итого', 1, 1, 10, 100, 3, 97],
    ]);
  });

  it('refuses an unknown format with a 400, and is in the API document with its filters', async () => {
    const response = await report('GET', 'export/?format=pdf');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['format']);
    const paths = await openApiPaths<{ get: { parameters: { name: string }[] } }>(ctx.app);
    expect(paths['/api/v1/ads/promotions/report/export/']!.get.parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining(['format', 'period__from', 'period__to', 'promotion_id__in', 'station_id__in']),
    );
  });
});
