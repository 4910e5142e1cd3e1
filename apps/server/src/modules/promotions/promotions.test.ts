import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Promotion } from '@evcms/contracts/promotions';
import { PROMOTION_IMAGE_MAX_BYTES } from '@evcms/contracts/promotions';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { newsEvents } from '../../db/schema/news.ts';
import { aStoredMerchant } from '../../test/builders/merchants.ts';
import { aPromotionRequest } from '../../test/builders/promotions.ts';
import { aStation, TINY_JPEG } from '../../test/builders/stations.ts';
import { multipartForm, type FormValue } from '../../test/multipart.ts';
import { mediaFileExists, pngPart } from '../../test/media.ts';
import { apiCalls, openApiPaths, useSignedInApp } from '../../test/test-app.ts';
import * as discounts from './promotion-discounts.service.ts';

/* Creating, reading and editing promotions through the API, multipart with the image (spec 5, 9). */

const ctx = useSignedInApp({ name: 'Aida Promo' });
const call = apiCalls(ctx, 'ads/promotions/', { lang: 'en' });

const png = pngPart;

function send(method: 'POST' | 'PATCH', url: string, fields: Record<string, FormValue | undefined>, lang = 'en') {
  return multipartForm(fields).then((form) =>
    ctx.app.inject({
      method,
      url: `/api/v1/ads/promotions/${url}`,
      headers: { ...ctx.auth, ...form.headers, 'accept-language': lang },
      payload: form.payload,
    }),
  );
}

async function formOf(overrides: Record<string, FormValue | undefined> = {}) {
  return { ...(await aPromotionRequest(ctx.database)), image: png(), ...overrides } as Record<string, FormValue>;
}

async function created(overrides: Record<string, FormValue | undefined> = {}): Promise<Promotion> {
  const response = await send('POST', '', await formOf(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Promotion>();
}

const exists = (url: string) => mediaFileExists(ctx.config.dataDir, url);

let merchantId: number;
let station: { id: number; name: string };
beforeAll(async () => {
  merchantId = await aStoredMerchant(ctx.database);
  station = await aStation(ctx.database, merchantId, { name: 'Ala-Too Square' });
});

describe('creating a promotion', () => {
  it('creates it from the form with its image and crop data, answers the detail and reads it back', async () => {
    const changed = vi.spyOn(discounts, 'promotionsChanged');
    const response = await send('POST', '', {
      title_ru: 'Ночная скидка',
      title_en: 'Night discount',
      title_ky: 'Түнкү арзандатуу',
      initiator: 'merchant',
      merchant: String(merchantId),
      min_charge_amount: '150.50',
      min_charges: '2',
      discount_percent: '12.5',
      discount_amount: '',
      stations: [String(station.id)],
      start_at: '2099-01-01T00:00:00+06:00',
      end_at: '2099-02-01T00:00:00+06:00',
      happy_hours_start: '22:00:00',
      happy_hours_end: '06:00:00',
      crop: {
        percent: { x: '10.5', y: '0', width: '80', height: '45' },
        pixels: { x: 21, y: 0, width: 160, height: 90 },
      },
      image: png(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const promotion = response.json<Promotion>();
    expect(promotion).toEqual({
      id: expect.any(Number),
      title: 'Night discount',
      title_ru: 'Ночная скидка',
      title_en: 'Night discount',
      title_ky: 'Түнкү арзандатуу',
      name: 'Night discount',
      image: expect.stringMatching(/^\/media\/promotion-images\/[\w-]+\.png$/),
      crop: { percent: { x: 10.5, y: 0, width: 80, height: 45 }, pixels: { x: 21, y: 0, width: 160, height: 90 } },
      initiator: 'merchant',
      initiator_name: 'Merchant',
      merchant: merchantId,
      merchant_name: expect.stringMatching(/^Merchant \d+$/),
      min_charge_amount: 150.5,
      min_charges: 2,
      discount_percent: 12.5,
      discount_amount: null,
      start_at: '2098-12-31T18:00:00.000Z',
      end_at: '2099-01-31T18:00:00.000Z',
      happy_hours_start: '22:00:00',
      happy_hours_end: '06:00:00',
      status: 0,
      active: true,
      expired: false,
      stations_count: 1,
      charges_count: 0,
      created_at: expect.any(String),
      stations: [{ id: station.id, name: 'Ala-Too Square', merchant: merchantId }],
    });
    expect(changed).toHaveBeenCalled();
    changed.mockRestore();
    expect(await exists(promotion.image)).toBe(true);
    const served = await ctx.app.inject({ method: 'GET', url: promotion.image });
    expect(served.statusCode).toBe(200);
    const read = await call('GET', `${promotion.id}/`, { lang: 'ru' });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      ...promotion,
      title: 'Ночная скидка',
      name: 'Ночная скидка',
      initiator_name: 'Мерчант',
      merchant_name: expect.stringMatching(/^Мерчант \d+$/),
      stations: [{ id: station.id, name: expect.any(String), merchant: merchantId }],
    });
  });

  it('writes a news event naming the promotion and its creator in the create', async () => {
    const promotion = await created();
    const [event] = await ctx.database.db
      .select()
      .from(newsEvents)
      .where(and(eq(newsEvents.kind, 'promotion_created'), eq(newsEvents.subjectId, promotion.id)));
    expect(event).toMatchObject({
      titleEn: promotion.title_en,
      titleRu: promotion.title_ru,
      createdBy: expect.any(Number),
    });
  });

  it('requires the image, and takes only a jpg, jpeg or png of at most 2 MB, by its bytes', async () => {
    const none = await send('POST', '', await formOf({ image: undefined }));
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ image: ['Upload an image'] });
    const text = await send(
      'POST',
      '',
      await formOf({ image: { filename: 'a.png', content: 'not an image', type: 'image/png' } }),
    );
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ image: ['The image must be a jpg, jpeg or png file'] });
    const large = await send('POST', '', await formOf({ image: png(PROMOTION_IMAGE_MAX_BYTES + 1) }));
    expect(large.statusCode).toBe(400);
    expect(large.json()).toEqual({ image: ['The image must be 2 MB or smaller'] });
    const two = await send('POST', '', {
      ...(await formOf()),
      image: [png(), png()],
    });
    expect(two.statusCode).toBe(400);
    expect(two.json()).toEqual({ image: ['Too many files: at most 1 can be uploaded'] });
    const jpeg = await created({ image: { filename: 'photo.png', content: TINY_JPEG, type: 'image/png' } });
    expect(jpeg.image).toMatch(/\.jpg$/);
    expect((await created({ image: png(PROMOTION_IMAGE_MAX_BYTES) })).id).toEqual(expect.any(Number));
    await expect.poll(() => readdir(path.join(ctx.config.dataDir, 'uploads', '.incoming'))).toEqual([]);
  });

  it('refuses a JSON create (no image) and a body that is not an object', async () => {
    const json = await call('POST', '', { payload: await aPromotionRequest(ctx.database) });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ image: ['Upload an image'] });
    for (const payload of [null, [1], 'promotion', 5])
      expect((await call('POST', '', { payload })).statusCode).toBe(400);
  });

  it('names the field of a wrong type, a rule of spec 5 broken, or malformed crop data', async () => {
    const cases: [Record<string, FormValue>, Record<string, string[]>][] = [
      [{ discount_percent: 'ten' }, { discount_percent: [expect.any(String)] }],
      [{ start_at: '2099-13-01' }, { start_at: [expect.any(String)] }],
      [{ initiator: 'bank' }, { initiator: ['Select a valid choice'] }],
      [{ discount_percent: '100.01' }, { discount_percent: [expect.any(String)] }],
      [
        { discount_percent: '', discount_amount: '100000', min_charge_amount: '100000' },
        { discount_amount: [expect.any(String)], min_charge_amount: [expect.any(String)] },
      ],
      [
        { discount_percent: '', discount_amount: '1.234', min_charge_amount: '10' },
        { discount_amount: [expect.any(String)] },
      ],
      [{ title_en: '' }, { title_en: ['Field cannot be blank'] }],
      [{ stations: ['0'] }, { 'stations.0': [expect.any(String)] }],
      [{ initiator: 'merchant' }, { merchant: ['Choose the merchant that runs the promotion'] }],
      [{ discount_amount: '5' }, { discount_percent: ['Give either a percentage discount or a discount amount'] }],
      [
        { discount_percent: '', discount_amount: '50', min_charge_amount: '40' },
        { discount_amount: ['The discount amount cannot exceed the minimum charge amount'] },
      ],
      [
        { start_at: '2099-02-01T00:00:00Z', end_at: '2099-01-01T00:00:00Z' },
        { end_at: ['The end of the promotion must be later than its start'] },
      ],
      [{ happy_hours_start: '10:00:00' }, { happy_hours_end: [expect.any(String)] }],
      [{ crop: { percent: { x: 'left', y: '0', width: '1', height: '1' } } }, { 'crop.percent.x': ['Enter a number'] }],
      [
        { crop: { pixels: { x: '1' } } },
        {
          'crop.pixels.y': ['Field cannot be blank'],
          'crop.pixels.width': ['Field cannot be blank'],
          'crop.pixels.height': ['Field cannot be blank'],
        },
      ],
    ];
    for (const [overrides, errors] of cases) {
      const response = await send('POST', '', await formOf(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json()).toEqual(errors);
    }
    // Names no form sends: nesting deeper than the crop's, a crop that is a list.
    expect((await send('POST', '', await formOf({ 'crop[percent][x][y]': '1' }))).statusCode).toBe(400);
    expect((await send('POST', '', await formOf({ 'crop[0]': '1' }))).statusCode).toBe(400);
  });

  it('refuses a station or a merchant that does not exist on its field, leaving no file behind', async () => {
    const before = await readdir(path.join(ctx.config.dataDir, 'uploads', 'promotion-images')).catch(() => []);
    const station = await send('POST', '', await formOf({ stations: ['99999999'] }));
    expect(station.statusCode).toBe(400);
    expect(station.json()).toEqual({ stations: ['Select a valid choice'] });
    const merchant = await send('POST', '', await formOf({ initiator: 'merchant', merchant: '99999999' }));
    expect(merchant.statusCode).toBe(400);
    expect(merchant.json()).toEqual({ merchant: ['Select a valid choice'] });
    expect(await readdir(path.join(ctx.config.dataDir, 'uploads', 'promotion-images')).catch(() => [])).toEqual(before);
  });

  it("keeps no merchant on a promotion that is not a merchant's", async () => {
    expect((await created({ initiator: 'payment_system', merchant: String(merchantId) })).merchant).toBeNull();
  });
});

describe('editing a promotion', () => {
  it('changes only the fields sent, as JSON, an active one too', async () => {
    const promotion = await created();
    const response = await call('PATCH', `${promotion.id}/`, { payload: { title_en: 'Renamed', min_charges: 3 } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      ...promotion,
      title: 'Renamed',
      title_en: 'Renamed',
      name: 'Renamed',
      min_charges: 3,
    });
  });

  it('replaces the stations when sent, and keeps them otherwise', async () => {
    const promotion = await created();
    const other = await aStation(ctx.database, merchantId);
    const response = await send('PATCH', `${promotion.id}/`, { stations: [String(other.id), String(station.id)] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Promotion>().stations.map((s) => s.id)).toEqual([station.id, other.id].sort((a, b) => a - b));
    const none = await call('PATCH', `${promotion.id}/`, { payload: { stations: [] } });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ stations: ['Choose at least one station'] });
    const unknown = await call('PATCH', `${promotion.id}/`, { payload: { stations: [99999999] } });
    expect(unknown.json()).toEqual({ stations: ['Select a valid choice'] });
    expect((await call('GET', `${promotion.id}/`)).json<Promotion>().stations_count).toBe(2);
  });

  it('checks the rules on the promotion as it will be', async () => {
    const promotion = await created();
    const response = await call('PATCH', `${promotion.id}/`, { payload: { discount_amount: '5' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ discount_percent: ['Give either a percentage discount or a discount amount'] });
    const swapped = await call('PATCH', `${promotion.id}/`, {
      payload: { discount_percent: null, discount_amount: '5', min_charge_amount: '10' },
    });
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(swapped.json()).toMatchObject({ discount_percent: null, discount_amount: 5, min_charge_amount: 10 });
    const end = await call('PATCH', `${promotion.id}/`, { payload: { end_at: '2000-01-01T00:00:00Z' } });
    expect(end.json()).toEqual({ end_at: ['The end of the promotion must be later than its start'] });
  });

  it('replaces the image when a new one is sent, removing the old file after the commit', async () => {
    const promotion = await created();
    const response = await send('PATCH', `${promotion.id}/`, {
      image: png(),
      'crop[percent][x]': '1',
      'crop[percent][y]': '2',
      'crop[percent][width]': '3',
      'crop[percent][height]': '4',
    });
    expect(response.statusCode, response.body).toBe(200);
    const changed = response.json<Promotion>();
    expect(changed.image).not.toBe(promotion.image);
    expect(changed.crop).toEqual({ percent: { x: 1, y: 2, width: 3, height: 4 } });
    expect(await exists(changed.image)).toBe(true);
    expect(await exists(promotion.image)).toBe(false);
    const refused = await send('PATCH', `${promotion.id}/`, { image: png(), stations: ['99999999'] });
    expect(refused.statusCode).toBe(400);
    expect(await exists(changed.image)).toBe(true);
  });

  it('refuses a body that is not an object, wrong types, and an unknown id', async () => {
    const promotion = await created();
    for (const payload of [null, [1], 'text', 7])
      expect((await call('PATCH', `${promotion.id}/`, { payload })).statusCode).toBe(400);
    const wrong = await call('PATCH', `${promotion.id}/`, { payload: { min_charges: 'many', stations: 'x' } });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json())).toEqual(expect.arrayContaining(['min_charges']));
    expect((await call('PATCH', `${promotion.id}/`, { payload: { title_en: 'a\u0000b' } })).statusCode).toBe(400);
    expect((await send('PATCH', `${promotion.id}/`, { title_en: 'a\u0000b' })).statusCode).toBe(400);
    expect((await call('PATCH', '99999999/', { payload: { title_en: 'X' } })).statusCode).toBe(404);
    expect((await call('GET', '99999999/')).statusCode).toBe(404);
    expect((await call('GET', 'abc/')).statusCode).toBe(400);
  });
});

describe('deleting a promotion', () => {
  it('removes its image file after the delete', async () => {
    const promotion = await created({ status: '1' });
    expect((await call('DELETE', `${promotion.id}/`)).statusCode).toBe(204);
    expect(await exists(promotion.image)).toBe(false);
  });
});

describe('the OpenAPI document', () => {
  it('lists the promotion routes, the create as multipart with its image', async () => {
    const paths = await openApiPaths<Record<string, { requestBody?: { content: Record<string, unknown> } }>>(ctx.app);
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/ads/promotions/',
        '/api/v1/ads/promotions/{id}/',
        '/api/v1/ads/promotions/statuses/',
      ]),
    );
    expect(Object.keys(paths['/api/v1/ads/promotions/']!.post!.requestBody!.content)).toEqual(['multipart/form-data']);
  });
});
