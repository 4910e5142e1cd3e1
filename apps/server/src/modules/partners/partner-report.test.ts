import { beforeAll, describe, expect, it } from 'vitest';
import { aCharge, aChargePoint } from '../../test/builders/charges.ts';
import { aStoredMerchant } from '../../test/builders/merchants.ts';
import { aPartner } from '../../test/builders/partners.ts';
import { readCsv, readWorkbook, sheetValues } from '../../test/spreadsheets.ts';
import { apiCalls, openApiPaths, useSignedInApp } from '../../test/test-app.ts';

const ctx = useSignedInApp();
const report = apiCalls(ctx, 'partners/report/', { lang: 'en' });

/*
 * Partner P (10% of turnover, from 2024-01-01) operates merchants M1 (stations a, b) and M2
 * (station c); partner Q (3,000.00 som a month, from 2024-03-10) operates M3 (station d); M4
 * (station e) has no partner. Every charge is 10.00 som a kWh; times UTC, Bishkek is UTC+6.
 *   a  2024-03-01 10:00-11:00, 10 kWh, 100.00            P, March
 *   b  2024-03-15 05:00-06:00,  5 kWh,  50.00            P, March
 *   c  2024-03-31 18:30-19:30, 10 kWh: finished 01:30 on April 1st in Bishkek: P, April
 *   a  still charging: not completed, not counted
 *   a  0 kWh: failed, nothing paid, not counted
 *   d  2024-03-05, before Q's start: not counted;  d  2024-03-20, 10 kWh, 100.00: Q, March
 *   e  2024-03-10, 10 kWh: nobody's
 */
let p: number;
let q: number;
beforeAll(async () => {
  const [m1, m2, m3, m4] = [
    await aStoredMerchant(ctx.database),
    await aStoredMerchant(ctx.database),
    await aStoredMerchant(ctx.database),
    await aStoredMerchant(ctx.database),
  ];
  const [a, b, c, d, e] = [
    await aChargePoint(ctx.database, { merchantId: m1 }),
    await aChargePoint(ctx.database, { merchantId: m1 }),
    await aChargePoint(ctx.database, { merchantId: m2 }),
    await aChargePoint(ctx.database, { merchantId: m3 }),
    await aChargePoint(ctx.database, { merchantId: m4 }),
  ];
  p = (await aPartner(ctx.app, ctx.auth, { name_en: 'P', merchant_ids: [m1, m2], fee_percent: 10 })).id;
  q = (
    await aPartner(ctx.app, ctx.auth, {
      name_en: 'Q',
      merchant_ids: [m3],
      fee_model: 'fixed',
      fee_fixed: 3000,
      fee_percent: undefined,
      started_on: '2024-03-10',
    })
  ).id;
  const at = (time: string) => new Date(`2024-${time}:00Z`);
  await aCharge(ctx.database, { station: a, startedAt: at('03-01T10:00') });
  await aCharge(ctx.database, { station: b, startedAt: at('03-15T05:00'), consumedWh: 5_000 });
  await aCharge(ctx.database, { station: c, startedAt: at('03-31T18:30') });
  await aCharge(ctx.database, { station: a, startedAt: at('03-02T10:00'), stop: false });
  await aCharge(ctx.database, { station: b, startedAt: at('03-03T10:00'), consumedWh: 0 });
  await aCharge(ctx.database, { station: d, startedAt: at('03-05T10:00') });
  await aCharge(ctx.database, { station: d, startedAt: at('03-20T10:00') });
  await aCharge(ctx.database, { station: e, startedAt: at('03-10T10:00') });
});

const figures = ([stations, charges, energy, turnover, fee_due]: number[]) => ({
  stations,
  charges,
  energy,
  turnover,
  fee_due,
});

async function get(query: string, lang = 'en') {
  const response = await report('GET', query, { lang });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: { partner: number; name: string }[]; totals: unknown }>();
}

describe('GET /partners/report/', () => {
  it('sums the charges each partner’s merchants completed in the period, with the fee due and the totals', async () => {
    const march = await get('?period__from=2024-03-01&period__to=2024-03-31');
    expect(march).toEqual({
      items: [
        {
          partner: q,
          name: 'Q',
          fee_model: 'fixed',
          fee_fixed: 3000,
          fee_percent: null,
          started_on: '2024-03-10',
          status: 0,
          // 22 of March's 31 days: 300,000 x 22 / 31 = 212,903.2 tyiyn.
          ...figures([1, 1, 10, 100, 2129.03]),
        },
        {
          partner: p,
          name: 'P',
          fee_model: 'percent',
          fee_fixed: null,
          fee_percent: 10,
          started_on: '2024-01-01',
          status: 0,
          ...figures([3, 2, 15, 150, 15]),
        },
      ],
      totals: figures([4, 3, 25, 250, 2144.03]),
    });
  });

  it('reads the days in Bishkek and bills a whole month of the fixed fee', async () => {
    const april = await get('?period__from=2024-04-01&period__to=2024-04-30');
    expect(april.totals).toEqual(figures([4, 1, 10, 100, 3010]));
  });

  it('names each partner in the language asked', async () => {
    const answer = await get('?period__from=2024-03-01&period__to=2024-03-31', 'ru');
    expect(answer.items.map((item) => item.name)).toEqual([
      expect.stringMatching(/^Партнёр/),
      expect.stringMatching(/^Партнёр/),
    ]);
  });

  it('needs both ends of the period, in order, as real days', async () => {
    const none = await report('GET', '');
    expect(none.statusCode).toBe(400);
    expect(Object.keys(none.json()).sort()).toEqual(['period__from', 'period__to']);
    const bad = await report('GET', '?period__from=2024-02-30&period__to=2024-03-01');
    expect(Object.keys(bad.json())).toEqual(['period__from']);
    const reversed = await report('GET', '?period__from=2024-03-02&period__to=2024-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({ period__to: ['The end of the period cannot be earlier than its start'] });
  });

  it('answers 401 without a token', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/partners/report/?period__from=2024-03-01&period__to=2024-03-31',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /partners/report/export/', () => {
  const march = 'period__from=2024-03-01&period__to=2024-03-31';

  it('gives the rows and a totals row as csv in the language asked', async () => {
    const response = await report('GET', `export/?format=csv&${march}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/filename="partners-report-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(readCsv(response.rawPayload)).toEqual([
      [
        'Partner No.',
        'Partner',
        'Fixed fee, som a month',
        'Percent of turnover',
        'Stations',
        'Charges',
        'Energy, kWh',
        'Turnover, som',
        'Fee due, som',
      ],
      [String(q), 'Q', '3000.00', '', '1', '1', '10.000', '100.00', '2129.03'],
      [String(p), 'P', '', '10.00', '3', '2', '15.000', '150.00', '15.00'],
      ['', 'Total', '', '', '4', '3', '25.000', '250.00', '2144.03'],
    ]);
  });

  it('gives the same as xlsx, numbers as numbers, the sheet named in Russian', async () => {
    const response = await report('GET', `export/?${march}`, { lang: 'ru' });
    expect(response.statusCode, response.body).toBe(200);
    const sheet = (await readWorkbook(response.rawPayload)).getWorksheet('Отчёт по партнёрам')!;
    const rows = sheetValues(sheet);
    expect(rows[0]![1]).toBe('Партнёр');
    expect(rows.slice(1)).toEqual([
      [q, expect.stringMatching(/^Партнёр/), 3000, undefined, 1, 1, 10, 100, 2129.03],
      [p, expect.stringMatching(/^Партнёр/), undefined, 10, 3, 2, 15, 150, 15],
      [undefined, 'Итого', undefined, undefined, 4, 3, 25, 250, 2144.03],
    ]);
  });

  it('refuses an unknown format or a missing period with a 400, and is in the API document', async () => {
    expect(Object.keys((await report('GET', `export/?format=pdf&${march}`)).json())).toEqual(['format']);
    expect((await report('GET', 'export/')).statusCode).toBe(400);
    const paths = await openApiPaths<{ get: { parameters: { name: string }[] } }>(ctx.app);
    expect(paths['/api/v1/partners/report/export/']!.get.parameters.map((x) => x.name)).toEqual(
      expect.arrayContaining(['format', 'period__from', 'period__to']),
    );
  });
});
