import path from 'node:path';
import type { ChargeListItem } from '@evcms/contracts/charges';
import type { Paged } from '@evcms/contracts/common';
import type { StationListItem } from '@evcms/contracts/stations';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadSecret } from '../lib/secrets.ts';
import { createMediaStore } from '../lib/uploads.ts';
import { aManager } from '../test/builders/accounts.ts';
import { listenForChargePoints } from '../test/charge-points.ts';
import { bearer, signIn, useTestApp } from '../test/test-app.ts';
import { fillDemo, type DemoDeps } from './demo-fill.ts';
import { prepareLive, startLive, type LivePlan, type LiveRun } from './demo-live.ts';

/*
 * The live demo against the real app listening on 127.0.0.1: a small demo network, two of its
 * stations connected as simulated charge points, charging its drivers with short sessions, and
 * the demo's own charges running now left as they were.
 */

const ctx = useTestApp();
const log = { warn: () => undefined } as unknown as FastifyBaseLogger;
let endpoint: string;
let auth: Record<string, string>;
let deps: DemoDeps;
let plan: LivePlan;
let running: LiveRun | undefined;

beforeAll(async () => {
  endpoint = await listenForChargePoints(ctx);
  const manager = await aManager(ctx.database);
  auth = bearer((await signIn(ctx.app, manager.email, manager.password)).access);
  const uploadsDir = path.join(ctx.config.dataDir, 'uploads');
  // The key the app checks station passwords with.
  const passwordKey = await loadSecret(ctx.database.db, ctx.config.stationKeySecret, ctx.config.dataDir, 'station-key');
  deps = {
    db: ctx.database.db,
    media: createMediaStore(uploadsDir),
    log,
    passwordKey,
    uploadsDir,
    managerId: manager.id,
  };
  await fillDemo(deps, { size: { merchants: 3, stations: 6, drivers: 20, days: 2, chargesPerDay: 10 }, seed: 5 });
});

afterAll(() => running?.stop());

async function get<T>(url: string): Promise<T> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: auth });
  expect(response.statusCode).toBe(200);
  return response.json<T>();
}

const openCharges = async () =>
  (await get<Paged<ChargeListItem>>('/users/transactions/?status=initiated,in_progress,pause&size=100')).items;

describe('the live demo', () => {
  it('picks demo stations without open charges and drivers with money, and gives the stations passwords it knows', async () => {
    const before = await openCharges();
    expect(before.length).toBeGreaterThan(0);

    plan = (await prepareLive(deps, 2))!;

    expect(plan.stations).toHaveLength(2);
    const busyStations = new Set(before.map((charge) => charge.station.id));
    for (const station of plan.stations) {
      expect(station.identity).toMatch(/^KG-/);
      expect(busyStations).not.toContain(station.stationId);
    }
    expect(plan.idTags.length).toBeGreaterThan(0);
    expect(plan.idTags.filter((tag) => before.some((charge) => charge.id_tag === tag))).toEqual([]);
  });

  it('connects them and charges drivers session after session, leaving the demo’s running charges alone', async () => {
    const demoRunning = (await openCharges()).map((charge) => [charge.id, charge.status]);
    running = await startLive(endpoint, plan, { sessionSeconds: 2, meterIntervalSeconds: 0.5, finishingSeconds: 0 });
    expect(running.online()).toBe(2);

    const live = (station: StationListItem) => plan.stations.some((planned) => planned.identity === station.identity);
    await vi.waitFor(
      async () => {
        const stations = (await get<Paged<StationListItem>>('/stations/?search=KG-&size=100')).items.filter(live);
        expect(stations.map((station) => station.online)).toEqual([true, true]);
        const charging = stations.flatMap((station) =>
          station.connectors.filter((connector) => connector.charge?.status === 'in_progress'),
        );
        expect(charging.map((connector) => connector.ocpp_status?.status)).toContain('Charging');
      },
      { timeout: 20_000, interval: 200 },
    );
    // Sessions finish and the next drivers come.
    await vi.waitFor(
      async () => {
        const finished = (await get<Paged<ChargeListItem>>('/users/transactions/?status=finished&size=100')).items;
        const liveCharges = finished.filter(
          (charge) =>
            plan.idTags.includes(charge.id_tag ?? '') &&
            charge.started_at > new Date(Date.now() - 60_000).toISOString(),
        );
        expect(liveCharges.length).toBeGreaterThanOrEqual(3);
        expect(liveCharges.every((charge) => charge.price !== null && charge.total > 0)).toBe(true);
      },
      { timeout: 30_000, interval: 500 },
    );

    await running.stop();
    running = undefined;
    // The live sessions ended as finished charges; the demo's own are as they were.
    expect((await openCharges()).map((charge) => [charge.id, charge.status])).toEqual(demoRunning);
    const stations = (await get<Paged<StationListItem>>('/stations/?search=KG-&size=100')).items.filter(live);
    expect(stations.map((station) => station.online)).toEqual([false, false]);
  });
});
