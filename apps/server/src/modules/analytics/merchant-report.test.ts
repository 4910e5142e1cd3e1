import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { merchants } from '../../db/schema/merchants.ts';
import { stations } from '../../db/schema/stations.ts';
import { aCharge, aChargePoint } from '../../test/builders/charges.ts';
import { aStoredMerchant } from '../../test/builders/merchants.ts';
import { readCsv, readWorkbook, sheetValues } from '../../test/spreadsheets.ts';
import { apiCalls, useSignedInApp } from '../../test/test-app.ts';

const ctx = useSignedInApp();
const report = apiCalls(ctx, 'analytics/merchant-report/', { lang: 'en' });

/*
 * Merchants M1 (12.5 %: stations a, b), M2 (10 %: station c, and d, deleted since) and M3 (no
 * stations). Every charge is 10.00 som a kWh; times UTC, Bishkek is UTC+6.
 *   a  03-01 10:00, 10 kWh, 100.00: M1, March      b  03-15 05:00, 5 kWh, 50.00: M1, March
 *   b  03-31 18:30: finished on 1 April in Bishkek   a  still charging: not counted
 *   c  03-10 10:00, 10 kWh, 100.00: M2               d  03-11 10:00, 10 kWh, 100.00: M2, then d is deleted
 */
let m1: number;
let m2: number;
let m3: number;
let a: number;
let b: number;
let d: number;
beforeAll(async () => {
  [m1, m2, m3] = [
    await aStoredMerchant(ctx.database),
    await aStoredMerchant(ctx.database),
    await aStoredMerchant(ctx.database),
  ];
  const db = ctx.database.db;
  await db.update(merchants).set({ percentageBp: 1250, nameEn: 'M1' }).where(eq(merchants.id, m1));
  await db.update(merchants).set({ percentageBp: 1000, nameEn: 'M2' }).where(eq(merchants.id, m2));
  await db.update(merchants).set({ nameEn: 'M3' }).where(eq(merchants.id, m3));
  const [sa, sb, sc, sd] = [
    await aChargePoint(ctx.database, { merchantId: m1 }),
    await aChargePoint(ctx.database, { merchantId: m1 }),
    await aChargePoint(ctx.database, { merchantId: m2 }),
    await aChargePoint(ctx.database, { merchantId: m2 }),
  ];
  [a, b, d] = [sa.id, sb.id, sd.id];
  const at = (time: string) => new Date(`2024-${time}:00Z`);
  await aCharge(ctx.database, { station: sa, startedAt: at('03-01T10:00') });
  await aCharge(ctx.database, { station: sb, startedAt: at('03-15T05:00'), consumedWh: 5_000 });
  await aCharge(ctx.database, { station: sb, startedAt: at('03-31T18:30') });
  await aCharge(ctx.database, { station: sa, startedAt: at('03-02T10:00'), stop: false });
  await aCharge(ctx.database, { station: sc, startedAt: at('03-10T10:00') });
  await aCharge(ctx.database, { station: sd, startedAt: at('03-11T10:00') });
  await db.delete(stations).where(inArray(stations.id, [sd.id]));
});

const MARCH = 'period__from=2024-03-01&period__to=2024-03-31';
const figures = ([stations, charges, energy, turnover, merchant_share, network_share]: number[]) => ({
  stations,
  charges,
  energy,
  turnover,
  merchant_share,
  network_share,
});

async function get(url: string, lang = 'en') {
  const response = await report('GET', url, { lang });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /analytics/merchant-report/', () => {
  it('sums each merchant’s completed charges of the Bishkek days and splits the turnover by its percentage', async () => {
    expect(await get(`?${MARCH}`)).toEqual({
      items: [
        { merchant: m1, name: 'M1', percentage: 12.5, ...figures([2, 2, 15, 150, 18.75, 131.25]) },
        { merchant: m2, name: 'M2', percentage: 10, ...figures([1, 2, 20, 200, 20, 180]) },
        { merchant: m3, name: 'M3', percentage: expect.any(Number), ...figures([0, 0, 0, 0, 0, 0]) },
      ],
      totals: figures([3, 4, 35, 350, 38.75, 311.25]),
    });
  });

  it('narrows to the merchants asked for, and reads April’s first Bishkek day', async () => {
    const some = await get(`?${MARCH}&merchant=${m1},${m3}`);
    expect(some.items.map((item: { merchant: number }) => item.merchant)).toEqual([m1, m3]);
    expect(some.totals).toEqual(figures([2, 2, 15, 150, 18.75, 131.25]));
    const april = await get(`?period__from=2024-04-01&period__to=2024-04-01&merchant=${m1}`);
    expect(april.totals).toEqual(figures([2, 1, 10, 100, 12.5, 87.5]));
  });

  it('needs both ends of the period, in order, and real merchant ids', async () => {
    const none = await report('GET', '');
    expect(Object.keys(none.json()).sort()).toEqual(['period__from', 'period__to']);
    const reversed = await report('GET', '?period__from=2024-03-02&period__to=2024-03-01');
    expect(reversed.json()).toEqual({ period__to: ['The end of the period cannot be earlier than its start'] });
    const wrong = await report('GET', `?${MARCH}&merchant=x`);
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json())).toEqual(['merchant']);
  });
});

describe('GET /analytics/merchant-report/{id}/stations/', () => {
  it('gives the merchant’s stations with its percentage applied, and a deleted one by its number', async () => {
    expect(await get(`${m1}/stations/?${MARCH}`)).toEqual({
      merchant: m1,
      name: 'M1',
      percentage: 12.5,
      items: [
        expect.objectContaining({ station: a, ...figures([1, 1, 10, 100, 12.5, 87.5]) }),
        expect.objectContaining({ station: b, ...figures([1, 1, 5, 50, 6.25, 43.75]) }),
      ],
      totals: figures([2, 2, 15, 150, 18.75, 131.25]),
    });
    const m2Stations = await get(`${m2}/stations/?${MARCH}`);
    expect(m2Stations.items).toContainEqual({ station: d, name: `#${d}`, ...figures([1, 1, 10, 100, 10, 90]) });
    expect(m2Stations.totals).toEqual(figures([2, 2, 20, 200, 20, 180]));
  });

  it('answers 404 for an unknown merchant', async () => {
    const response = await report('GET', `999999/stations/?${MARCH}`);
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /analytics/merchant-report/export/', () => {
  it('gives the rows and a totals row as csv', async () => {
    const response = await report('GET', `export/?format=csv&${MARCH}&merchant=${m1}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/filename="merchant-report-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(readCsv(response.rawPayload)).toEqual([
      [
        'Merchant No.',
        'Merchant',
        'Agency percentage',
        'Stations',
        'Charges',
        'Energy, kWh',
        'Turnover, som',
        'Merchant share, som',
        'Network share, som',
      ],
      [String(m1), 'M1', '12.50', '2', '2', '15.000', '150.00', '18.75', '131.25'],
      ['', 'Total', '', '2', '2', '15.000', '150.00', '18.75', '131.25'],
    ]);
  });

  it('gives xlsx with the sheet named in Russian', async () => {
    const response = await report('GET', `export/?${MARCH}`, { lang: 'ru' });
    expect(response.statusCode, response.body).toBe(200);
    const sheet = (await readWorkbook(response.rawPayload)).getWorksheet('Отчёт по мерчантам')!;
    const rows = sheetValues(sheet);
    expect(rows[0]![1]).toBe('Мерчант');
    expect(rows.at(-1)).toEqual([undefined, 'Итого', undefined, 3, 4, 35, 350, 38.75, 311.25]);
  });
});
