import { and, eq } from 'drizzle-orm';
import type { Merchant, MerchantForUpdate } from '@evcms/contracts/merchants';
import { describe, expect, it } from 'vitest';
import { newsEvents } from '../../db/schema/news.ts';
import {
  ALMATY,
  anInfrastructureItem,
  aTag,
  BISHKEK,
  BISHKEK_CITY_DISTRICT,
  KAZAKHSTAN,
  KYRGYZSTAN,
  TOKMOK,
} from '../../test/builders/catalog.ts';
import { aMerchant, aMerchantRequest } from '../../test/builders/merchants.ts';
import { apiCalls, openApiPaths, useSignedInApp } from '../../test/test-app.ts';

const ctx = useSignedInApp({ name: 'Aida Manager' });

const call = apiCalls(ctx, 'merchants/');

describe('creating a merchant', () => {
  it('answers 201 with the full detail, in the language asked, and writes one news event', async () => {
    const fast = await aTag(ctx.database, 'Fast');
    const slow = await aTag(ctx.database, 'Slow', 1);
    const cafe = await anInfrastructureItem(ctx.database, 'Cafe');
    const request = aMerchantRequest({
      name_ru: ' Зарядка ',
      name_en: 'Charging',
      name_ky: 'Кубаттоо',
      phone: '+996 (555) 12-34-56',
      percentage: 12.5,
      tags: [slow.id, fast.id, fast.id],
      environment: [cafe.id],
      schedule: [
        { day: 1, start_time: '09:00:00', end_time: '18:00:00', is_break: false },
        { day: 0, start_time: '13:00:00', end_time: '14:00:00', is_break: true },
        { day: 0, start_time: '08:00:00', end_time: '00:00:00', is_break: false },
        { day: 1, start_time: '00:00:00', end_time: '00:00:00', is_break: true },
      ],
    });
    const response = await call('POST', '', { payload: request, lang: 'en' });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<Merchant>();
    expect(body).toEqual({
      id: expect.any(Number),
      name: 'Charging',
      name_ru: 'Зарядка',
      name_en: 'Charging',
      name_ky: 'Кубаттоо',
      agreement_number: request.agreement_number,
      legal_name: request.legal_name,
      country: KYRGYZSTAN,
      district: BISHKEK_CITY_DISTRICT,
      city: BISHKEK,
      country_name: 'Kyrgyzstan',
      district_name: 'Bishkek City',
      city_name: 'Bishkek',
      street: request.street,
      phone: '996555123456',
      email: request.email,
      percentage: 12.5,
      status: 0,
      stations_count: 0,
      active_stations: 0,
      inactive_stations: 0,
      created_by: ctx.managerName,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      tags: [fast.id, slow.id],
      environment: [cafe.id],
      tag_items: [
        { id: fast.id, title: 'Fast', active: true },
        { id: slow.id, title: 'Slow', active: false },
      ],
      environment_items: [{ id: cafe.id, title: 'Cafe', icon_path: '/media/surroundings/Cafe.svg', active: true }],
      // By day, each break after its day (id + 7); the blank 00:00-00:00 break means "no break".
      schedule: [
        { id: 1, day: 0, start_time: '08:00:00', end_time: '00:00:00', is_break: false },
        { id: 8, day: 0, start_time: '13:00:00', end_time: '14:00:00', is_break: true },
        { id: 2, day: 1, start_time: '09:00:00', end_time: '18:00:00', is_break: false },
      ],
    });
    expect(Date.now() - Date.parse(body.created_at)).toBeLessThan(60_000);
    const events = await ctx.database.db
      .select()
      .from(newsEvents)
      .where(and(eq(newsEvents.kind, 'merchant_created'), eq(newsEvents.subjectId, body.id)));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ titleRu: 'Зарядка', titleEn: 'Charging', titleKy: 'Кубаттоо' });
  });

  it('fills the defaults: no district, lists or schedule, active', async () => {
    const { district: _district, ...request } = aMerchantRequest({ city: TOKMOK });
    const response = await call('POST', '', { payload: request });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      district: null,
      district_name: null,
      city_name: 'Токмок',
      tags: [],
      environment: [],
      schedule: [],
      status: 0,
    });
  });

  it('asks for every required field, the names in all three languages', async () => {
    const response = await call('POST', '', { payload: {}, lang: 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      name_ru: ['Field cannot be blank'],
      name_en: ['Field cannot be blank'],
      name_ky: ['Field cannot be blank'],
      agreement_number: ['Field cannot be blank'],
      legal_name: ['Field cannot be blank'],
      country: ['Field cannot be blank'],
      city: ['Field cannot be blank'],
      street: ['Field cannot be blank'],
      phone: ['Enter your phone number'],
      email: ['Enter your email address'],
      percentage: ['Field cannot be blank'],
    });
    const oneMissing = await call('POST', '', { payload: aMerchantRequest({ name_ky: '  ' }), lang: 'en' });
    expect(oneMissing.json()).toEqual({ name_ky: ['Field cannot be blank'] });
  });

  it('limits the name to 100 and the agreement number to 50 characters', async () => {
    const response = await call('POST', '', {
      payload: aMerchantRequest({ name_ru: 'я'.repeat(101), agreement_number: 'A'.repeat(51) }),
      lang: 'en',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      name_ru: ['Ensure this field has no more than 100 characters'],
      agreement_number: ['Ensure this field has no more than 50 characters'],
    });
    const atLimit = await call('POST', '', {
      payload: aMerchantRequest({ name_ru: 'я'.repeat(100), agreement_number: 'A'.repeat(50) }),
    });
    expect(atLimit.statusCode).toBe(201);
  });

  it('takes a phone of 12 digits, with or without the mask, and a valid email', async () => {
    for (const phone of ['99655512345', '99655512345a']) {
      const response = await call('POST', '', { payload: aMerchantRequest({ phone }), lang: 'en' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ phone: ['Please enter correct phone number format'] });
    }
    const email = await call('POST', '', { payload: aMerchantRequest({ email: 'not-an-address' }), lang: 'en' });
    expect(email.json()).toEqual({ email: ['Your email address is not valid'] });
    const masked = await call('POST', '', {
      payload: aMerchantRequest({ phone: '+996 (700) 00-11-22', email: ' Info@Example.COM ' }),
    });
    expect(masked.json()).toMatchObject({ phone: '996700001122', email: 'info@example.com' });
  });

  it('takes a percentage of 0..100 with at most two decimals, as a number or numeric text', async () => {
    for (const percentage of [-1, 100.5, 12.345]) {
      const response = await call('POST', '', { payload: aMerchantRequest({ percentage }), lang: 'en' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ percentage: ['The rate must be a percentage'] });
    }
    const text = await call('POST', '', { payload: aMerchantRequest({ percentage: '33.33' }) });
    expect(text.json<Merchant>().percentage).toBe(33.33);
    expect((await aMerchant(ctx.app, ctx.auth, { percentage: 0.07 })).percentage).toBe(0.07);
    expect((await aMerchant(ctx.app, ctx.auth, { percentage: 100 })).percentage).toBe(100);
  });

  it('refuses a location that does not hold together, field by field, in the language asked', async () => {
    const unknownCountry = await call('POST', '', { payload: aMerchantRequest({ country: 999 }), lang: 'en' });
    expect(unknownCountry.statusCode).toBe(400);
    expect(unknownCountry.json()).toEqual({ country: ['Select a valid choice'] });
    const foreignCity = await call('POST', '', { payload: aMerchantRequest({ district: null, city: ALMATY }) });
    expect(foreignCity.json()).toEqual({ city: ['Выберите правильный вариант'] });
    const foreignDistrict = await call('POST', '', {
      payload: aMerchantRequest({ country: KAZAKHSTAN, district: BISHKEK_CITY_DISTRICT, city: ALMATY }),
      lang: 'ky',
    });
    expect(foreignDistrict.json()).toEqual({ district: ['Туура вариантты тандаңыз'] });
    const cityOfAnotherDistrict = await call('POST', '', { payload: aMerchantRequest({ city: TOKMOK }), lang: 'en' });
    expect(cityOfAnotherDistrict.json()).toEqual({ city: ['Select a valid choice'] });
    const unknownDistrict = await call('POST', '', { payload: aMerchantRequest({ district: 999 }), lang: 'en' });
    expect(unknownDistrict.json()).toEqual({ district: ['Select a valid choice'] });
  });

  it('refuses unknown tags and infrastructure, and creates nothing', async () => {
    const tag = await aTag(ctx.database, 'Known');
    const request = aMerchantRequest({ name_en: 'Never stored', tags: [tag.id, 999_999], environment: [999_998] });
    const response = await call('POST', '', { payload: request, lang: 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ tags: ['Select a valid choice'], environment: ['Select a valid choice'] });
    const list = await call('GET', '?search=never%20stored');
    expect(list.json()).toMatchObject({ total: 0 });
    const badShape = await call('POST', '', {
      payload: aMerchantRequest({ tags: [0, 'x' as unknown as number] }),
      lang: 'en',
    });
    expect(badShape.json()).toEqual({ 'tags.0': ['Select a valid choice'], 'tags.1': ['Select a valid choice'] });
  });

  it('checks the schedule', async () => {
    const response = await call('POST', '', {
      payload: aMerchantRequest({
        schedule: [{ day: 2, start_time: '18:00:00', end_time: '09:00:00', is_break: false }],
      }),
      lang: 'en',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      'schedule.0.start_time': ['The start cannot be later than the end'],
      'schedule.0.end_time': ['The end cannot be earlier than the start'],
    });
  });
});

describe('reading one merchant', () => {
  it('answers the detail with labels in the language asked', async () => {
    const created = await aMerchant(ctx.app, ctx.auth, { name_ru: 'Ток', name_en: 'Current', name_ky: 'Агым' });
    const ky = await call('GET', `${created.id}/`, { lang: 'ky' });
    expect(ky.statusCode).toBe(200);
    expect(ky.json()).toEqual({
      ...created,
      name: 'Агым',
      country_name: 'Кыргызстан',
      district_name: 'Бишкек шаары',
      city_name: 'Бишкек',
    });
  });

  it('answers the form fields for editing', async () => {
    const tag = await aTag(ctx.database, 'Editable');
    const created = await aMerchant(ctx.app, ctx.auth, { tags: [tag.id], percentage: '7.25' });
    const response = await call('GET', `for-update/${created.id}/`, { lang: 'en' });
    expect(response.statusCode).toBe(200);
    const body = response.json<MerchantForUpdate>();
    expect(body).toEqual({
      id: created.id,
      name_ru: created.name_ru,
      name_en: created.name_en,
      name_ky: created.name_ky,
      agreement_number: created.agreement_number,
      legal_name: created.legal_name,
      country: KYRGYZSTAN,
      district: BISHKEK_CITY_DISTRICT,
      city: BISHKEK,
      street: created.street,
      phone: created.phone,
      email: created.email,
      percentage: 7.25,
      status: 0,
      tags: [tag.id],
      environment: [],
      tag_items: [{ id: tag.id, title: 'Editable', active: true }],
      environment_items: [],
      schedule: [],
    });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    for (const url of ['999999/', 'for-update/999999/']) {
      const missing = await call('GET', url, { lang: 'en' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ detail: 'Not found.' });
    }
    for (const url of ['abc/', 'for-update/-1/']) {
      const malformed = await call('GET', url, { lang: 'en' });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ id: ['Enter a whole number'] });
    }
  });
});

describe('merchants in the OpenAPI document', () => {
  it('describes the calls', async () => {
    expect(Object.keys(await openApiPaths(ctx.app))).toEqual(
      expect.arrayContaining([
        '/api/v1/merchants/',
        '/api/v1/merchants/statuses/',
        '/api/v1/merchants/for-promotion/',
        '/api/v1/merchants/for-update/{id}/',
        '/api/v1/merchants/{id}/',
      ]),
    );
  });
});
