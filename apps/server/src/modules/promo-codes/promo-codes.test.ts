import type { Paged } from '@evcms/contracts/common';
import type { PromoCode, PromoCodeBatch } from '@evcms/contracts/promo-codes';
import { describe, expect, it } from 'vitest';
import { aPromoCode } from '../../test/builders/promo-codes.ts';
import { readCsv, readWorkbook, sheetValues } from '../../test/spreadsheets.ts';
import { apiCalls, openApiPaths, useSignedInApp } from '../../test/test-app.ts';

/* Promo codes through the API: making one or a batch, reading, editing, statuses, deleting, the list and its export. */

const ctx = useSignedInApp({ name: 'Nurlan Codes' });
const call = apiCalls(ctx, 'ads/promo-codes/', { lang: 'en' });

async function created(payload: object): Promise<PromoCode> {
  const response = await call('POST', '', { payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PromoCode>();
}

async function list(query = ''): Promise<Paged<PromoCode>> {
  const response = await call('GET', query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Paged<PromoCode>>();
}

describe('making a code', () => {
  it('stores the code with its terms and answers it in som', async () => {
    const code = await created({
      code: 'Spring-2099',
      bonus: '150.50',
      valid_from: '2099-03-01T00:00:00+06:00',
      valid_to: '2099-06-01T00:00:00+06:00',
      total_uses: 100,
      uses_per_driver: '2',
    });
    expect(code).toEqual({
      id: expect.any(Number),
      code: 'Spring-2099',
      bonus: 150.5,
      valid_from: '2099-02-28T18:00:00.000Z',
      valid_to: '2099-05-31T18:00:00.000Z',
      total_uses: 100,
      uses_per_driver: 2,
      used_count: 0,
      remaining: 100,
      batch: null,
      status: 0,
      active: true,
      expired: false,
      created_at: expect.any(String),
    });
    expect((await call('GET', `${code.id}/`)).json()).toEqual(code);
  });

  it('defaults to an open validity, no total limit, once per driver, active', async () => {
    const code = await created({ code: 'OPEN1', bonus: 5 });
    expect(code).toMatchObject({
      valid_from: null,
      valid_to: null,
      total_uses: null,
      remaining: null,
      uses_per_driver: 1,
    });
  });

  it.each([
    ['abc', 'promo_code_format'],
    ['has space', 'promo_code_format'],
    ['x'.repeat(33), 'max_length'],
    ['код-кириллица', 'promo_code_format'],
  ])('refuses the code %j with a localised 400 on the field', async (code) => {
    const response = await call('POST', '', { payload: { code, bonus: 1 } });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['code']);
  });

  it('refuses a missing bonus, a validity ending before it starts and limits below one', async () => {
    const bonus = await call('POST', '', { payload: { code: 'NOBONUS' }, lang: 'ru' });
    expect(bonus.json()).toEqual({ bonus: ['Поле не может быть пустым'] });
    const period = await call('POST', '', {
      payload: { code: 'BACKWARDS', bonus: 1, valid_from: '2099-02-01T00:00:00Z', valid_to: '2099-01-01T00:00:00Z' },
    });
    expect(period.json()).toEqual({ valid_to: ['The end of the validity must be later than its start'] });
    const uses = await call('POST', '', { payload: { code: 'ZEROUSES', bonus: 1, total_uses: 0, uses_per_driver: 0 } });
    expect(Object.keys(uses.json()).sort()).toEqual(['total_uses', 'uses_per_driver']);
  });

  it('is unique ignoring case: a second "summer" beside "SUMMER" is a localised 400 on the code', async () => {
    await created({ code: 'SUMMER', bonus: 1 });
    const response = await call('POST', '', { payload: { code: 'summer', bonus: 1 }, lang: 'ru' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: ['Такой код уже есть (коды уникальны без учёта регистра)'] });
  });

  it('lets exactly one of two creates racing with the same code in different cases through', async () => {
    const responses = await Promise.all(
      ['Race-Code', 'RACE-CODE', 'race-code', 'rAcE-cOdE'].map((code) =>
        call('POST', '', { payload: { code, bonus: 1 } }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 400, 400, 400]);
    expect((await list('?search=race-code')).total).toBe(1);
  });
});

describe('generating a batch', () => {
  it('makes N unique codes PREFIX-XXXXXXXX of the unambiguous alphabet on the same terms, labelled as one batch', async () => {
    const response = await call('POST', 'generate/', {
      payload: { prefix: 'AUTUMN', count: 40, bonus: '20', total_uses: 1, valid_to: '2099-01-01T00:00:00Z' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { batch, items } = response.json<PromoCodeBatch>();
    expect(batch).toMatch(/^AUTUMN \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(items).toHaveLength(40);
    for (const item of items) {
      expect(item.code).toMatch(/^AUTUMN-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
      expect(item).toMatchObject({ bonus: 20, total_uses: 1, valid_to: '2099-01-01T00:00:00.000Z', batch });
    }
    expect(new Set(items.map((item) => item.code.toLowerCase())).size).toBe(40);
    expect((await list('?search=autumn-&size=100')).total).toBe(40);
  });

  it('refuses a count outside 1..1000 and a malformed prefix on their fields', async () => {
    for (const count of [0, 1001]) {
      const response = await call('POST', 'generate/', { payload: { prefix: 'X', count, bonus: 1 } });
      expect(Object.keys(response.json())).toEqual(['count']);
    }
    const prefix = await call('POST', 'generate/', { payload: { prefix: 'a b', count: 1, bonus: 1 } });
    expect(Object.keys(prefix.json())).toEqual(['prefix']);
  });
});

describe('editing', () => {
  it('changes the fields sent and keeps the others', async () => {
    const code = await aPromoCode(ctx.database, { total_uses: 5 });
    const response = await call('PATCH', `${code.id}/`, {
      payload: { code: 'RENAMED-1', bonus: '7.5', total_uses: '' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ code: 'RENAMED-1', bonus: 7.5, total_uses: null, uses_per_driver: 1 });
  });

  it('refuses a code taken by another in another case, and 404s a missing id', async () => {
    await aPromoCode(ctx.database, { code: 'TAKEN-X' });
    const code = await aPromoCode(ctx.database);
    expect((await call('PATCH', `${code.id}/`, { payload: { code: 'taken-x' } })).json()).toEqual({
      code: ['This code already exists (codes are unique ignoring case)'],
    });
    expect((await call('PATCH', '999999/', { payload: { bonus: 1 } })).statusCode).toBe(404);
  });
});

describe('statuses and deletion', () => {
  it('deactivates several at once, or none when an id is missing', async () => {
    const [a, b] = [await aPromoCode(ctx.database), await aPromoCode(ctx.database)];
    const response = await call('PATCH', 'statuses/', { payload: { ids: [a.id, b.id], status: 1 } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<PromoCode[]>().map((code) => [code.id, code.active])).toEqual([
      [a.id, false],
      [b.id, false],
    ]);
    const missing = await call('PATCH', 'statuses/', { payload: { ids: [a.id, 999999], status: 0 } });
    expect(missing.statusCode).toBe(404);
    expect((await call('GET', `${a.id}/`)).json()).toMatchObject({ status: 1 });
  });

  it('deletes a code never redeemed', async () => {
    const code = await aPromoCode(ctx.database);
    expect((await call('DELETE', `${code.id}/`)).statusCode).toBe(204);
    expect((await call('GET', `${code.id}/`)).statusCode).toBe(404);
    expect((await call('DELETE', `${code.id}/`)).statusCode).toBe(404);
  });
});

describe('the list', () => {
  it('is newest first, searched by part of the code in any case, filtered by status and validity period', async () => {
    const old = await aPromoCode(ctx.database, {
      code: 'LIST-OLD',
      valid_from: new Date('2098-01-01T00:00:00+06:00'),
      valid_to: new Date('2098-02-01T00:00:00+06:00'),
    });
    const open = await aPromoCode(ctx.database, { code: 'LIST-OPEN' });
    const off = await aPromoCode(ctx.database, { code: 'LIST-OFF', status: 1 });
    expect((await list('?search=list-')).items.map((code) => code.id)).toEqual([off.id, open.id, old.id]);
    expect((await list('?search=LIST-&status=1')).items.map((code) => code.id)).toEqual([off.id]);
    expect((await list('?search=LIST-&active=false')).items.map((code) => code.id)).toEqual([off.id]);
    // January 2098 in Bishkek meets LIST-OLD's validity and the open ones; March 2098 only the open ones.
    expect((await list('?search=list-&period__from=2098-01-31&period__to=2098-01-31')).total).toBe(3);
    expect((await list('?search=list-&period__from=2098-03-01')).items.map((code) => code.id)).toEqual([
      off.id,
      open.id,
    ]);
    // The validity ends at 2098-02-01 00:00 Bishkek: the day of 1 February no longer meets it.
    expect((await list('?search=list-&period__from=2098-02-01&period__to=2098-02-01')).total).toBe(2);
    expect((await call('GET', '?period__from=2098-13-01')).statusCode).toBe(400);
  });

  it('exports the filtered list as xlsx and csv, read back', async () => {
    await aPromoCode(ctx.database, { code: 'EXPORT-A', bonus: 12_345, total_uses: 3 });
    await aPromoCode(ctx.database, { code: 'EXPORT-B', status: 1 });
    const xlsx = await call('GET', 'export/?search=export-&format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    const sheet = (await readWorkbook(xlsx.rawPayload)).worksheets[0]!;
    expect(sheet.name).toBe('Promo codes');
    const rows = sheetValues(sheet);
    expect(rows[0]).toEqual([
      'Code',
      'Bonus, som',
      'Valid from',
      'Valid to',
      'Total uses',
      'Per user',
      'Used',
      'Remaining',
      'Batch',
      'Status',
      'Created',
    ]);
    expect(rows.slice(1).map((row) => [row[0], row[1], row[4], row[7], row[9]])).toEqual([
      ['EXPORT-B', 100, undefined, undefined, 'Inactive'],
      ['EXPORT-A', 123.45, 3, 3, 'Active'],
    ]);
    const csv = await call('GET', 'export/?search=export-&format=csv', { lang: 'ru' });
    const records = readCsv(csv.rawPayload, ';');
    expect(records[0]![0]).toBe('Код');
    expect(records.slice(1).map((record) => [record[0], record[1], record[9]])).toEqual([
      ['EXPORT-B', '100,00', 'Неактивен'],
      ['EXPORT-A', '123,45', 'Активен'],
    ]);
  });

  it('documents its paths', async () => {
    const paths = await openApiPaths(ctx.app);
    for (const path of [
      '/api/v1/ads/promo-codes/',
      '/api/v1/ads/promo-codes/generate/',
      '/api/v1/ads/promo-codes/statuses/',
      '/api/v1/ads/promo-codes/export/',
      '/api/v1/ads/promo-codes/{id}/',
      '/api/v1/ads/promo-codes/{id}/redemptions/',
      '/api/v1/users/{id}/promo-code/',
    ])
      expect(paths).toHaveProperty([path]);
  });
});
