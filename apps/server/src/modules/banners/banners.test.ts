import { rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { BANNER_IMAGE_MAX_BYTES, type Banner } from '@evcms/contracts/banners';
import { beforeAll, describe, expect, it } from 'vitest';
import { banners } from '../../db/schema/banners.ts';
import { newsEvents } from '../../db/schema/news.ts';
import { aBannerRequest } from '../../test/builders/banners.ts';
import { aStoredMerchant } from '../../test/builders/merchants.ts';
import { aStation } from '../../test/builders/stations.ts';
import { multipartForm, type FormValue } from '../../test/multipart.ts';
import { mediaFileExists, pngPart } from '../../test/media.ts';
import { apiCalls, openApiPaths, useSignedInApp } from '../../test/test-app.ts';

/* Creating, reading, editing, copying and deleting banners and fullscreens through the API, multipart with the image. */

const ctx = useSignedInApp({ name: 'Aida Banner' });
const call = apiCalls(ctx, 'ads/banners/', { lang: 'en' });

const png = pngPart;

function send(method: 'POST' | 'PATCH', url: string, fields: Record<string, FormValue | undefined>, lang = 'en') {
  return multipartForm(fields).then((form) =>
    ctx.app.inject({
      method,
      url: `/api/v1/ads/banners/${url}`,
      headers: { ...ctx.auth, ...form.headers, 'accept-language': lang },
      payload: form.payload,
    }),
  );
}

const formOf = (overrides: Record<string, FormValue | undefined> = {}) =>
  ({
    ...aBannerRequest(overrides.type === 'fullscreen' ? { type: 'fullscreen' } : {}),
    image: png(),
    ...overrides,
  }) as Record<string, FormValue>;

async function created(overrides: Record<string, FormValue | undefined> = {}): Promise<Banner> {
  const response = await send('POST', '', formOf(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Banner>();
}

const exists = (url: string) => mediaFileExists(ctx.config.dataDir, url);

let merchantId: number;
let station: { id: number; name: string };
beforeAll(async () => {
  merchantId = await aStoredMerchant(ctx.database);
  station = await aStation(ctx.database, merchantId, { name: 'Ala-Too Square' });
});

describe('creating', () => {
  it('creates a banner with its button, stations, merchant, image and crop, and reads it back', async () => {
    const response = await send('POST', '', {
      type: 'banner',
      name: 'Winter charging',
      link: 'https://example.kg/winter',
      button_name: 'More',
      button_colour: '#FF0000',
      merchant: String(merchantId),
      stations: [String(station.id)],
      start_at: '2099-01-01T00:00:00+06:00',
      end_at: '2099-02-01T00:00:00+06:00',
      crop: { percent: { x: '10.5', y: '0', width: '80', height: '45' } },
      image: png(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const banner = response.json<Banner>();
    expect(banner).toEqual({
      id: expect.any(Number),
      type: 'banner',
      name: 'Winter charging',
      image: expect.stringMatching(/^\/media\/banner-images\/[\w-]+\.png$/),
      crop: { percent: { x: 10.5, y: 0, width: 80, height: 45 } },
      link: 'https://example.kg/winter',
      merchant: merchantId,
      merchant_name: expect.stringMatching(/^Merchant \d+$/),
      start_at: '2098-12-31T18:00:00.000Z',
      end_at: '2099-01-31T18:00:00.000Z',
      status: 0,
      active: true,
      archived: false,
      button_name: 'More',
      button_colour: '#ff0000',
      stations_count: 1,
      category: null,
      category_name: null,
      destination: null,
      destination_name: null,
      created_at: expect.any(String),
      stations: [{ id: station.id, name: 'Ala-Too Square' }],
    });
    expect(await exists(banner.image)).toBe(true);
    const read = await call('GET', `${banner.id}/`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(banner);
  });

  it('creates a fullscreen with its category and destination named in the request’s language, keeping no banner fields', async () => {
    const response = await send(
      'POST',
      '',
      formOf({
        type: 'fullscreen',
        category: 'stock_promotions',
        button_name: 'Ignored',
        stations: [String(station.id)],
      }),
      'ky',
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      type: 'fullscreen',
      category: 'stock_promotions',
      category_name: 'Акциялар',
      destination: 'browser',
      destination_name: 'Браузерде',
      button_name: null,
      button_colour: null,
      stations: [],
    });
  });

  it('writes a news event naming it and its creator in the create', async () => {
    const banner = await created();
    const [event] = await ctx.database.db
      .select()
      .from(newsEvents)
      .where(and(eq(newsEvents.kind, 'banner_created'), eq(newsEvents.subjectId, banner.id)));
    expect(event).toMatchObject({ titleEn: banner.name, titleRu: banner.name, createdBy: expect.any(Number) });
  });

  it('requires a jpg, jpeg or png image of at most 2 MB, by its bytes', async () => {
    const cases: [FormValue | undefined, string][] = [
      [undefined, 'Upload an image'],
      [{ filename: 'a.png', content: 'not an image', type: 'image/png' }, 'The image must be a jpg, jpeg or png file'],
      [png(BANNER_IMAGE_MAX_BYTES + 1), 'The image must be 2 MB or smaller'],
    ];
    for (const [image, message] of cases) {
      const response = await send('POST', '', formOf({ image }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ image: [message] });
    }
    expect((await created({ image: png(BANNER_IMAGE_MAX_BYTES) })).id).toEqual(expect.any(Number));
  });

  it('names the field of bad input: types, link, colour, choices, dates, crop, missing fields of the type', async () => {
    const cases: [Record<string, FormValue>, Record<string, string[]>][] = [
      [{ type: 'popup' }, { type: ['Select a valid choice'] }],
      [{ link: 'example.kg' }, { link: ['Enter a valid URL'] }],
      [{ link: 'ftp://example.kg/a' }, { link: ['Enter a valid URL'] }],
      [{ link: 'javascript:alert(1)' }, { link: ['Enter a valid URL'] }],
      [{ button_colour: 'red' }, { button_colour: ['Enter a colour as #rrggbb'] }],
      [{ button_colour: '#12345' }, { button_colour: ['Enter a colour as #rrggbb'] }],
      [{ button_name: '' }, { button_name: ['Field cannot be blank'] }],
      [{ name: '' }, { name: ['Field cannot be blank'] }],
      [{ merchant: 'acme' }, { merchant: ['Select a valid choice'] }],
      [{ stations: ['x'] }, { 'stations.0': ['Select a valid choice'] }],
      [{ status: '2' }, { status: ['Select a valid choice'] }],
      [{ start_at: '2099-13-01' }, { start_at: [expect.any(String)] }],
      [
        { start_at: '2099-02-01T00:00:00Z', end_at: '2099-02-01T00:00:00Z' },
        { end_at: ['The end must be later than the start'] },
      ],
      [{ type: 'fullscreen', category: 'sidebar' }, { category: ['Select a valid choice'] }],
      [{ type: 'fullscreen', destination: '' }, { destination: ['Field cannot be blank'] }],
      [{ crop: { percent: { x: 'left', y: '0', width: '1', height: '1' } } }, { 'crop.percent.x': ['Enter a number'] }],
    ];
    for (const [overrides, errors] of cases) {
      const response = await send('POST', '', formOf(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json()).toEqual(errors);
    }
    for (const payload of [null, [1], 'banner', 5]) expect((await call('POST', '', { payload })).statusCode).toBe(400);
  });

  it('refuses a station or a merchant that does not exist on its field', async () => {
    const stationMissing = await send('POST', '', formOf({ stations: ['99999999'] }));
    expect(stationMissing.statusCode).toBe(400);
    expect(stationMissing.json()).toEqual({ stations: ['Select a valid choice'] });
    const merchantMissing = await send('POST', '', formOf({ merchant: '99999999' }));
    expect(merchantMissing.json()).toEqual({ merchant: ['Select a valid choice'] });
  });

  it('refuses creating one active whose end has passed (409), in the request’s language', async () => {
    const ended = { start_at: '2020-01-01T00:00:00Z', end_at: '2020-02-01T00:00:00Z' };
    const response = await send('POST', '', formOf(ended), 'ru');
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toMatch(/Срок показа истёк/);
    expect((await created({ ...ended, status: '1' })).archived).toBe(true);
  });
});

describe('editing', () => {
  it('changes only the fields sent, as JSON or multipart with a new image (the old one removed)', async () => {
    const banner = await created({ stations: [String(station.id)] });
    const renamed = await call('PATCH', `${banner.id}/`, { payload: { name: 'Renamed', button_colour: '#00AA00' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Renamed',
      button_colour: '#00aa00',
      link: banner.link,
      stations_count: 1,
    });
    const reimaged = await send('PATCH', `${banner.id}/`, { image: png(), stations: [] as unknown as FormValue });
    expect(reimaged.statusCode, reimaged.body).toBe(200);
    expect(reimaged.json<Banner>().image).not.toBe(banner.image);
    await expect.poll(() => exists(banner.image)).toBe(false);
  });

  it("removes all of a banner's stations in a multipart edit with a new image, `stations` sent once as ''", async () => {
    const banner = await created({ stations: [String(station.id)] });
    const edited = await send('PATCH', `${banner.id}/`, { image: png(), stations: '' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ stations_count: 0, stations: [] });
    const untouched = await created({ stations: [String(station.id)] });
    const renamed = await send('PATCH', `${untouched.id}/`, { name: 'Renamed' });
    expect(renamed.json()).toMatchObject({ name: 'Renamed', stations_count: 1 });
  });

  it('names bad input, keeps the cross-field rules, and answers 404 for a banner that is not there', async () => {
    const banner = await created();
    expect((await call('PATCH', `${banner.id}/`, { payload: { link: 'nope' } })).json()).toEqual({
      link: ['Enter a valid URL'],
    });
    expect((await call('PATCH', `${banner.id}/`, { payload: { button_name: null } })).json()).toEqual({
      button_name: ['Field cannot be blank'],
    });
    expect((await call('PATCH', `${banner.id}/`, { payload: { end_at: banner.start_at } })).json()).toEqual({
      end_at: ['The end must be later than the start'],
    });
    expect((await call('PATCH', '99999999/', { payload: { name: 'x' } })).statusCode).toBe(404);
    expect((await call('GET', '99999999/')).statusCode).toBe(404);
    expect((await call('GET', 'abc/')).statusCode).toBe(400);
  });
});

describe('copying', () => {
  it('copies an item as a new inactive one with the same fields and a copy of its image file, with a news event', async () => {
    const original = await created({
      type: 'fullscreen',
      category: 'maps',
      destination: 'app',
      merchant: String(merchantId),
      crop: { pixels: { x: '1', y: '2', width: '90', height: '195' } },
    });
    const response = await call('POST', `${original.id}/copy/`);
    expect(response.statusCode, response.body).toBe(201);
    const copy = response.json<Banner>();
    const { id: _id, image: _image, status: _status, active: _active, archived: _archived, ...fields } = original;
    expect(copy).toEqual({
      ...fields,
      id: expect.any(Number),
      image: expect.stringMatching(/^\/media\/banner-images\/[\w-]+\.png$/),
      status: 1,
      active: false,
      archived: true,
      created_at: expect.any(String),
    });
    expect(original).toMatchObject({ status: 0, active: true, archived: false });
    expect(copy.id).not.toBe(original.id);
    expect(copy.image).not.toBe(original.image);
    expect(await exists(copy.image)).toBe(true);
    expect(await exists(original.image)).toBe(true);
    const events = await ctx.database.db
      .select()
      .from(newsEvents)
      .where(and(eq(newsEvents.kind, 'banner_created'), eq(newsEvents.subjectId, copy.id)));
    expect(events).toHaveLength(1);
    expect((await call('POST', '99999999/copy/')).statusCode).toBe(404);
  });

  it('says so, localised, when the original’s image file is gone from the store, and makes nothing', async () => {
    const original = await created({});
    await rm(path.join(ctx.config.dataDir, 'uploads', original.image.replace(/^\/media\//, '')));
    const count = async () => (await ctx.database.db.select().from(banners)).length;
    const before = await count();
    const response = await call('POST', `${original.id}/copy/`, { lang: 'ru' });
    expect(response.statusCode).toBe(409);
    expect(await count()).toBe(before);
    expect(response.json()).toEqual({
      detail:
        'Изображение этого элемента отсутствует в хранилище, поэтому его нельзя скопировать. Загрузите новое изображение в новом элементе.',
    });
  });

  it('copies a banner’s stations too', async () => {
    const original = await created({ stations: [String(station.id)] });
    const copy = (await call('POST', `${original.id}/copy/`)).json<Banner>();
    expect(copy.stations).toEqual([{ id: station.id, name: 'Ala-Too Square' }]);
  });
});

describe('deleting', () => {
  it('refuses an active one (409) and deletes an archived one with its image', async () => {
    const banner = await created();
    const refused = await call('DELETE', `${banner.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'An active banner cannot be deleted. Deactivate it first.' });
    expect((await call('PATCH', 'statuses/', { payload: { ids: [banner.id], status: 1 } })).statusCode).toBe(200);
    expect((await call('DELETE', `${banner.id}/`)).statusCode).toBe(204);
    expect((await call('GET', `${banner.id}/`)).statusCode).toBe(404);
    await expect.poll(() => exists(banner.image)).toBe(false);
    expect((await call('DELETE', `${banner.id}/`)).statusCode).toBe(404);
  });
});

describe('the API description', () => {
  it('documents the create as multipart', async () => {
    const paths = await openApiPaths<Record<string, { requestBody?: { content: Record<string, unknown> } }>>(ctx.app);
    expect(Object.keys(paths['/api/v1/ads/banners/']!.post!.requestBody!.content)).toEqual(['multipart/form-data']);
    expect(Object.keys(paths)).toEqual(expect.arrayContaining(['/api/v1/ads/banners/{id}/copy/']));
  });
});
