import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { stations } from '../../db/schema/stations.ts';
import { aCharge, aChargePoint } from '../../test/builders/charges.ts';
import { apiCalls, openApiPaths, useSignedInApp } from '../../test/test-app.ts';
import { heatMap as heatMapAnswer } from '@evcms/contracts/heat-map';
import { heatMap } from './heat-map.service.ts';
import { stationPlacesCache } from './station-places.ts';

const ctx = useSignedInApp();
const call = apiCalls(ctx, 'stations/heat-map/', { lang: 'en' });

/*
 * Bishkek is UTC+6; times UTC. 10.00 som a kWh.
 *   A  01-10 10:00-11:00, 10 kWh, 100.00: January
 *   A  02-29 17:30-18:30: 00:30 on Friday 1 March in Bishkek: March, hour 0
 *   A  03-01 10:00-11:00: 17:00 on Friday 1 March, 100.00
 *   B  03-15 14:00-15:00, 5 kWh, 50.00: 21:00 on Friday 15 March
 *   B  03-31 17:30-18:30: 00:30 on 1 April: not March
 */
let a: { id: number; merchantId: number };
let b: { id: number };
beforeAll(async () => {
  a = await aChargePoint(ctx.database, { name: 'Alpha' });
  b = await aChargePoint(ctx.database, { name: 'Beta' });
  const at = (time: string) => new Date(`2024-${time}:00Z`);
  await aCharge(ctx.database, { station: a, startedAt: at('01-10T10:00') });
  await aCharge(ctx.database, { station: a, startedAt: at('02-29T17:30') });
  await aCharge(ctx.database, { station: a, startedAt: at('03-01T10:00') });
  await aCharge(ctx.database, { station: b, startedAt: at('03-15T14:00'), consumedWh: 5_000 });
  await aCharge(ctx.database, { station: b, startedAt: at('03-31T17:30') });
});

const MARCH = '?period__from=2024-03-01&period__to=2024-03-31';
const cell = (body: { grid: { weekday: number; hour: number }[] }, weekday: number, hour: number) =>
  body.grid.find((item) => item.weekday === weekday && item.hour === hour);

describe('GET /stations/heat-map/', () => {
  it("counts each station's charges of the period and their average bill, most charges first", async () => {
    const response = await call('GET', MARCH);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.period).toEqual({ from: '2024-02-29T18:00:00.000Z', to: '2024-03-31T18:00:00.000Z' });
    expect(body.hours).toBeNull();
    expect(body.stations).toEqual([
      {
        station: a.id,
        name: expect.stringContaining('Alpha'),
        merchant: a.merchantId,
        latitude: 42.87,
        longitude: 74.59,
        charges: 2,
        turnover: 200,
        average_bill: 100,
      },
      expect.objectContaining({ station: b.id, charges: 1, turnover: 50, average_bill: 50 }),
    ]);
    expect(body.totals).toEqual({ charges: 3, turnover: 250, average_bill: 83.33 });
    // Serialized without the schema's check (heat-map.routes.ts): the answer holds to it, with nothing more (parsing strips extra keys).
    expect(heatMapAnswer.parse(body)).toEqual(body);
  });

  it('lays the week out by Bishkek weekday and hour, all 168 cells', async () => {
    const body = (await call('GET', MARCH)).json();
    expect(body.grid).toHaveLength(168);
    expect(body.grid[0]).toEqual({ weekday: 1, hour: 0, charges: 0, turnover: 0, average_bill: 0 });
    expect(cell(body, 5, 0)).toMatchObject({ charges: 1, turnover: 100 });
    expect(cell(body, 5, 17)).toMatchObject({ charges: 1, turnover: 100 });
    expect(cell(body, 5, 21)).toMatchObject({ charges: 1, turnover: 50, average_bill: 50 });
    expect(body.grid.reduce((sum: number, item: { charges: number }) => sum + item.charges, 0)).toBe(3);
  });

  it('narrows to a time of day, also one that runs past midnight', async () => {
    const evening = (await call('GET', `${MARCH}&hours__from=18&hours__to=24`)).json();
    expect(evening.hours).toEqual({ from: 18, to: 24 });
    expect(evening.stations).toEqual([expect.objectContaining({ station: b.id, charges: 1 })]);
    expect(evening.totals).toEqual({ charges: 1, turnover: 50, average_bill: 50 });
    expect(cell(evening, 5, 17)).toMatchObject({ charges: 0 });

    const night = (await call('GET', `${MARCH}&hours__from=22&hours__to=6`)).json();
    expect(night.hours).toEqual({ from: 22, to: 6 });
    expect(night.stations).toEqual([expect.objectContaining({ station: a.id, charges: 1, turnover: 100 })]);
    expect(cell(night, 5, 21)).toMatchObject({ charges: 0 });
  });

  it('adds whole months and the days of months covered in part', async () => {
    const quarter = (await call('GET', '?period__from=2024-01-01&period__to=2024-03-31')).json();
    expect(quarter.stations).toEqual([
      expect.objectContaining({ station: a.id, charges: 3 }),
      expect.objectContaining({ station: b.id, charges: 1 }),
    ]);
    const parts = (await call('GET', '?period__from=2024-01-11&period__to=2024-03-15')).json();
    expect(parts.stations).toEqual([
      expect.objectContaining({ station: a.id, charges: 2 }),
      expect.objectContaining({ station: b.id, charges: 1 }),
    ]);
    const none = (await call('GET', '?period__from=2024-03-02&period__to=2024-03-14')).json();
    expect(none).toMatchObject({ stations: [], totals: { charges: 0, turnover: 0, average_bill: 0 } });
  });

  it('draws no station whose coordinates do not read, but counts its charges in the totals', async () => {
    const drawn = await aChargePoint(ctx.database, { name: 'Delta' });
    const unreadable = await aChargePoint(ctx.database, { name: 'Gamma' });
    await ctx.database.db.update(stations).set({ latitude: ' ' }).where(eq(stations.id, unreadable.id));
    for (const station of [drawn, unreadable])
      await aCharge(ctx.database, { station, startedAt: new Date('2024-06-12T06:00:00Z') });
    const body = (await call('GET', '?period__from=2024-06-01&period__to=2024-06-30')).json();
    expect(body.stations.map((station: { station: number }) => station.station)).toEqual([drawn.id]);
    expect(body.totals.charges).toBe(2);
  });

  it('reads a named period up to now', async () => {
    const middle = await heatMap(
      { db: ctx.database.db, now: () => new Date('2024-03-16T00:00:00Z'), places: stationPlacesCache() },
      { period: 'month' },
      'en',
    );
    expect(middle.stations.map((station) => [station.stationId, station.charges])).toEqual([
      [a.id, 2],
      [b.id, 1],
    ]);
  });

  it('names the time of day in the asked language when half of it is missing', async () => {
    const response = await call('GET', '?hours__from=18', { lang: 'ky' });
    expect(response.json()).toEqual({ hours__to: [expect.stringMatching(/\p{Script=Cyrillic}/u)] });
  });

  it.each([
    ['hours__from=24&hours__to=3', 'hours__from'],
    ['hours__from=3&hours__to=25', 'hours__to'],
    ['hours__from=evening&hours__to=3', 'hours__from'],
    ['hours__from=18', 'hours__to'],
    ['hours__to=6', 'hours__from'],
    ['period__from=2024-03-31&period__to=2024-03-01', 'period__to'],
    ['period__from=2020-01-01&period__to=2024-03-01', 'period__to'],
    ['period=decade', 'period'],
  ])('refuses %s, naming %s', async (query, field) => {
    const response = await call('GET', `?${query}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json())).toEqual([field]);
  });

  it('answers the same to 100 calls at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => call('GET', `${MARCH}&hours__from=22&hours__to=6`)),
    );
    expect(new Set(answers.map((answer) => answer.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
  });

  it('is in the OpenAPI document', async () => {
    expect(Object.keys(await openApiPaths(ctx.app))).toContain('/api/v1/stations/heat-map/');
  });
});
