import type { ChargeDetail, ChargeListItem } from '@evcms/contracts/charges';
import type { Paged } from '@evcms/contracts/common';
import { finishedCharge } from '@evcms/contracts/examples/charges';
import { STATUS_INACTIVE } from '@evcms/contracts/status';
import { beforeAll, describe, expect, it } from 'vitest';
import { aCharge, aChargePoint } from '../../test/builders/charges.ts';
import { aDriver } from '../../test/builders/drivers.ts';
import { filterCharges, type FilterCharges } from '../../test/charge-fixtures.ts';
import { apiCalls, useSignedInApp } from '../../test/test-app.ts';

const ctx = useSignedInApp();

const call = apiCalls(ctx, 'users/transactions/');
const list = (query: string, lang = 'en') => call('GET', query, { lang });
const ids = async (query: string) => {
  const response = await list(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Paged<ChargeListItem>>().items.map((item) => item.id);
};

/* The charges of test/charge-fixtures.ts, around Bishkek midnight (UTC+6): the filters' days and times are Bishkek's. */
let { stationA, stationB, driverId, c1, c2, c3, c4, c5 } = {} as FilterCharges;
beforeAll(async () => {
  ({ stationA, stationB, driverId, c1, c2, c3, c4, c5 } = await filterCharges(ctx.database));
});

describe('the charge list', () => {
  it('pages the charges newest start first, as the API answers them', async () => {
    const response = await list('');
    expect(response.statusCode).toBe(200);
    const body = response.json<Paged<ChargeListItem>>();
    expect({ ...body, items: body.items.map((item) => item.id) }).toEqual({
      items: [c5.id, c4.id, c3.id, c2.id, c1.id],
      page: 1,
      pages: 1,
      size: 10,
      total: 5,
    });
    // The same finished charge as the web's screens are given, of this file's driver and station.
    expect(body.items[2]).toEqual({
      ...finishedCharge,
      id: c3.id,
      driver: { id: driverId, name: 'Асанов Бакыт', phone: '996555100200', account: expect.stringMatching(/^\d{8}$/) },
      id_tag: c3.idTag,
      station: { id: stationB.id, name: 'Dordoi' },
      connector: { ocpp_16_id: 1, typo: 'ccs2', typo_name: 'CCS Combo 2' },
      started_at: '2024-03-02T03:00:00.000Z',
      finished_at: '2024-03-02T04:30:00.000Z',
    });
    expect(body.items[0]).toMatchObject({
      driver: null,
      id_tag: 'STRANGER',
      status: 'unauthorized',
      status_name: 'Unauthorized',
      result: 'failed',
      refusal: 'unknown_tag',
      price: null,
    });
    expect(body.items[1]).toMatchObject({
      status: 'in_progress',
      result: null,
      finished_at: null,
      payment_method: null,
      total: 0,
    });
    expect(body.items[1]!.duration_seconds).toBeGreaterThan(0);
    expect(body.items[3]).toMatchObject({ status: 'stopped', price: 12.5, amount: 125, total: 125 });
  });

  it('names statuses, payment methods, stations and connector types in the request’s language', async () => {
    const [row] = (await list(`?search_by_tx_id=${c3.id}`, 'ru')).json<Paged<ChargeListItem>>().items;
    expect(row).toMatchObject({
      status_name: 'Завершена',
      payment_method_name: 'Личный баланс',
      station: { name: 'Dordoi ru' },
    });
    const [ky] = (await list(`?search_by_tx_id=${c3.id}`, 'ky')).json<Paged<ChargeListItem>>().items;
    expect(ky).toMatchObject({ status_name: 'Аяктады', station: { name: 'Dordoi ky' } });
  });

  it('reads a page in the older half from the oldest end, in the same order', async () => {
    const page = async (n: number) => {
      const body = (await list(`?size=2&page=${n}`)).json<Paged<ChargeListItem>>();
      return { ...body, items: body.items.map((item) => item.id) };
    };
    expect(await page(1)).toEqual({ items: [c5.id, c4.id], page: 1, pages: 3, size: 2, total: 5 });
    expect(await page(2)).toEqual({ items: [c3.id, c2.id], page: 2, pages: 3, size: 2, total: 5 });
    expect(await page(3)).toEqual({ items: [c1.id], page: 3, pages: 3, size: 2, total: 5 });
    expect(await page(4)).toEqual({ items: [], page: 4, pages: 3, size: 2, total: 5 });
  });

  it('totals a list filtered by status and start and finish days from the kept day counts, as a count would', async () => {
    const total = async (query: string) => (await list(`${query}&size=1`)).json<Paged<ChargeListItem>>().total;
    expect(await total('?period__from=2024-03-02')).toBe(3);
    expect(await total('?period__from=2024-03-01&period__to=2024-03-01&status=stopped,finished')).toBe(2);
    // c2 finished at 00:00:00 on 2 March: counted on the new day, as the filter lists it.
    expect(await total('?finished_date__from=2024-03-02&finished_date__to=2024-03-02')).toBe(2);
    expect(await total('?finished_date__to=2024-03-01&status=finished')).toBe(1);
    expect(await total('?period__from=2024-03-02&finished_date__from=2024-03-01&status=finished,in_progress')).toBe(1);
    expect(await total('?period__from=2024-03-03&period__to=2024-03-01')).toBe(0);
  });

  it('reads the older half of a list filtered by the finish day from its oldest end too', async () => {
    const page = async (n: number) =>
      (await list(`?finished_date__from=2024-03-01&size=1&page=${n}`)).json<Paged<ChargeListItem>>();
    expect((await page(3)).items.map((item) => item.id)).toEqual([c1.id]);
    expect((await page(2)).items.map((item) => item.id)).toEqual([c2.id]);
    expect(await page(1)).toMatchObject({ items: [{ id: c3.id }], pages: 3, total: 3 });
  });

  it('finds a charge by its number', async () => {
    expect(await ids(`?search_by_tx_id=${c2.id}`)).toEqual([c2.id]);
    expect(await ids('?search_by_tx_id=999999')).toEqual([]);
  });

  it('filters by station, as a comma list or repeated', async () => {
    expect(await ids(`?station_id__in=${stationA.id}`)).toEqual([c5.id, c2.id, c1.id]);
    expect(await ids(`?station_id__in=${stationA.id},${stationB.id}`)).toHaveLength(5);
    expect(await ids(`?station_id__in=${stationB.id}&station_id__in=${stationA.id}`)).toHaveLength(5);
    expect(await ids(`?station_id__in=${stationB.id},`)).toEqual([c4.id, c3.id]);
    expect(await ids('?station_id__in=')).toHaveLength(5);
  });

  it('filters by status, one or several', async () => {
    expect(await ids('?status=finished')).toEqual([c3.id, c1.id]);
    expect(await ids('?status=finished,stopped')).toEqual([c3.id, c2.id, c1.id]);
    // The total of a list filtered by status at most comes from the kept counts.
    expect((await list('?status=finished,stopped&size=1')).json<Paged<ChargeListItem>>()).toMatchObject({
      total: 3,
      pages: 3,
    });
    expect(await ids('?status=in_progress&status=unauthorized')).toEqual([c5.id, c4.id]);
    expect(await ids('?status=pause')).toEqual([]);
    expect(await ids('?status=')).toHaveLength(5);
  });

  it('filters by the start’s Bishkek day, both ends included', async () => {
    expect(await ids('?period__from=2024-03-02')).toEqual([c5.id, c4.id, c3.id]);
    expect(await ids('?period__to=2024-03-01')).toEqual([c2.id, c1.id]);
    expect(await ids('?period__from=2024-03-02&period__to=2024-03-02')).toEqual([c4.id, c3.id]);
    expect(await ids('?period__from=2024-03-03&period__to=2024-03-01')).toEqual([]);
  });

  it('filters by the finish’s Bishkek day: a finish at 00:00:00 belongs to the new day', async () => {
    expect(await ids('?finished_date__from=2024-03-02')).toEqual([c3.id, c2.id]);
    expect(await ids('?finished_date__to=2024-03-01')).toEqual([c1.id]);
    expect(await ids('?finished_date__from=2024-03-02&finished_date__to=2024-03-02')).toEqual([c3.id, c2.id]);
    expect(await ids('?finished_date__from=2024-03-01&finished_date__to=2024-03-01')).toEqual([c1.id]);
  });

  it('filters by the finish’s Bishkek time of day, to the second, across midnight when the start is later', async () => {
    expect(await ids('?finished_time__from=23:00:00')).toEqual([c1.id]);
    expect(await ids('?finished_time__to=00:00:00')).toEqual([c2.id]);
    expect(await ids('?finished_time__from=23:59:59&finished_time__to=00:00:00')).toEqual([c2.id, c1.id]);
    // Across midnight the total is counted as two ranges of the index, each once.
    expect(
      (await list('?finished_time__from=23:00:00&finished_time__to=10:00:00&size=1')).json<Paged<ChargeListItem>>(),
    ).toMatchObject({ total: 2, pages: 2 });
    expect(await ids('?finished_time__from=10:00:00&finished_time__to=10:30:00')).toEqual([c3.id]);
    expect(await ids('?finished_time__from=10:30:01&finished_time__to=23:59:58')).toEqual([]);
  });

  it('totals a time-of-day filter as its rows, whole minutes counted from the kept counts and edge seconds from the charges', async () => {
    const total = async (query: string) => (await list(`${query}&size=1`)).json<Paged<ChargeListItem>>().total;
    const windows = [
      ['?finished_time__from=23:59:59', 1],
      ['?finished_time__from=23:59:00', 1],
      ['?finished_time__to=00:00:00', 1],
      ['?finished_time__to=00:00:59', 1],
      ['?finished_time__from=10:29:59&finished_time__to=10:30:00', 1],
      ['?finished_time__from=10:30:00&finished_time__to=10:30:00', 1],
      ['?finished_time__from=10:30:01&finished_time__to=10:32:00', 0],
      ['?finished_time__from=10:29:01&finished_time__to=10:29:59', 0],
      ['?finished_time__from=00:00:01&finished_time__to=23:59:58', 1],
      ['?finished_time__from=23:59:30&finished_time__to=00:00:30', 2],
      ['?finished_time__from=00:00:00&finished_time__to=23:59:59&status=finished', 2],
      ['?finished_time__from=10:00:00&status=stopped,finished', 2],
    ] as const;
    for (const [query, expected] of windows) {
      expect(await total(query), query).toBe(expected);
      expect(await ids(query), query).toHaveLength(expected);
    }
  });

  it('filters by how the charge was authorised, one way or several, its total counted alike', async () => {
    expect(await ids('?source=card')).toEqual([c5.id, c3.id, c1.id]);
    expect(await ids('?source=app,back_office')).toEqual([c4.id, c2.id]);
    expect(await ids('?source=back_office&source=card&status=stopped')).toEqual([c2.id]);
    expect((await list('?source=card&status=finished&size=1')).json<Paged<ChargeListItem>>()).toMatchObject({
      total: 2,
      pages: 2,
    });
    expect(await ids('?source=')).toHaveLength(5);
  });

  it('filters by driver, and combines filters', async () => {
    expect(await ids(`?user=${driverId}`)).toEqual([c4.id, c3.id]);
    expect(
      await ids(
        `?user=${driverId}&status=finished&station_id__in=${stationB.id}&period__from=2024-03-02&finished_date__to=2024-03-02`,
      ),
    ).toEqual([c3.id]);
    expect(await ids(`?user=${driverId}&station_id__in=${stationA.id}`)).toEqual([]);
  });

  it('refuses a malformed filter with a 400 naming it', async () => {
    for (const [query, field] of [
      ['station_id__in=abc', 'station_id__in'],
      ['station_id__in=1,x', 'station_id__in'],
      ['station_id__in=0', 'station_id__in'],
      ['status=done', 'status'],
      ['status=finished,done', 'status'],
      ['period__from=2024-02-30', 'period__from'],
      ['finished_date__to=03.03.2024', 'finished_date__to'],
      ['finished_time__from=24:00:00', 'finished_time__from'],
      ['finished_time__to=7:00', 'finished_time__to'],
      ['search_by_tx_id=12a', 'search_by_tx_id'],
      ['user=-1', 'user'],
      ['source=phone', 'source'],
    ]) {
      const response = await list(`?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json()), query).toContain(field);
    }
  });
});

describe('one charge', () => {
  it('answers the row and the meter’s story; 404 for an unknown number', async () => {
    const response = await call('GET', `${c3.id}/`);
    expect(response.statusCode).toBe(200);
    expect(response.json<ChargeDetail>()).toMatchObject({
      id: c3.id,
      status_name: 'Завершена',
      meter_start: 100,
      meter_stop: 112.345,
      last_meter: 112.345,
      last_meter_at: '2024-03-02T04:30:00.000Z',
      price_source: 'custom',
      reservation_id: null,
      stop_requested_at: null,
    });
    expect((await call('GET', '999999/')).statusCode).toBe(404);
  });
});

describe('charges of a deleted station', () => {
  it('stay listed under the station’s name, and deleting the station does not fail', async () => {
    const closed = await aChargePoint(ctx.database, { name: 'Closed', status: STATUS_INACTIVE });
    const owner = await aDriver(ctx.database, { balanceTyiyn: 100_000 });
    const done = await aCharge(ctx.database, {
      station: closed,
      driverId: owner.id,
      startedAt: new Date('2024-02-01T10:00:00Z'),
    });
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/stations/${closed.id}/`,
      headers: ctx.auth,
    });
    expect(response.statusCode, response.body).toBe(204);
    const rows = (await list(`?user=${owner.id}`)).json<Paged<ChargeListItem>>().items;
    expect(rows).toMatchObject([
      {
        id: done.id,
        station: { id: null, name: 'Closed' },
        connector: { ocpp_16_id: 1, typo: 'type2' },
        total: 100,
        status: 'finished',
      },
    ]);
  });
});
