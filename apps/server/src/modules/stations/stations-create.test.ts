import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { chui1Address, neverConnected } from '@evcms/contracts/examples/stations';
import type { Merchant } from '@evcms/contracts/merchants';
import type { Station, StationForUpdate } from '@evcms/contracts/stations';
import { beforeAll, describe, expect, it } from 'vitest';
import { newsEvents } from '../../db/schema/news.ts';
import { loadSecret } from '../../lib/secrets.ts';
import { ALMATY, anInfrastructureItem, aTag } from '../../test/builders/catalog.ts';
import { aMerchant } from '../../test/builders/merchants.ts';
import { aStationForm, TINY_JPEG, TINY_MP4, TINY_PNG } from '../../test/builders/stations.ts';
import { multipartForm, type FilePart } from '../../test/multipart.ts';
import { useSignedInApp } from '../../test/test-app.ts';
import { checkStationPassword } from './station-queries.service.ts';

const ctx = useSignedInApp({ name: 'Station Manager' });

async function post(fields: Record<string, string | FilePart>, lang = 'en') {
  const form = await multipartForm(fields);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/stations/',
    headers: { ...ctx.auth, ...form.headers, 'accept-language': lang },
    payload: form.payload,
  });
}

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { ...ctx.auth, 'accept-language': 'en' } });

/** The files the media store holds, by folder (the incoming folder excluded). */
async function storedFiles(): Promise<string[]> {
  const uploads = path.join(ctx.config.dataDir, 'uploads');
  const folders = (await readdir(uploads)).filter((name) => name.startsWith('station-'));
  const files = await Promise.all(
    folders.map(async (folder) => (await readdir(path.join(uploads, folder))).map((name) => `${folder}/${name}`)),
  );
  return files.flat().sort();
}

let merchant: Merchant;
beforeAll(async () => {
  merchant = await aMerchant(ctx.app, ctx.auth);
});

describe('creating a station', () => {
  it('takes the full multipart encoding and answers the whole station, inactive and new', async () => {
    const fast = await aTag(ctx.database, 'Fast charging');
    const night = await aTag(ctx.database, 'Night');
    const cafe = await anInfrastructureItem(ctx.database, 'Station cafe');
    const form = aStationForm(merchant.id, {
      identity: 'CP-FULL-001',
      manufacturer: 'ABB',
      execution_type: 'floor',
      security_profile: '2',
      latitude: '42.8746',
      longitude: '-74.5',
      tags: String(night.id),
      environment: String(cafe.id),
      // Monday with a break, Tuesday without.
      'schedule[1][day]': '0',
      'schedule[1][start_time]': '13:00:00',
      'schedule[1][end_time]': '14:00:00',
      'schedule[1][is_break]': 'true',
      'schedule[2][day]': '1',
      'schedule[2][start_time]': '08:00:00',
      'schedule[2][end_time]': '00:00:00',
      'schedule[2][is_break]': 'false',
      // Module 2 (sent first) and module 1 with two connectors.
      'connectors[0][evse_id]': '2',
      'connectors[0][evse]': 'B-7',
      'connectors[0][typo]': 'ccs2',
      'connectors[0][position]': '3',
      'connectors[0][power_kWh]': '120.5',
      'connectors[0][cable_length]': '5',
      'connectors[0][custom_fee]': '14.25',
      'connectors[1][evse_id]': '1',
      'connectors[1][connector_id]': '2',
      'connectors[1][typo]': 'chademo',
      'connectors[1][position]': '2',
      'connectors[1][power_kWh]': '50',
      'connectors[1][cable_length]': '',
      'connectors[2][evse_id]': '1',
      'connectors[2][connector_id]': '1',
      'connectors[2][typo]': 'type2',
      'connectors[2][position]': '1',
      'connectors[2][power_kWh]': '22',
      'media_files[0]': { filename: 'front.png', content: TINY_PNG, type: 'image/png' },
      'media_files[1]': { filename: 'side.jpeg', content: TINY_JPEG, type: 'image/jpeg' },
      'media_files[2]': { filename: 'tour.mp4', content: TINY_MP4, type: 'video/mp4' },
      avatar: { filename: 'logo.jpg', content: TINY_JPEG, type: 'image/jpeg' },
    });
    const response = await post(form);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<Station>();
    expect(body).toEqual({
      id: expect.any(Number),
      name: form.name_en,
      name_ru: form.name_ru,
      name_en: form.name_en,
      name_ky: form.name_ky,
      identity: 'CP-FULL-001',
      pic: 'Aibek Responsible',
      manufacturer: 'ABB',
      execution_type: 'floor',
      security_profile: 2,
      ...chui1Address,
      latitude: '42.874600',
      longitude: '-74.500000',
      location: 'Bishkek, Chui 1',
      avatar: expect.stringMatching(/^\/media\/station-avatars\/[\w-]+\.jpg$/),
      media_files: [
        {
          id: expect.any(Number),
          url: expect.stringMatching(/^\/media\/station-photos\/[\w-]+\.png$/),
          kind: 'photo',
          position: 1,
        },
        {
          id: expect.any(Number),
          url: expect.stringMatching(/^\/media\/station-photos\/[\w-]+\.jpg$/),
          kind: 'photo',
          position: 2,
        },
        {
          id: expect.any(Number),
          url: expect.stringMatching(/^\/media\/station-videos\/[\w-]+\.mp4$/),
          kind: 'video',
          position: 3,
        },
      ],
      schedule: [
        { id: 1, day: 0, start_time: '09:00:00', end_time: '18:00:00', is_break: false },
        { id: 8, day: 0, start_time: '13:00:00', end_time: '14:00:00', is_break: true },
        { id: 2, day: 1, start_time: '08:00:00', end_time: '00:00:00', is_break: false },
      ],
      connectors: [
        expect.objectContaining({
          evse_id: 1,
          connector_id: 1,
          ocpp_16_id: 1,
          typo: 'type2',
          position: 1,
          power_kWh: 22,
          cable_length: null,
          custom_fee: null,
          evse: null,
        }),
        expect.objectContaining({
          evse_id: 1,
          connector_id: 2,
          ocpp_16_id: 2,
          typo: 'chademo',
          typo_name: 'CHAdeMO',
          position: 2,
          power_kWh: 50,
        }),
        expect.objectContaining({
          evse_id: 2,
          connector_id: 1,
          ocpp_16_id: 3,
          typo: 'ccs2',
          evse: 'B-7',
          position: 3,
          power_kWh: 120.5,
          cable_length: 5,
          custom_fee: 14.25,
        }),
      ],
      status: 1,
      is_new: true,
      merchant: merchant.id,
      country: 1,
      city: 1,
      country_name: 'Kyrgyzstan',
      city_name: 'Bishkek',
      tags: [night.id],
      environment: [cafe.id],
      tag_items: [{ id: night.id, title: 'Night', active: true }],
      environment_items: [
        { id: cafe.id, title: 'Station cafe', icon_path: '/media/surroundings/Station cafe.svg', active: true },
      ],
      created_at: expect.any(String),
      ...neverConnected,
    });
    expect(body.connectors.map((connector) => [connector.ocpp_status, connector.charge])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
    expect(response.body).not.toContain('password');
    expect(fast.id).not.toBe(night.id);

    // The files are served with their types and long caching.
    const photo = await ctx.app.inject({ method: 'GET', url: body.media_files[0]!.url });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['cache-control']).toContain('max-age=31536000');
    expect(photo.rawPayload.equals(TINY_PNG)).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: body.media_files[2]!.url })).headers['content-type']).toBe(
      'video/mp4',
    );

    // Read back: the detail is the same; the form gets every field in all languages and no password.
    expect((await get(`/api/v1/stations/${body.id}/`)).json()).toEqual(body);
    const forUpdate = (await get(`/api/v1/stations/update/${body.id}/`)).json<StationForUpdate>();
    const {
      location: _l,
      country_name: _c,
      city_name: _ci,
      created_at: _ca,
      online: _o,
      last_seen_at: _s,
      boot: _b,
      ocpp_status: _st,
      ...rest
    } = body;
    const {
      diagnostics_status: _d,
      diagnostics_status_at: _da,
      firmware_status: _f,
      firmware_status_at: _fa,
      ...editable
    } = rest;
    expect(forUpdate).toEqual({
      ...editable,
      connectors: editable.connectors.map(({ ocpp_status: _cs, charge: _ch, ...connector }) => connector),
    });

    // One news event; the OCPP check takes the password.
    const events = await ctx.database.db
      .select()
      .from(newsEvents)
      .where(and(eq(newsEvents.kind, 'station_created'), eq(newsEvents.subjectId, body.id)));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ titleRu: form.name_ru, titleEn: form.name_en });
    const passwordKey = await loadSecret(
      ctx.database.db,
      ctx.config.stationKeySecret,
      ctx.config.dataDir,
      'station-key',
    );
    const deps = { db: ctx.database.db, passwordKey };
    expect(await checkStationPassword(deps, 'CP-FULL-001', 'Abcdefgh12345678')).toEqual({
      id: body.id,
      securityProfile: 2,
      passwordMatches: true,
    });
    expect(await checkStationPassword(deps, 'CP-FULL-001', 'Abcdefgh12345679')).toBeUndefined();
    expect(await checkStationPassword(deps, 'CP-NOBODY', 'Abcdefgh12345678')).toBeUndefined();
  });

  it('asks for every required field, the operating mode, a connector and a photo', async () => {
    const response = await post({ execution_type: 'wall' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      name_ru: ['Field cannot be blank'],
      name_en: ['Field cannot be blank'],
      name_ky: ['Field cannot be blank'],
      identity: ['Field cannot be blank'],
      password: ['Field cannot be blank'],
      pic: ['Field cannot be blank'],
      address_ru: ['Field cannot be blank'],
      address_en: ['Field cannot be blank'],
      address_ky: ['Field cannot be blank'],
      latitude: ['Field cannot be blank'],
      longitude: ['Field cannot be blank'],
      merchant: ['Field cannot be blank'],
      country: ['Field cannot be blank'],
      city: ['Field cannot be blank'],
      schedule: ['Specify operating mode'],
      connectors: ['Add a connector'],
      media_files: ['Upload a photo'],
    });
    const ru = await post({ execution_type: 'wall' }, 'ru');
    expect(ru.json()).toMatchObject({
      schedule: ['Укажите режим работы'],
      connectors: ['Добавьте коннектор'],
      media_files: ['Загрузите фото'],
    });
  });

  it('needs a photo among the media: a video alone is not enough', async () => {
    const response = await post(
      aStationForm(merchant.id, { 'media_files[0]': { filename: 'tour.mp4', content: TINY_MP4, type: 'video/mp4' } }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ media_files: ['Upload a photo'] });
  });

  it('checks the merchant, the location and the tags, and keeps no file of a refused station', async () => {
    const before = await storedFiles();
    const response = await post(aStationForm(999_999, { city: String(ALMATY), tags: '999999' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ city: ['Select a valid choice'], tags: ['Select a valid choice'] });
    const noMerchant = await post(aStationForm(999_999));
    expect(noMerchant.json()).toEqual({ merchant: ['Select a valid choice'] });
    expect(await storedFiles()).toEqual(before);
    await expect.poll(() => readdir(path.join(ctx.config.dataDir, 'uploads', '.incoming'))).toEqual([]);
  });

  it('refuses a second station with one identity', async () => {
    const first = await post(aStationForm(merchant.id, { identity: 'CP-TWICE' }));
    expect(first.statusCode).toBe(201);
    const second = await post(aStationForm(merchant.id, { identity: 'CP-TWICE' }));
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ identity: ['A station with this unique identifier already exists'] });
  });

  it('creates exactly one of 20 stations sent at once with one identity; the rest get the identity error', async () => {
    const forms = await Promise.all(
      Array.from({ length: 20 }, () => multipartForm(aStationForm(merchant.id, { identity: 'CP-RACE' }))),
    );
    const responses = await Promise.all(
      forms.map((form) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/v1/stations/',
          headers: { ...ctx.auth, ...form.headers, 'accept-language': 'en' },
          payload: form.payload,
        }),
      ),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([201, ...Array(19).fill(400)]);
    for (const response of responses.filter((r) => r.statusCode === 400)) {
      expect(response.json()).toEqual({ identity: ['A station with this unique identifier already exists'] });
    }
  });
});
