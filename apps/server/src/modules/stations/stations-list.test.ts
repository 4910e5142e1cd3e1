import type { Paged } from '@evcms/contracts/common';
import type { Merchant } from '@evcms/contracts/merchants';
import type { StationListItem, StationOption } from '@evcms/contracts/stations';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { stationTags, stationInfrastructure } from '../../db/schema/stations.ts';
import { anInfrastructureItem, aTag } from '../../test/builders/catalog.ts';
import { aMerchant } from '../../test/builders/merchants.ts';
import { aStation } from '../../test/builders/stations.ts';
import { apiCalls, useSignedInApp } from '../../test/test-app.ts';
import { setStationStatuses } from './stations.repository.ts';

const ctx = useSignedInApp();

const call = apiCalls(ctx, '');

let merchant: Merchant;
let other: Merchant;
beforeAll(async () => {
  merchant = await aMerchant(ctx.app, ctx.auth);
  other = await aMerchant(ctx.app, ctx.auth);
});

const listIds = async (query: string) =>
  (await call('GET', `stations/${query}`)).json<Paged<StationListItem>>().items.map((item) => item.id);

describe('a merchant station list', () => {
  it('answers the rows of one merchant, newest first, with connectors, tags and infrastructure in the language asked', async () => {
    const first = await aStation(ctx.database, merchant.id, { name: 'Alpha' });
    const second = await aStation(ctx.database, merchant.id, {
      name: 'Beta',
      connectors: [
        { evseId: 1, position: 2, typo: 'ccs2' },
        { evseId: 2, position: 1, typo: 'chademo' },
      ],
    });
    await aStation(ctx.database, other.id);
    const fast = await aTag(ctx.database, 'Fast');
    const cafe = await anInfrastructureItem(ctx.database, 'Cafe');
    await ctx.database.db.insert(stationTags).values({ stationId: second.id, tagId: fast.id });
    await ctx.database.db.insert(stationInfrastructure).values({ stationId: second.id, itemId: cafe.id });

    const response = await call('GET', `stations/?merchant=${merchant.id}`, { lang: 'en' });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<Paged<StationListItem>>();
    expect(page.items.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(page.total).toBe(2);
    expect(page.items[0]).toEqual({
      id: second.id,
      name: 'Beta',
      identity: second.identity,
      location: expect.stringMatching(/^Bishkek, Street \d+$/),
      schedule: [{ id: 1, day: 0, start_time: '09:00:00', end_time: '18:00:00', is_break: false }],
      status: 1,
      is_new: true,
      connectors: [
        expect.objectContaining({
          evse_id: 1,
          connector_id: 1,
          ocpp_16_id: 1,
          typo: 'ccs2',
          typo_name: 'CCS Combo 2',
          position: 2,
          position_name: 'Right',
          power_kWh: 22,
        }),
        expect.objectContaining({
          evse_id: 2,
          connector_id: 1,
          ocpp_16_id: 2,
          typo: 'chademo',
          position: 1,
          position_name: 'Left',
        }),
      ],
      tags: [{ id: fast.id, title: 'Fast', active: true }],
      surroundings: [{ id: cafe.id, title: 'Cafe', icon_path: '/media/surroundings/Cafe.svg', active: true }],
      // Never connected: offline, and no connector has reported a status or charges.
      online: false,
      last_seen_at: null,
    });
    expect(page.items[0]!.connectors.map(({ ocpp_status, charge }) => [ocpp_status, charge])).toEqual([
      [null, null],
      [null, null],
    ]);
    const russian = (await call('GET', `stations/?merchant=${merchant.id}`, { lang: 'ru' })).json<
      Paged<StationListItem>
    >();
    expect(russian.items[0]).toMatchObject({
      name: 'Beta ru',
      location: expect.stringMatching(/^Бишкек, Street \d+ ru$/),
    });
  });

  it('pages, searches the name, identity and id, and filters by status', async () => {
    const owner = await aMerchant(ctx.app, ctx.auth);
    const made = [];
    for (let i = 0; i < 12; i += 1)
      made.push(await aStation(ctx.database, owner.id, { name: `Paged ${i}`, status: i === 0 ? 0 : 1 }));
    const first = (await call('GET', `stations/?merchant=${owner.id}`)).json<Paged<StationListItem>>();
    expect({ ...first, items: first.items.length }).toEqual({ items: 10, page: 1, pages: 2, size: 10, total: 12 });
    expect(await listIds(`?merchant=${owner.id}&page=2`)).toEqual([made[1]!.id, made[0]!.id]);
    expect(await listIds(`?merchant=${owner.id}&search=paged%2011`)).toEqual([made[11]!.id]);
    expect(await listIds(`?merchant=${owner.id}&search=${made[3]!.identity.toLowerCase()}`)).toEqual([made[3]!.id]);
    // A number matches the id, and any text containing it.
    expect(await listIds(`?merchant=${owner.id}&search=${made[5]!.id}`)).toContain(made[5]!.id);
    expect(await listIds(`?merchant=${owner.id}&active=true`)).toEqual([made[0]!.id]);
    expect(await listIds(`?merchant=${owner.id}&status=0`)).toEqual([made[0]!.id]);
    const bad = await call('GET', 'stations/?merchant=x&status=3', { lang: 'en' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      merchant: ['Enter a whole number'],
      status: ['Ensure this value is less than or equal to 1'],
    });
  });
});

describe('the station pickers', () => {
  it('answer id and name, paged and searchable, for transactions and promotions', async () => {
    const owner = await aMerchant(ctx.app, ctx.auth);
    const gamma = await aStation(ctx.database, owner.id, { name: 'Gamma picker' });
    const delta = await aStation(ctx.database, owner.id, { name: 'Delta picker' });
    for (const picker of ['for-transaction', 'for-promotion']) {
      const response = await call('GET', `stations/${picker}/?search=picker&size=1000`, { lang: 'en' });
      expect(response.statusCode).toBe(200);
      const body = response.json<Paged<StationOption>>();
      expect(body.items).toEqual([
        { id: delta.id, name: 'Delta picker' },
        { id: gamma.id, name: 'Gamma picker' },
      ]);
      expect(body.size).toBe(1000);
      expect(
        (await call('GET', `stations/${picker}/?search=gamma&merchant=${owner.id}`, { lang: 'ky' })).json<
          Paged<StationOption>
        >().items,
      ).toEqual([{ id: gamma.id, name: 'Gamma picker ky' }]);
    }
  });
});

describe('bulk station statuses', () => {
  it('activates every id asked, or none when one is missing, answering list rows in the order asked', async () => {
    const a = await aStation(ctx.database, merchant.id);
    const b = await aStation(ctx.database, merchant.id);
    const response = await call('PATCH', 'stations/statuses/', { payload: { ids: [b.id, a.id], status: 0 } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<StationListItem[]>().map((item) => [item.id, item.status])).toEqual([
      [b.id, 0],
      [a.id, 0],
    ]);
    const missing = await call('PATCH', 'stations/statuses/', {
      payload: { ids: [a.id, 999_999], status: 1 },
      lang: 'en',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not found: 999999.' });
    expect((await call('GET', `stations/${a.id}/`)).json()).toMatchObject({ status: 0 });
  });

  it('writes each station changed beside its old version, no index touched (HOT), and none already at the status', async () => {
    const ids = [
      await aStation(ctx.database, merchant.id),
      await aStation(ctx.database, merchant.id),
      await aStation(ctx.database, merchant.id, { status: 0 }),
    ].map((s) => s.id);
    // The table's rows updated, and of them those written without an index entry (HOT), counted by
    // this connection (these counts gather until they are reported, so read before and after).
    const written = await ctx.database.db.transaction(async (tx) => {
      const counts = async () =>
        (
          await queryRows<{ updated: number; hot: number }>(
            tx,
            sql`select pg_stat_get_xact_tuples_updated('stations'::regclass)::int as updated, pg_stat_get_xact_tuples_hot_updated('stations'::regclass)::int as hot`,
          )
        )[0]!;
      const before = await counts();
      await setStationStatuses(tx, ids, 0);
      const after = await counts();
      return { updated: after.updated - before.updated, hot: after.hot - before.hot };
    });
    expect(written).toEqual({ updated: 2, hot: 2 });
    const listed = (await call('GET', `stations/?merchant=${merchant.id}&size=100`)).json<Paged<StationListItem>>()
      .items;
    expect(listed.filter((item) => ids.includes(item.id)).map((item) => item.status)).toEqual([0, 0, 0]);
  });

  it('keeps the merchant station counts true', async () => {
    const owner = await aMerchant(ctx.app, ctx.auth);
    const a = await aStation(ctx.database, owner.id);
    await aStation(ctx.database, owner.id);
    await aStation(ctx.database, owner.id);
    await call('PATCH', 'stations/statuses/', { payload: { ids: [a.id], status: 0 } });
    const detail = await call('GET', `merchants/${owner.id}/`);
    expect(detail.json()).toMatchObject({ stations_count: 3, active_stations: 1, inactive_stations: 2 });
    const listed = (await call('GET', `merchants/?search=${owner.id}`))
      .json<Paged<Merchant>>()
      .items.find((item) => item.id === owner.id);
    expect(listed).toMatchObject({ stations_count: 3, active_stations: 1, inactive_stations: 2 });
  });
});

describe('deleting a station', () => {
  it('refuses an active station with 409 and deletes an inactive one with its parts', async () => {
    const station = await aStation(ctx.database, merchant.id, { status: 0 });
    const refused = await call('DELETE', `stations/${station.id}/`, { lang: 'en' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'An active station cannot be deleted. Deactivate it first.' });
    await call('PATCH', 'stations/statuses/', { payload: { ids: [station.id], status: 1 } });
    expect((await call('DELETE', `stations/${station.id}/`)).statusCode).toBe(204);
    expect((await call('GET', `stations/${station.id}/`)).statusCode).toBe(404);
    expect((await call('DELETE', `stations/${station.id}/`)).statusCode).toBe(404);
  });
});

describe('connector dictionaries', () => {
  it('answer types and positions by key in the language asked', async () => {
    const types = await call('GET', 'stations/connectors-types-positions/?info=types', { lang: 'en' });
    expect(types.json()).toMatchObject({
      type2: 'Type 2 (Mennekes)',
      ccs2: 'CCS Combo 2',
      chademo: 'CHAdeMO',
      gbt_dc: 'GB/T DC',
    });
    const positions = await call('GET', 'stations/connectors-types-positions/?info=positions', { lang: 'ru' });
    expect(positions.json()).toMatchObject({ 1: 'Слева', 2: 'Справа' });
  });
});
