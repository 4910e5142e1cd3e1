import { describe, expect, it } from 'vitest';
import { apiCalls, openApiPaths, useSignedInApp } from '../../test/test-app.ts';

const ctx = useSignedInApp();

const call = apiCalls(ctx, 'common/tags/');

interface TagBody {
  id: number;
  title_ru: string;
  title_en: string;
  title_ky: string;
  title: string;
  active: boolean;
}

let counter = 0;
async function aTag(
  overrides: Partial<Pick<TagBody, 'title_ru' | 'title_en' | 'title_ky' | 'active'>> = {},
): Promise<TagBody> {
  counter += 1;
  const response = await call('POST', '', {
    payload: { title_ru: `Тег ${counter}`, title_en: `Tag ${counter}`, title_ky: `Тег ${counter} ky`, ...overrides },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TagBody>();
}

describe('creating a tag', () => {
  it('answers 201 with the tag, active by default, titled in the request language', async () => {
    const response = await call('POST', '', {
      payload: { title_ru: ' Быстрая зарядка ', title_en: 'Fast charging', title_ky: 'Тез кубаттоо' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      title_ru: 'Быстрая зарядка',
      title_en: 'Fast charging',
      title_ky: 'Тез кубаттоо',
      title: 'Быстрая зарядка',
      active: true,
    });
    expect((await aTag({ active: false })).active).toBe(false);
  });

  it('asks for the title in all three languages, in the language of the request', async () => {
    const ru = await call('POST', '', { payload: { title_ru: '', title_en: '   ' } });
    expect(ru.statusCode).toBe(400);
    expect(ru.json()).toEqual({
      title_ru: ['Поле не может быть пустым'],
      title_en: ['Поле не может быть пустым'],
      title_ky: ['Поле не может быть пустым'],
    });
    const ky = await call('POST', '', { payload: { title_ru: 'a', title_en: 'b' }, lang: 'ky' });
    expect(ky.json()).toEqual({ title_ky: ['Талаа бош болбошу керек'] });
  });

  it('limits titles to 50 characters and refuses a non-boolean active', async () => {
    const response = await call('POST', '', {
      payload: { title_ru: 'я'.repeat(51), title_en: 'ok', title_ky: 'ok', active: 'yes' },
      lang: 'en',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      title_ru: ['Ensure this field has no more than 50 characters'],
      active: ['Enter a valid value'],
    });
    expect(
      (await call('POST', '', { payload: { title_ru: 'я'.repeat(50), title_en: 'ok', title_ky: 'ok' } })).statusCode,
    ).toBe(201);
  });
});

describe('the tag list', () => {
  it('pages 10 at a time by default, newest first', async () => {
    for (let i = 1; i <= 12; i += 1) await aTag({ title_en: `Paging ${String(i).padStart(2, '0')}` });
    const first = await call('GET', '?search=paging');
    expect(first.statusCode).toBe(200);
    const body = first.json<{ items: TagBody[]; page: number; pages: number; size: number; total: number }>();
    expect({ ...body, items: body.items.length }).toEqual({ items: 10, page: 1, pages: 2, size: 10, total: 12 });
    expect(body.items[0]!.title_en).toBe('Paging 12');
    const second = (await call('GET', '?search=paging&page=2')).json<{ items: TagBody[]; page: number }>();
    expect(second.page).toBe(2);
    expect(second.items.map((t) => t.title_en)).toEqual(['Paging 02', 'Paging 01']);
    const past = (await call('GET', '?search=paging&page=9')).json<{ items: TagBody[]; pages: number }>();
    expect(past).toMatchObject({ items: [], pages: 2 });
    const sized = (await call('GET', '?search=paging&size=5&page=3')).json<{
      items: TagBody[];
      pages: number;
      size: number;
    }>();
    expect(sized).toMatchObject({ pages: 3, size: 5 });
    expect(sized.items).toHaveLength(2);
  });

  it('lets a picker ask for up to 1000 rows at once, and no more', async () => {
    const all = (await call('GET', '?search=paging&size=100000')).json<{
      items: TagBody[];
      size: number;
      pages: number;
    }>();
    expect(all).toMatchObject({ size: 1000, pages: 1 });
    expect(all.items).toHaveLength(12);
    expect((await call('GET', '?size=1000')).json<{ size: number }>().size).toBe(1000);
  });

  it('answers an empty list with one empty page', async () => {
    expect((await call('GET', '?search=nothing-like-this')).json()).toEqual({
      items: [],
      page: 1,
      pages: 1,
      size: 10,
      total: 0,
    });
  });

  it('refuses malformed paging by name and ignores empty or unknown parameters', async () => {
    const bad = await call('GET', '?page=0&size=abc&active=maybe', { lang: 'en' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      page: ['Ensure this value is greater than or equal to 1'],
      size: ['Enter a whole number'],
      active: ['Select a valid choice'],
    });
    expect((await call('GET', '?size=-1')).statusCode).toBe(400);
    expect((await call('GET', '?page=1&page=2')).statusCode).toBe(400);
    const ignored = await call('GET', '?page=&size=&search=&active=&ordering=title');
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json()).toMatchObject({ page: 1, size: 10 });
  });

  it('searches titles in every language, ignoring case, and the id', async () => {
    const tag = await aTag({ title_ru: 'Кофейня Рядом', title_en: 'Coffee Nearby', title_ky: 'Жакынкы Кофекана' });
    const found = async (search: string) =>
      (await call('GET', `?search=${encodeURIComponent(search)}`)).json<{ items: TagBody[] }>().items.map((t) => t.id);
    expect(await found('кофейня')).toEqual([tag.id]);
    expect(await found('COFFEE nearby')).toEqual([tag.id]);
    expect(await found('жакынкы')).toEqual([tag.id]);
    expect(await found(String(tag.id))).toContain(tag.id);
    expect(await found('%')).toEqual([]);
    expect(await found('_')).toEqual([]);
  });

  it('filters by active', async () => {
    const on = await aTag({ title_en: 'Filter on' });
    const off = await aTag({ title_en: 'Filter off', active: false });
    const ids = async (query: string) =>
      (await call('GET', `?search=filter&${query}`)).json<{ items: TagBody[] }>().items.map((t) => t.id);
    expect(await ids('active=true')).toEqual([on.id]);
    expect(await ids('active=false')).toEqual([off.id]);
    expect(await ids('active=')).toEqual([off.id, on.id]);
  });

  it('titles each item in the language of Accept-Language, Russian by default', async () => {
    const tag = await aTag({ title_ru: 'Парковка', title_en: 'Parking', title_ky: 'Унаа токтотуучу жай' });
    const title = async (lang?: string) =>
      (await call('GET', `?search=${tag.id}`, lang ? { lang } : {}))
        .json<{ items: TagBody[] }>()
        .items.find((t) => t.id === tag.id)?.title;
    expect(await title()).toBe('Парковка');
    expect(await title('en-US,en;q=0.9')).toBe('Parking');
    expect(await title('ky')).toBe('Унаа токтотуучу жай');
    expect(await title('kg')).toBe('Унаа токтотуучу жай');
    expect(await title('de')).toBe('Парковка');
  });
});

describe('changing a tag', () => {
  it('changes only the fields sent', async () => {
    const tag = await aTag();
    const response = await call('PATCH', `${tag.id}/`, { payload: { title_en: 'Renamed', active: false }, lang: 'en' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...tag, title_en: 'Renamed', title: 'Renamed', active: false });
    expect((await call('PATCH', `${tag.id}/`, { payload: {} })).json()).toEqual({
      ...tag,
      title_en: 'Renamed',
      active: false,
    });
  });

  it('checks what is sent, and answers 404 for a missing tag', async () => {
    const tag = await aTag();
    const blank = await call('PATCH', `${tag.id}/`, { payload: { title_ky: ' ' }, lang: 'en' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ title_ky: ['Field cannot be blank'] });
    const missing = await call('PATCH', '999999/', { payload: { title_en: 'x' }, lang: 'en' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not found.' });
    const malformed = await call('PATCH', 'abc/', { payload: { title_en: 'x' }, lang: 'en' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ id: ['Enter a whole number'] });
  });
});

describe('bulk status change', () => {
  it('sets every tag given and returns them in the order asked', async () => {
    const a = await aTag();
    const b = await aTag();
    const response = await call('PATCH', 'statuses/', { payload: { ids: [b.id, a.id, b.id], status: 1 } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { ...b, active: false },
      { ...a, active: false },
    ]);
    const back = await call('PATCH', 'statuses/', { payload: { ids: [a.id], status: 0 } });
    expect(back.json<TagBody[]>()[0]?.active).toBe(true);
  });

  it('changes nothing when any id is missing, and names the missing ones', async () => {
    const a = await aTag();
    const response = await call('PATCH', 'statuses/', {
      payload: { ids: [a.id, 999998, 999997], status: 1 },
      lang: 'en',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found: 999997, 999998.' });
    const list = (await call('GET', `?search=${a.id}&active=true`)).json<{ items: TagBody[] }>();
    expect(list.items.map((t) => t.id)).toContain(a.id);
  });

  it('refuses a bad status or an empty list', async () => {
    const response = await call('PATCH', 'statuses/', { payload: { ids: [], status: 2 }, lang: 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ ids: ['Field cannot be blank'], status: ['Select a valid choice'] });
  });
});

describe('deleting a tag', () => {
  it('refuses an active tag with 409 and a localised reason', async () => {
    const tag = await aTag();
    const ru = await call('DELETE', `${tag.id}/`);
    expect(ru.statusCode).toBe(409);
    expect(ru.json()).toEqual({ detail: 'Активный тег нельзя удалить. Сначала деактивируйте его.' });
    const en = await call('DELETE', `${tag.id}/`, { lang: 'en' });
    expect(en.json()).toEqual({ detail: 'An active tag cannot be deleted. Deactivate it first.' });
    expect((await call('GET', `?search=${tag.id}`)).json<{ items: TagBody[] }>().items.map((t) => t.id)).toContain(
      tag.id,
    );
  });

  it('deletes an inactive tag', async () => {
    const tag = await aTag({ active: false });
    const response = await call('DELETE', `${tag.id}/`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await call('DELETE', `${tag.id}/`)).statusCode).toBe(404);
    expect((await call('PATCH', `${tag.id}/`, { payload: { title_en: 'x' } })).statusCode).toBe(404);
  });
});

describe('tags in the OpenAPI document', () => {
  it('describes the calls', async () => {
    expect(Object.keys(await openApiPaths(ctx.app))).toEqual(
      expect.arrayContaining([
        '/api/v1/common/tags/',
        '/api/v1/common/tags/statuses/',
        '/api/v1/common/tags/{id}/',
        '/api/v1/common/surroundings/',
        '/api/v1/common/locations/',
        '/api/v1/stations/connectors-types-positions/',
      ]),
    );
  });
});
