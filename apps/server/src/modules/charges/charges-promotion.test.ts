import { eq, sql, type SQL } from 'drizzle-orm';
import type { ChargeDetail, ChargeListItem } from '@evcms/contracts/charges';
import type { Paged } from '@evcms/contracts/common';
import type { Localized } from '@evcms/contracts/localized';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../db/client.ts';
import { charges } from '../../db/schema/charges.ts';
import { localizedSelection, localizedValues } from '../../db/schema/localized.ts';
import { promotions } from '../../db/schema/promotions.ts';
import { aCharge, aChargePoint } from '../../test/builders/charges.ts';
import { aPromotionRow } from '../../test/builders/promotions.ts';
import { filterCharges, type FilterCharges } from '../../test/charge-fixtures.ts';
import { apiCalls, openApiPaths, useSignedInApp } from '../../test/test-app.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import { registerDiscountFor } from './charge-discounts.service.ts';
import type { ChargeRow } from './charge-lifecycle.service.ts';
import { chargeWhere, type ChargeFilter } from './charges-filter.ts';

/*
 * The charge list by promotion (`promotion_id__in`) and the promotion a charge answers with. Beside
 * the five charges of test/charge-fixtures.ts, three a promotion discounted, around Bishkek midnight (UTC+6).
 */

const ctx = useSignedInApp();
const call = apiCalls(ctx, 'users/transactions/');
const list = async (query: string, lang = 'en') => {
  const response = await call('GET', query, { lang });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Paged<ChargeListItem>>();
};
const ids = async (query: string) => (await list(query)).items.map((item) => item.id);
/** The total the list answers: a page of one, so the count is its own query, not the rows'. */
const total = async (query: string) => (await list(`${query}&size=1`)).total;

let fixtures: FilterCharges;
let first: number, second: number;
let titles: Map<number, Localized>;
/** P1 at station P, 1 March 22:00 (Bishkek), finished; P1 at P, 2 March 11:00, stopped; P2 at Q, 2 March 12:00, finished. */
let p1a: ChargeRow, p1b: ChargeRow, p2a: ChargeRow;

beforeAll(async () => {
  fixtures = await filterCharges(ctx.database);
  first = await aPromotionRow(ctx.database);
  second = await aPromotionRow(ctx.database);
  const rows = await ctx.database.db
    .select({ id: promotions.id, title: localizedSelection(promotions, 'title') })
    .from(promotions);
  titles = new Map(rows.map(({ id, title }) => [id, title]));
  const p = await aChargePoint(ctx.database);
  const q = await aChargePoint(ctx.database);
  const restore = registerDiscountFor(async (_db, charge) => {
    if (charge.stationId === p.id) return { promotionId: first, discountTyiyn: charge.amountTyiyn / 5 };
    if (charge.stationId === q.id) return { promotionId: second, discountTyiyn: charge.amountTyiyn / 4 };
    return null;
  });
  try {
    p1a = await aCharge(ctx.database, { station: p, startedAt: new Date('2024-03-01T16:00:00Z') });
    p1b = await aCharge(ctx.database, { station: p, startedAt: new Date('2024-03-02T05:00:00Z'), stop: 'stopped' });
    p2a = await aCharge(ctx.database, { station: q, startedAt: new Date('2024-03-02T06:00:00Z') });
  } finally {
    registerDiscountFor(restore);
  }
});

describe('the charge list by promotion', () => {
  it('keeps the charges any of the promotions discounted, as a comma list or repeated', async () => {
    expect(await ids(`?promotion_id__in=${first}`)).toEqual([p1b.id, p1a.id]);
    expect(await ids(`?promotion_id__in=${first},${second}`)).toEqual([p2a.id, p1b.id, p1a.id]);
    expect(await ids(`?promotion_id__in=${second}&promotion_id__in=${first}`)).toEqual([p2a.id, p1b.id, p1a.id]);
    expect(await ids('?promotion_id__in=999999')).toEqual([]);
    expect(await ids('?promotion_id__in=')).toHaveLength(8);
  });

  it('counts its total from the charges, alone and with the period and statuses the kept counts cover', async () => {
    expect(await total(`?promotion_id__in=${first}`)).toBe(2);
    expect(await total(`?promotion_id__in=${first},${second}`)).toBe(3);
    expect(await total('?promotion_id__in=999999')).toBe(0);
    // Period and status alone are summed from charge_day_counts; the promotion must not be left out of them.
    expect(await total('?period__from=2024-03-02&status=finished,stopped')).toBe(3);
    expect(await total(`?period__from=2024-03-02&status=finished,stopped&promotion_id__in=${first}`)).toBe(1);
    expect(await total(`?period__from=2024-03-02&status=finished&promotion_id__in=${first},${second}`)).toBe(1);
    expect(await total(`?period__to=2024-03-01&promotion_id__in=${first},${second}`)).toBe(1);
    expect(await total(`?status=stopped&promotion_id__in=${first}`)).toBe(1);
    expect(await total(`?finished_time__from=22:00:00&promotion_id__in=${first}`)).toBe(1);
    const paged = await list(`?promotion_id__in=${first},${second}&size=2&page=2`);
    expect({ ...paged, items: paged.items.map((item) => item.id) }).toEqual({
      items: [p1a.id],
      page: 2,
      pages: 2,
      size: 2,
      total: 3,
    });
  });

  it('combines with the other filters', async () => {
    expect(await ids(`?promotion_id__in=${first},${second}&status=finished`)).toEqual([p2a.id, p1a.id]);
    expect(await ids(`?promotion_id__in=${first}&period__from=2024-03-02`)).toEqual([p1b.id]);
    expect(await ids(`?promotion_id__in=${first}&station_id__in=${fixtures.stationA.id}`)).toEqual([]);
    expect(await ids(`?promotion_id__in=${second}&source=card`)).toEqual([p2a.id]);
  });

  it('refuses a malformed promotion filter with a 400 naming it', async () => {
    for (const query of ['promotion_id__in=abc', `promotion_id__in=${first},x`, 'promotion_id__in=0']) {
      const response = await call('GET', `?${query}`, { lang: 'en' });
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json()), query).toContain('promotion_id__in');
    }
  });

  it('is in the API document', async () => {
    const paths = await openApiPaths<{ get: { parameters: { name: string }[] } }>(ctx.app);
    for (const path of ['/api/v1/users/transactions/', '/api/v1/users/transactions/export/'])
      expect(paths[path]!.get.parameters.map((parameter) => parameter.name)).toContain('promotion_id__in');
  });
});

describe('a charge’s promotion', () => {
  it('is answered in the list by id and title in the request’s language, null when none', async () => {
    for (const lang of ['ru', 'en', 'ky'] as const) {
      const rows = (await list(`?promotion_id__in=${first},${second}`, lang)).items;
      expect(rows.map(({ promotion, promotion_name, discount }) => ({ promotion, promotion_name, discount }))).toEqual([
        { promotion: second, promotion_name: titles.get(second)![lang], discount: 25 },
        { promotion: first, promotion_name: titles.get(first)![lang], discount: 20 },
        { promotion: first, promotion_name: titles.get(first)![lang], discount: 20 },
      ]);
    }
    const [plain] = (await list(`?search_by_tx_id=${fixtures.c3.id}`)).items;
    expect(plain).toMatchObject({ promotion: null, promotion_name: null, discount: 0 });
  });

  it('is answered in one charge’s detail too, with how the charge was started', async () => {
    const response = await call('GET', `${p1a.id}/`, { lang: 'ky' });
    expect(response.statusCode).toBe(200);
    expect(response.json<ChargeDetail>()).toMatchObject({
      promotion: first,
      promotion_name: titles.get(first)!.ky,
      discount: 20,
      total: 80,
      source: 'card',
      source_name: 'Станциядагы карта',
    });
  });

  it('answers how each charge was started in the list', async () => {
    const rows = (await list(`?station_id__in=${fixtures.stationA.id}`, 'ru')).items;
    expect(rows.map(({ id, source, source_name }) => ({ id, source, source_name }))).toEqual([
      { id: fixtures.c5.id, source: 'card', source_name: 'Карта на станции' },
      { id: fixtures.c2.id, source: 'back_office', source_name: 'Бэк-офис' },
      { id: fixtures.c1.id, source: 'card', source_name: 'Карта на станции' },
    ]);
  });

  it('follows the promotion’s title when it is renamed', async () => {
    const rename = (en: string) =>
      ctx.database.db.update(promotions).set(localizedValues('title', { en })).where(eq(promotions.id, second));
    await rename('Renamed');
    try {
      expect((await list(`?promotion_id__in=${second}`)).items[0]).toMatchObject({ promotion_name: 'Renamed' });
    } finally {
      await rename(titles.get(second)!.en);
    }
  });
});

describe('the list by promotion on a few thousand charges', () => {
  let database: Database;
  let promoted: number[];
  beforeAll(async () => {
    database = await createTestDatabase();
    promoted = [await aPromotionRow(database), await aPromotionRow(database), await aPromotionRow(database)];
    // 6,000 charges a minute apart, one in ten of the oldest 2,000 discounted by one of three promotions,
    // which ended long before the newest charges: the worst case for a walk from the newest back.
    await database.db.execute(sql`insert into charges (status, station_name_ru, station_name_en, station_name_ky,
        ocpp_connector_id, started_at, finished_at, promotion_id)
      select case when n % 7 = 0 then 'stopped' else 'finished' end, 'Станция', 'Station', 'Станция', 1,
        timestamptz '2024-01-01 00:00:00+00' + n * interval '1 minute',
        timestamptz '2024-01-01 00:30:00+00' + n * interval '1 minute',
        case when n % 10 = 0 and n <= 2000 then (${`{${promoted.join(',')}}`}::int[])[1 + (n / 10) % 3] end
      from generate_series(1, 6000) as n`);
    await database.db.execute(sql`analyze charges`);
  });
  afterAll(() => database?.close());

  /** What PostgreSQL does for a query, as text. */
  const plan = async (query: SQL) =>
    (await queryRows<{ 'QUERY PLAN': string }>(database.db, sql`explain ${query}`))
      .map((row) => row['QUERY PLAN'])
      .join('\n');
  // The list's page both ways (charge-list.read-model.ts chargeListPage's numbers) and its total (charges-count.repository.ts).
  const queries = (where: SQL | undefined) => [
    sql`select ${charges.id} from ${charges} where ${where} order by ${charges.startedAt} desc, ${charges.id} desc limit 10`,
    sql`select ${charges.id} from ${charges} where ${where} order by ${charges.startedAt}, ${charges.id} limit 10 offset 20`,
    sql`select count(*) from ${charges} where ${where}`,
  ];

  it.each([
    ['one promotion', () => ({ promotionIds: [promoted[0]!] })],
    ['two promotions', () => ({ promotionIds: promoted.slice(1) })],
    [
      'promotions, statuses and a period',
      (): ChargeFilter => ({ promotionIds: promoted, statuses: ['finished', 'stopped'], startedFrom: '2024-01-02' }),
    ],
  ])('reads %s from charges_promotion_idx, the page and the total', async (_, filter) => {
    for (const query of queries(chargeWhere(filter()))) {
      const text = await plan(query);
      expect(text).toContain('charges_promotion_idx');
      expect(text).not.toMatch(/Seq Scan|charges_started_at_idx|charges_status_idx/);
    }
  });

  it('finds the same charges as the filter alone', async () => {
    const count = async (where: SQL | undefined) =>
      (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from ${charges} where ${where}`))[0]!
        .n;
    expect(await count(chargeWhere({ promotionIds: promoted }))).toBe(200);
    expect(await count(chargeWhere({ promotionIds: [promoted[1]!, 999_999] }))).toBe(67);
    expect(await count(chargeWhere({ promotionIds: [999_999] }))).toBe(0);
  });
});
