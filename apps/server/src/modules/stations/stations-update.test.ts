import { access } from 'node:fs/promises';
import path from 'node:path';
import type { Merchant } from '@evcms/contracts/merchants';
import type { Station } from '@evcms/contracts/stations';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { stations } from '../../db/schema/stations.ts';
import { loadSecret } from '../../lib/secrets.ts';
import { anInfrastructureItem, aTag } from '../../test/builders/catalog.ts';
import { aMerchant } from '../../test/builders/merchants.ts';
import { aStationForm, TINY_JPEG, TINY_MP4, TINY_PNG } from '../../test/builders/stations.ts';
import { multipartForm, repeated, type FormValue } from '../../test/multipart.ts';
import { useSignedInApp } from '../../test/test-app.ts';
import { checkStationPassword } from './station-queries.service.ts';

const ctx = useSignedInApp();

async function create(fields: Record<string, FormValue> = {}): Promise<Station> {
  const form = await multipartForm(aStationForm(merchant.id, fields as never));
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/stations/',
    headers: { ...ctx.auth, ...form.headers, 'accept-language': 'en' },
    payload: form.payload,
  });
  if (response.statusCode !== 201) throw new Error(`creating a station failed: ${response.body}`);
  return response.json<Station>();
}

async function patch(id: number, fields: Record<string, FormValue | undefined>, lang = 'en') {
  const form = await multipartForm(fields);
  return ctx.app.inject({
    method: 'PATCH',
    url: `/api/v1/stations/update/${id}/`,
    headers: { ...ctx.auth, ...form.headers, 'accept-language': lang },
    payload: form.payload,
  });
}

/** Whether a stored file (by its /media URL) is on disk. */
const onDisk = (url: string) =>
  access(path.join(ctx.config.dataDir, 'uploads', url.replace('/media/', ''))).then(
    () => true,
    () => false,
  );

async function passwordKey() {
  return loadSecret(ctx.database.db, ctx.config.stationKeySecret, ctx.config.dataDir, 'station-key');
}

let merchant: Merchant;
beforeAll(async () => {
  merchant = await aMerchant(ctx.app, ctx.auth);
});

describe('updating a station', () => {
  it('changes only the fields sent; an empty password leaves it unchanged', async () => {
    const station = await create();
    const response = await patch(station.id, { name_en: 'Renamed', latitude: '-1.5', password: '' });
    expect(response.statusCode, response.body).toBe(200);
    const { name_en: _n, name: _nm, latitude: _l, ...unchanged } = station;
    const { name_en, name, latitude, ...rest } = response.json<Station>();
    expect({ name_en, name, latitude }).toEqual({ name_en: 'Renamed', name: 'Renamed', latitude: '-1.500000' });
    expect(rest).toEqual(unchanged);
    const deps = { db: ctx.database.db, passwordKey: await passwordKey() };
    expect(await checkStationPassword(deps, station.identity, 'Abcdefgh12345678')).toBeDefined();

    expect((await patch(station.id, { password: 'NewPassword123456789' })).statusCode).toBe(200);
    expect(await checkStationPassword(deps, station.identity, 'Abcdefgh12345678')).toBeUndefined();
    expect(await checkStationPassword(deps, station.identity, 'NewPassword123456789')).toBeDefined();
  });

  it('replaces tags and infrastructure sent as repeated values, and empties them with the delete flags', async () => {
    const [a, b] = [await aTag(ctx.database), await aTag(ctx.database)];
    const [x, y] = [await anInfrastructureItem(ctx.database), await anInfrastructureItem(ctx.database)];
    const station = await create({ tags: String(a.id) });
    const replaced = await patch(station.id, {
      tags: repeated([String(b.id), String(a.id)]),
      environment: repeated([String(y.id), String(x.id)]),
    });
    expect(replaced.json()).toMatchObject({ tags: [a.id, b.id], environment: [x.id, y.id] });
    const emptied = await patch(station.id, { delete_tags: 'true', delete_environment: 'true' });
    expect(emptied.json()).toMatchObject({ tags: [], environment: [], tag_items: [], environment_items: [] });
  });

  it('adds and deletes media, replaces the avatar, and removes the files no longer named', async () => {
    const station = await create({ avatar: { filename: 'a.png', content: TINY_PNG, type: 'image/png' } });
    const [first] = station.media_files;
    const response = await patch(station.id, {
      'media_files[0]': { filename: 'b.jpg', content: TINY_JPEG, type: 'image/jpeg' },
      'media_files[1]': { filename: 'c.mp4', content: TINY_MP4, type: 'video/mp4' },
      'deleted_media_ids[0]': String(first!.id),
      avatar: { filename: 'new.jpg', content: TINY_JPEG, type: 'image/jpeg' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<Station>();
    expect(body.media_files.map((file) => [file.kind, file.position])).toEqual([
      ['photo', 1],
      ['video', 2],
    ]);
    expect(body.avatar).toMatch(/\.jpg$/);
    expect(await onDisk(first!.url)).toBe(false);
    expect(await onDisk(station.avatar!)).toBe(false);
    for (const file of body.media_files) expect(await onDisk(file.url)).toBe(true);
    expect(await onDisk(body.avatar!)).toBe(true);
  });

  it('keeps at least one photo and at most 10 files, and deletes only its own media', async () => {
    const station = await create();
    const onlyPhoto = station.media_files[0]!.id;
    expect((await patch(station.id, { 'deleted_media_ids[0]': String(onlyPhoto) })).json()).toEqual({
      media_files: ['Upload a photo'],
    });
    const ten = Object.fromEntries(
      Array.from({ length: 10 }, (_, i) => [
        `media_files[${i}]`,
        { filename: 'p.png', content: TINY_PNG, type: 'image/png' },
      ]),
    );
    const tooMany = await patch(station.id, ten);
    expect(tooMany.json()).toEqual({ media_files: ['A station can have at most 10 photos and videos'] });
    const other = await create();
    expect((await patch(station.id, { 'deleted_media_ids[0]': String(other.media_files[0]!.id) })).json()).toEqual({
      deleted_media_ids: ['Select a valid choice'],
    });
    const read = (
      await ctx.app.inject({ method: 'GET', url: `/api/v1/stations/${station.id}/`, headers: ctx.auth })
    ).json<Station>();
    expect(read.media_files).toEqual(station.media_files);
  });

  it('refuses an identity another station has, and takes its own unchanged one', async () => {
    const [one, two] = [await create(), await create()];
    const taken = await patch(one.id, { identity: two.identity });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ identity: ['A station with this unique identifier already exists'] });
    expect((await patch(one.id, { identity: one.identity })).statusCode).toBe(200);
  });

  it('deletes connectors sent as deleted_conns_ids and renumbers the rest', async () => {
    const station = await create({
      'connectors[1][evse_id]': '1',
      'connectors[1][typo]': 'ccs2',
      'connectors[1][position]': '2',
      'connectors[1][power_kWh]': '60',
      'connectors[2][evse_id]': '2',
      'connectors[2][typo]': 'chademo',
      'connectors[2][position]': '3',
      'connectors[2][power_kWh]': '50',
    });
    const response = await patch(station.id, { 'deleted_conns_ids[0]': String(station.connectors[0]!.id) });
    expect(response.json<Station>().connectors.map((c) => [c.typo, c.evse_id, c.connector_id, c.ocpp_16_id])).toEqual([
      ['ccs2', 1, 1, 1],
      ['chademo', 2, 1, 2],
    ]);
  });

  it('checks the fields sent like the create form, and answers 404 for a missing station', async () => {
    const station = await create();
    const response = await patch(station.id, {
      name_ru: ' ',
      identity: 'has space',
      schedule: [{ day: '0', start_time: '18:00:00', end_time: '09:00:00', is_break: 'false' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      name_ru: ['Field cannot be blank'],
      identity: ['Use only Latin letters, digits and the characters - _ . :'],
      'schedule.0.start_time': ['The start cannot be later than the end'],
      'schedule.0.end_time': ['The end cannot be earlier than the start'],
    });
    expect((await patch(999_999, { name_en: 'x' })).statusCode).toBe(404);
  });

  it('takes JSON too', async () => {
    const station = await create();
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/stations/update/${station.id}/`,
      headers: ctx.auth,
      payload: { pic: 'Someone else', execution_type: 'mobile', status: 0, tags: [] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ pic: 'Someone else', execution_type: 'mobile', status: 0 });
  });

  it('changes the security profile (1 until changed), which the OCPP handshake reads with the password', async () => {
    const station = await create();
    expect((await ctx.app.inject({ url: `/api/v1/stations/${station.id}/`, headers: ctx.auth })).json()).toMatchObject({
      security_profile: 1,
    });
    const response = await patch(station.id, { security_profile: '3' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ security_profile: 3 });
    const deps = { db: ctx.database.db, passwordKey: await passwordKey() };
    expect(await checkStationPassword(deps, station.identity, 'Abcdefgh12345678')).toMatchObject({
      securityProfile: 3,
    });
    expect((await patch(station.id, { security_profile: '4' })).json()).toEqual({
      security_profile: ['Select a valid choice'],
    });
    // The table holds no other profile, whoever writes it (migration 0037's check).
    const write = ctx.database.db
      .update(stations)
      .set({ securityProfile: 4 as never })
      .where(eq(stations.id, station.id));
    await expect(write).rejects.toMatchObject({ cause: { constraint: 'stations_security_profile_check' } });
  });
});
