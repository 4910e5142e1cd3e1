import { readdir, readFile } from 'node:fs/promises';
import type { Paged } from '@evcms/contracts/common';
import type { Station, StationListItem } from '@evcms/contracts/stations';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { recordBoot } from '../modules/stations/station-ocpp.service.ts';
import { changeStation } from '../test/builders/stations.ts';
import { aConnectableStation, useChargePointApp } from '../test/charge-points.ts';

/* A station is "New" until it has connected for real: its first accepted BootNotification (docs/decisions.md). */

const ctx = useChargePointApp();

async function card(id: number): Promise<Station> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/stations/${id}/`, headers: ctx.auth });
  expect(response.statusCode).toBe(200);
  return response.json<Station>();
}

async function listRow(merchantId: number, id: number): Promise<StationListItem | undefined> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/stations/?merchant=${merchantId}`,
    headers: ctx.auth,
  });
  expect(response.statusCode).toBe(200);
  return response.json<Paged<StationListItem>>().items.find((row) => row.id === id);
}

describe('the "New" tag', () => {
  it('stays through a connection and a heartbeat, and goes at the first accepted boot', async () => {
    const station = await aConnectableStation(ctx);
    const { merchant } = await card(station.id);
    expect((await card(station.id)).is_new).toBe(true);

    const client = await ctx.connect(station.identity);
    await vi.waitFor(async () => expect((await card(station.id)).online).toBe(true));
    await client.call('Heartbeat', {});
    expect((await card(station.id)).is_new).toBe(true);
    expect((await listRow(merchant, station.id))?.is_new).toBe(true);

    const answer = (await client.call('BootNotification', { chargePointVendor: 'Alfen', chargePointModel: 'Eve' })) as {
      status: string;
    };
    expect(answer.status).toBe('Accepted');
    expect((await card(station.id)).is_new).toBe(false);
    expect((await listRow(merchant, station.id))?.is_new).toBe(false);

    // A later boot leaves it so; another station is still new.
    await client.call('BootNotification', { chargePointVendor: 'Alfen', chargePointModel: 'Eve' });
    expect((await card(station.id)).is_new).toBe(false);
    const other = await aConnectableStation(ctx);
    expect((await card(other.id)).is_new).toBe(true);
  });

  it('is cleared by the migration for stations that had booted before the rule', async () => {
    const booted = await aConnectableStation(ctx);
    const never = await aConnectableStation(ctx);
    // A boot recorded as before the rule: the state row, and the flag on again as it was then.
    const boot = {
      vendor: 'ABB',
      model: 'Terra',
      chargePointSerialNumber: null,
      chargeBoxSerialNumber: null,
      firmwareVersion: null,
      iccid: null,
      imsi: null,
      meterType: null,
      meterSerialNumber: null,
    };
    await recordBoot(ctx.database.db, booted.id, boot, new Date());
    await changeStation(ctx.database, booted.id, { is_new: true });
    expect((await card(booted.id)).is_new).toBe(true);

    // Found by name: the number may change when branches merge.
    const folder = new URL('../../drizzle/', import.meta.url);
    const file = (await readdir(folder)).find((name) => name.endsWith('_station_new.sql'))!;
    await ctx.database.db.execute(sql.raw(await readFile(new URL(file, folder), 'utf8')));
    expect((await card(booted.id)).is_new).toBe(false);
    expect((await card(never.id)).is_new).toBe(true);
  });
});
