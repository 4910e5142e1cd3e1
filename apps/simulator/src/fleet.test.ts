import type { ChargeDetail, ChargeListItem } from '@evcms/contracts/charges';
import type { Paged } from '@evcms/contracts/common';
import type { RemoteStartAnswer } from '@evcms/contracts/ocpp-commands';
import type { StationListItem } from '@evcms/contracts/stations';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { aManager } from '../../server/src/test/builders/accounts.ts';
import { aDriver } from '../../server/src/test/builders/drivers.ts';
import { listenForChargePoints } from '../../server/src/test/charge-points.ts';
import { bearer, signIn, useTestApp } from '../../server/src/test/test-app.ts';
import { BackOffice, SIMULATOR_AGREEMENT } from './api.ts';
import { ChargePoint } from './charge-point.ts';
import { Fleet } from './fleet.ts';

/*
 * The simulator as the CLI runs it, against the real server in this process: stations made
 * through the back-office API, drivers' id tags found through it, and sessions that end as
 * charges on /users/transactions/.
 */

const ctx = useTestApp();
let endpoint: string;
let auth: Record<string, string>;
let api: BackOffice;

beforeAll(async () => {
  endpoint = await listenForChargePoints(ctx);
  const manager = await aManager(ctx.database);
  auth = bearer((await signIn(ctx.app, manager.email, manager.password)).access);
  api = new BackOffice(endpoint.replace(/^ws/, 'http').replace(/\/ocpp$/, ''));
  await api.signIn(manager.email, manager.password);
});

async function get<T>(url: string): Promise<T> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: auth });
  expect(response.statusCode).toBe(200);
  return response.json<T>();
}

describe('stations through the API', () => {
  it('makes the simulator merchant and its active stations once; a second run takes them over with the new password', async () => {
    const first = await api.ensureStations({ prefix: 'API-', count: 2, connectors: 3, password: 'FirstPassword1234' });
    expect(first).toEqual([
      { identity: 'API-0001', password: 'FirstPassword1234', connectors: 3 },
      { identity: 'API-0002', password: 'FirstPassword1234', connectors: 3 },
    ]);
    const second = await api.ensureStations({ prefix: 'API-', count: 3, connectors: 1, password: 'SecondPassword123' });
    expect(second.map(({ identity, connectors }) => [identity, connectors])).toEqual([
      ['API-0001', 3],
      ['API-0002', 3],
      ['API-0003', 1],
    ]);

    const merchants = await get<Paged<{ id: number; agreement_number: string }>>(
      `/merchants/?search=${SIMULATOR_AGREEMENT}`,
    );
    expect(merchants.items.filter((merchant) => merchant.agreement_number === SIMULATOR_AGREEMENT)).toHaveLength(1);
    const stations = await get<Paged<StationListItem>>('/stations/?search=API-');
    expect(stations.items.map((station) => [station.identity, station.status]).sort()).toEqual([
      ['API-0001', 0],
      ['API-0002', 0],
      ['API-0003', 0],
    ]);
    expect(stations.items[0]!.connectors[0]).toMatchObject({ typo: 'type2', power_kWh: 22, custom_fee: 12.5 });

    // The old password is gone, the new one lets the station in.
    const stale = new ChargePoint({ endpoint, identity: 'API-0001', password: 'FirstPassword1234' });
    await expect(stale.start()).rejects.toThrow();
    const current = new ChargePoint({ endpoint, identity: 'API-0001', password: 'SecondPassword123' });
    await current.start();
    await current.stop();
  });

  it('finds the id tags of unblocked drivers with money on their balance', async () => {
    await aDriver(ctx.database, { balanceTyiyn: 50_000, idTags: ['PAYING-1', 'PAYING-2'] });
    await aDriver(ctx.database, { idTags: ['BROKE-1'] });
    await aDriver(ctx.database, { balanceTyiyn: 50_000, blocked: true, idTags: ['BLOCKED-1'] });

    const tags = await api.idTags(100);
    expect(tags).toEqual(expect.arrayContaining(['PAYING-1', 'PAYING-2']));
    expect(tags).not.toContain('BROKE-1');
    expect(tags).not.toContain('BLOCKED-1');
    expect(await api.idTags(1)).toHaveLength(1);
  });
});

describe('charging on the real server', () => {
  it('ends a session as a finished charge with the energy the meter counted, priced by the connector', async () => {
    await aDriver(ctx.database, { balanceTyiyn: 100_000, idTags: ['SESSION-1'] });
    const [station] = await api.ensureStations({
      prefix: 'RUN-',
      count: 1,
      connectors: 2,
      password: 'RunPassword123456',
    });
    const chargePoint = new ChargePoint({ endpoint, ...station!, meterIntervalSeconds: 0.5, powerKw: 150 });
    await chargePoint.start();
    const outcome = await chargePoint.startSession('SESSION-1', { seconds: 2 });
    await chargePoint.stop();

    expect(outcome).toMatchObject({ status: 'completed', reason: 'Local' });
    const charges = await get<Paged<ChargeListItem>>(`/users/transactions/?search_by_tx_id=${outcome.transactionId}`);
    expect(charges.items).toHaveLength(1);
    const charge = charges.items[0]!;
    expect(charge).toMatchObject({
      id: outcome.transactionId,
      id_tag: 'SESSION-1',
      status: 'finished',
      stop_reason: 'Local',
      price: 12.5,
    });
    expect(charge.consumed).toBeCloseTo(outcome.energyWh! / 1000, 3);
    expect(charge.consumed).toBeGreaterThan(0);
    expect(chargePoint.stats.errors).toBe(0);
  });

  it('charges for a manager’s remote start, the charge the back office’s', async () => {
    const driver = await aDriver(ctx.database, { balanceTyiyn: 100_000, idTags: ['REMOTE-1'] });
    const [station] = await api.ensureStations({
      prefix: 'REMOTE-',
      count: 1,
      connectors: 2,
      password: 'RemotePassword123456',
    });
    const chargePoint = new ChargePoint({
      endpoint,
      ...station!,
      meterIntervalSeconds: 0.5,
      powerKw: 50,
      sessionSeconds: 1,
    });
    await chargePoint.start();
    const { id } = (await get<Paged<StationListItem>>('/stations/?search=REMOTE-')).items[0]!;
    await vi.waitFor(
      async () => expect((await get<Paged<StationListItem>>('/stations/?search=REMOTE-')).items[0]!.online).toBe(true),
      { timeout: 20_000 },
    );

    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/stations/${id}/ocpp/remote-start/`,
      payload: { connector_id: 2, driver_id: driver.id },
      headers: auth,
    });
    const answer = response.json<RemoteStartAnswer>();
    expect(answer).toMatchObject({ success: true, outcome: 'accepted' });
    const charge = () => get<ChargeDetail>(`/users/transactions/${answer.charge_id}/`);
    await vi.waitFor(async () => expect((await charge()).status).toBe('finished'), { timeout: 20_000 });
    await chargePoint.stop();
    expect(await charge()).toMatchObject({ source: 'back_office', id_tag: 'REMOTE-1', connector: { ocpp_16_id: 2 } });
    expect((await charge()).consumed).toBeGreaterThan(0);
    expect(chargePoint.stats.errors).toBe(0);
  });

  it('a fleet keeps its sessions going across its stations until stopped, then closes every connection', async () => {
    await aDriver(ctx.database, { balanceTyiyn: 100_000, idTags: ['FLEET-1'] });
    await aDriver(ctx.database, { balanceTyiyn: 100_000, idTags: ['FLEET-2'] });
    const stations = await api.ensureStations({
      prefix: 'FLEET-',
      count: 3,
      connectors: 1,
      password: 'FleetPassword12345',
    });
    const fleet = new Fleet({
      endpoint,
      stations,
      idTags: ['FLEET-1', 'FLEET-2'],
      sessions: 2,
      sessionSeconds: 1,
      meterIntervalSeconds: 0.5,
      powerKw: 11,
      finishingSeconds: 0,
    });

    await fleet.start();
    expect(fleet.stats).toMatchObject({ connected: 3, booted: 3 });
    await vi.waitFor(() => expect(fleet.stats.sessions).toBeGreaterThanOrEqual(2), { timeout: 20_000 });
    await fleet.stop();

    expect(fleet.stats).toMatchObject({ connected: 0, booted: 0, charging: 0, errors: 0 });
    const charges = await get<Paged<ChargeListItem>>('/users/transactions/?status=finished&size=100');
    const fleetTags = charges.items.filter((charge) => charge.id_tag?.startsWith('FLEET-'));
    expect(fleetTags.length).toBeGreaterThanOrEqual(2);
  });
});
