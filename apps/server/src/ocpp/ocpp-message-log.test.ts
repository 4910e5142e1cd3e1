import type { Paged } from '@evcms/contracts/common';
import type { OcppMessage } from '@evcms/contracts/ocpp-messages';
import { describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import { sweepOldMessages } from '../modules/stations/station-messages.service.ts';
import { aConnectableStation, useChargePointApp, type ChargePointOptions } from '../test/charge-points.ts';
import { createMessageLog } from './message-log.ts';

/* The station card's log of OCPP frames: both ways, each answer named by its call's action, kept for the configured days. */

const ctx = useChargePointApp({ OCPP_MESSAGE_LOG_DAYS: '7' });

async function connectedStation(options?: ChargePointOptions) {
  const station = await aConnectableStation(ctx);
  return { station, client: await ctx.connect(station.identity, options) };
}

async function messages(stationId: number, query = ''): Promise<Paged<OcppMessage>> {
  await ctx.app.ocpp.flushMessageLog();
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/stations/${stationId}/ocpp/messages/${query}`,
    headers: ctx.auth,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const BOOT = { chargePointVendor: 'Alfen', chargePointModel: 'Eve' };

describe('the OCPP message log', () => {
  it('keeps every frame both ways, newest first, each answer with the action of its call', async () => {
    const { station, client } = await connectedStation();
    await client.call('BootNotification', BOOT);
    await client.call('Heartbeat', {});

    const log = await messages(station.id);
    expect(log.total).toBe(4);
    expect(log.items.map(({ direction, kind, action }) => [direction, kind, action])).toEqual([
      ['out', 'result', 'Heartbeat'],
      ['in', 'call', 'Heartbeat'],
      ['out', 'result', 'BootNotification'],
      ['in', 'call', 'BootNotification'],
    ]);
    const [, , bootAnswer, boot] = log.items;
    expect(boot!.payload).toEqual(BOOT);
    expect(bootAnswer!.message_id).toBe(boot!.message_id);
    expect(bootAnswer!.payload).toMatchObject({ status: 'Accepted' });
    expect(Date.parse(boot!.at)).toBeLessThanOrEqual(Date.parse(bootAnswer!.at));
    expect((await messages(station.id, '?page=2&size=3')).items.map((item) => item.action)).toEqual([
      'BootNotification',
    ]);
  });

  it('logs refused frames, a NUL in a text as it came and what is not OCPP at all, and keeps the connection', async () => {
    const { station, client } = await connectedStation({ strictMode: false });
    await expect(client.call('BootNotification', { chargePointVendor: 42 })).rejects.toMatchObject({
      rpcErrorCode: expect.stringMatching(/Violation/),
    });
    await expect(
      client.call('BootNotification', { chargePointVendor: 'Nul\u0000Vendor', chargePointModel: 'M' }),
    ).rejects.toMatchObject({
      rpcErrorCode: 'PropertyConstraintViolation',
      message: 'chargePointVendor may not contain U+0000',
    });
    client.sendRaw('this is not json');
    await vi.waitFor(async () =>
      expect(
        (await messages(station.id)).items.some(
          (item) => item.payload && typeof item.payload === 'object' && 'unreadable' in item.payload,
        ),
      ).toBe(true),
    );

    const log = (await messages(station.id, '?size=100')).items.reverse();
    expect(log[1]).toMatchObject({
      direction: 'out',
      kind: 'error',
      action: 'BootNotification',
      payload: { code: expect.stringMatching(/Violation/) },
    });
    expect(log[2]!.payload).toEqual({ chargePointVendor: 'Nul\u0000Vendor', chargePointModel: 'M' });
    expect(log[3]).toMatchObject({
      direction: 'out',
      kind: 'error',
      action: 'BootNotification',
      payload: { code: 'PropertyConstraintViolation' },
    });
    expect(log.at(-2)).toMatchObject({
      direction: 'in',
      kind: 'error',
      message_id: '-1',
      payload: { unreadable: 'this is not json' },
    });
    expect(log.at(-1)).toMatchObject({
      direction: 'out',
      kind: 'error',
      action: null,
      payload: { code: 'FormationViolation' },
    });
    expect(await client.call('Heartbeat', {})).toHaveProperty('currentTime');
  });

  it('pages the frames of many flushes newest first, each with an id of its own', async () => {
    const { station, client } = await connectedStation();
    for (let i = 0; i < 4; i += 1) {
      await client.call('Heartbeat', {});
      await ctx.app.ocpp.flushMessageLog();
    }
    await client.call('DataTransfer', { vendorId: 'Acme' });

    const all = await messages(station.id, '?size=100');
    expect(all.total).toBe(10);
    expect(all.items.map((item) => `${item.direction} ${item.action}`)).toEqual([
      'out DataTransfer',
      'in DataTransfer',
      ...Array.from({ length: 4 }, () => ['out Heartbeat', 'in Heartbeat']).flat(),
    ]);
    expect(new Set(all.items.map((item) => item.id)).size).toBe(10);
    expect(all.items.map((item) => item.id)).toEqual(all.items.map((item) => item.id).sort((a, b) => b - a));
    const pages = await Promise.all([1, 2, 3, 4].map((page) => messages(station.id, `?page=${page}&size=3`)));
    expect(pages.flatMap((page) => page.items)).toEqual(all.items);
    expect(pages.map((page) => page.items.length)).toEqual([3, 3, 3, 1]);
  });

  it('names the answer to a call whose id was written with escapes, keeps any script, and cuts a frame over 64 KB to its start', async () => {
    const { station, client } = await connectedStation();
    client.sendRaw('[2, "\\u0041b-1", "Heartbeat", {}]');
    await vi.waitFor(async () => expect((await messages(station.id)).total).toBe(2));
    const [answer, call] = (await messages(station.id)).items;
    expect(call).toMatchObject({ direction: 'in', kind: 'call', message_id: 'Ab-1', action: 'Heartbeat', payload: {} });
    expect(answer).toMatchObject({
      direction: 'out',
      kind: 'result',
      message_id: 'Ab-1',
      action: 'Heartbeat',
      payload: { currentTime: expect.any(String) },
    });

    await client.call('DataTransfer', { vendorId: 'Acme', data: 'Станция ✓ 😀' });
    const [, unicode] = (await messages(station.id)).items;
    expect(unicode!.payload).toEqual({ vendorId: 'Acme', data: 'Станция ✓ 😀' });

    const data = 'x'.repeat(70_000);
    await client.call('DataTransfer', { vendorId: 'Acme', data });
    const [, big] = (await messages(station.id)).items;
    expect(big).toMatchObject({
      direction: 'in',
      kind: 'call',
      action: 'DataTransfer',
      payload: { truncated: true, length: expect.any(Number) },
    });
    expect((big!.payload as { start: string }).start).toHaveLength(4_096);
  });

  it('writes early once 4 MB of frames wait, in rows of at most 1 MB, and a refused frame as the text it was', async () => {
    const station = await aConnectableStation(ctx);
    const messageLog = createMessageLog(ctx.database.db, ctx.app.log, {
      keepDays: 7,
      flushMs: 3_600_000,
      sweepMs: 3_600_000,
    });
    try {
      const frames = messageLog.connection(station.id);
      const big = JSON.stringify([2, 'big', 'DataTransfer', { vendorId: 'Acme', data: 'y'.repeat(60_000) }]);
      for (let i = 0; i < 70; i += 1) frames.frame(big, false, { type: 2, id: 'big', action: 'DataTransfer' });
      await vi.waitFor(async () => expect((await messages(station.id)).total).toBe(70));
      const rows = await queryRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from ocpp_message_batches where station_id = ${station.id}`,
      );
      expect(rows[0]!.n).toBeGreaterThanOrEqual(4);
      frames.frame('[2, "cut", "Heartbeat", {', false, undefined);
      await messageLog.close();
      const [cut] = (await messages(station.id)).items;
      expect(cut).toMatchObject({
        direction: 'in',
        kind: 'error',
        message_id: '-1',
        action: null,
        payload: { unreadable: '[2, "cut", "Heartbeat", {' },
      });
      expect((await messages(station.id, '?page=8&size=10')).items.map((item) => item.action)).toEqual([
        'DataTransfer',
      ]);
    } finally {
      await messageLog.close();
    }
  });

  it('is swept after its days, and a deleted station takes its frames with it', async () => {
    const { station, client } = await connectedStation();
    await client.call('Heartbeat', {});
    expect((await messages(station.id)).total).toBe(2);
    expect(await sweepOldMessages(ctx.database.db, 7, new Date(Date.now() + 6 * 86_400_000))).toBe(0);
    expect(await sweepOldMessages(ctx.database.db, 7, new Date(Date.now() + 8 * 86_400_000))).toBeGreaterThanOrEqual(2);
    expect((await messages(station.id)).total).toBe(0);

    await client.call('Heartbeat', {});
    await ctx.app.ocpp.flushMessageLog();
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/stations/${station.id}/`,
      headers: ctx.auth,
    });
    expect(deleted.statusCode).toBe(204);
    const missing = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/stations/${station.id}/ocpp/messages/`,
      headers: ctx.auth,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('compresses its frames with lz4 on a PostgreSQL server (pglz on PGlite, which has no lz4)', async () => {
    const [column] = await queryRows<{ compression: string }>(
      ctx.database.db,
      sql`select attcompression as compression from pg_attribute where attrelid = 'ocpp_message_batches'::regclass and attname = 'frames'`,
    );
    // '' is the server's default, pglz.
    expect(column?.compression).toBe(ctx.database.kind === 'postgres' ? 'l' : '');
  });

  it('needs a manager', async () => {
    const { station } = await connectedStation();
    const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/stations/${station.id}/ocpp/messages/` });
    expect(response.statusCode).toBe(401);
  });
});
