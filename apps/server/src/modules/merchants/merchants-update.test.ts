import { sql } from 'drizzle-orm';
import type { Merchant } from '@evcms/contracts/merchants';
import { queryRows } from '../../db/client.ts';
import { describe, expect, it } from 'vitest';
import { ALMATY, aTag, CHUY_REGION, KAZAKHSTAN, TOKMOK } from '../../test/builders/catalog.ts';
import { aMerchant } from '../../test/builders/merchants.ts';
import { useSignedInApp } from '../../test/test-app.ts';

const ctx = useSignedInApp();

function patch(url: string, payload: object, lang?: string) {
  return ctx.app.inject({
    method: 'PATCH',
    url: `/api/v1/merchants/${url}`,
    headers: { ...ctx.auth, ...(lang && { 'accept-language': lang }) },
    payload,
  });
}

describe('changing a merchant', () => {
  it('changes only the fields sent and answers the detail', async () => {
    const merchant = await aMerchant(ctx.app, ctx.auth);
    const response = await patch(
      `${merchant.id}/`,
      { name_en: 'Renamed', percentage: 0.1, phone: '+996 (777) 11-22-33', status: 1 },
      'en',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...merchant,
      name: 'Renamed',
      name_en: 'Renamed',
      percentage: 0.1,
      phone: '996777112233',
      status: 1,
      country_name: 'Kyrgyzstan',
      district_name: 'Bishkek City',
      city_name: 'Bishkek',
    });
    const unchanged = await patch(`${merchant.id}/`, {});
    expect(unchanged.json<Merchant>()).toMatchObject({ name_en: 'Renamed', percentage: 0.1, status: 1 });
  });

  it('replaces the lists sent and keeps the others', async () => {
    const [a, b, c] = [await aTag(ctx.database, 'A'), await aTag(ctx.database, 'B'), await aTag(ctx.database, 'C')];
    const merchant = await aMerchant(ctx.app, ctx.auth, {
      tags: [a.id, b.id],
      schedule: [{ day: 0, start_time: '08:00:00', end_time: '20:00:00', is_break: false }],
    });
    const replaced = await patch(`${merchant.id}/`, { tags: [c.id, b.id] });
    expect(replaced.json<Merchant>()).toMatchObject({ tags: [b.id, c.id], schedule: merchant.schedule });
    const emptied = await patch(`${merchant.id}/`, { tags: [], schedule: [] });
    expect(emptied.json<Merchant>()).toMatchObject({ tags: [], tag_items: [], schedule: [] });
  });

  it('checks what is sent, as on create', async () => {
    const merchant = await aMerchant(ctx.app, ctx.auth);
    const response = await patch(
      `${merchant.id}/`,
      { name_ru: ' ', phone: '123', percentage: 101, tags: [999_999] },
      'en',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      name_ru: ['Field cannot be blank'],
      phone: ['Please enter correct phone number format'],
      percentage: ['The rate must be a percentage'],
    });
    const unknownTag = await patch(`${merchant.id}/`, { tags: [999_999] }, 'en');
    expect(unknownTag.json()).toEqual({ tags: ['Select a valid choice'] });
  });

  it('keeps the location consistent: a new country needs its city, a district must fit', async () => {
    const merchant = await aMerchant(ctx.app, ctx.auth);
    const countryOnly = await patch(`${merchant.id}/`, { country: KAZAKHSTAN }, 'en');
    expect(countryOnly.statusCode).toBe(400);
    expect(countryOnly.json()).toEqual({ district: ['Select a valid choice'], city: ['Field cannot be blank'] });
    const staleDistrict = await patch(`${merchant.id}/`, { country: KAZAKHSTAN, city: ALMATY }, 'en');
    expect(staleDistrict.json()).toEqual({ district: ['Select a valid choice'] });
    const moved = await patch(`${merchant.id}/`, { country: KAZAKHSTAN, district: null, city: ALMATY }, 'en');
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      country: KAZAKHSTAN,
      district: null,
      city: ALMATY,
      country_name: 'Kazakhstan',
      city_name: 'Almaty',
    });
    const cityElsewhere = await patch(`${merchant.id}/`, { district: CHUY_REGION }, 'en');
    expect(cityElsewhere.json()).toEqual({ district: ['Select a valid choice'] });
    const back = await patch(`${merchant.id}/`, { country: 1, district: CHUY_REGION, city: TOKMOK });
    expect(back.json()).toMatchObject({ district: CHUY_REGION, city: TOKMOK, district_name: 'Чуйская область' });
  });

  it('answers 404 for an unknown merchant and 400 for a malformed id', async () => {
    const missing = await patch('999999/', { name_en: 'x' }, 'en');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not found.' });
    const malformed = await patch('abc/', { name_en: 'x' }, 'en');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ id: ['Enter a whole number'] });
  });

  it('keeps the percentage exact: what is sent comes back, a third decimal is refused', async () => {
    const merchant = await aMerchant(ctx.app, ctx.auth);
    for (const percentage of [0.29, '33.33', 99.99, 0.01]) {
      const response = await patch(`${merchant.id}/`, { percentage });
      expect(response.json<Merchant>().percentage).toBe(Number(percentage));
    }
    const refused = await patch(`${merchant.id}/`, { percentage: 12.345 }, 'en');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ percentage: ['The rate must be a percentage'] });
    const stored = await queryRows(ctx.database.db, sql`select percentage_bp from merchants where id = ${merchant.id}`);
    expect(stored).toEqual([{ percentage_bp: 1 }]);
  });
});
