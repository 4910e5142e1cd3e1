import { describe, expect, it } from 'vitest';
import { useSignedInApp } from '../../test/test-app.ts';

const ctx = useSignedInApp();

interface LocationBody {
  id: number;
  name: string;
  name_ru: string;
  name_en: string;
  name_ky: string;
  country_id?: number;
  district_id?: number | null;
}

function get(url: string, lang?: string) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: { ...ctx.auth, ...(lang && { 'accept-language': lang }) },
  });
}

async function locations(query: string, lang?: string): Promise<LocationBody[]> {
  const response = await get(`/common/locations/?${query}`, lang);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LocationBody[]>();
}

describe('locations', () => {
  it('lists Kyrgyzstan first, then its neighbours, named in the request language', async () => {
    const countries = await locations('location_type=countries');
    expect(countries.map((c) => c.name)).toEqual(['Кыргызстан', 'Казахстан', 'Китай', 'Таджикистан', 'Узбекистан']);
    expect(countries[0]).toEqual({
      id: 1,
      name: 'Кыргызстан',
      name_ru: 'Кыргызстан',
      name_en: 'Kyrgyzstan',
      name_ky: 'Кыргызстан',
    });
    expect((await locations('location_type=countries', 'en')).map((c) => c.name)).toEqual([
      'Kyrgyzstan',
      'China',
      'Kazakhstan',
      'Tajikistan',
      'Uzbekistan',
    ]);
    expect((await locations('location_type=countries', 'ky')).map((c) => c.name)).toContain('Өзбекстан');
  });

  it("lists Kyrgyzstan's seven regions and its two cities of republican significance", async () => {
    const districts = await locations('location_type=districts&country_id=1', 'en');
    expect(districts).toHaveLength(9);
    expect(districts.map((d) => d.name)).toEqual([
      'Batken Region',
      'Bishkek City',
      'Chüy Region',
      'Issyk-Kul Region',
      'Jalal-Abad Region',
      'Naryn Region',
      'Osh City',
      'Osh Region',
      'Talas Region',
    ]);
    expect(districts.every((d) => d.country_id === 1)).toBe(true);
    expect(await locations('location_type=districts&country_id=2')).toEqual([]);
  });

  it('lists towns with their district, filtered by country or district', async () => {
    const kyrgyz = await locations('location_type=settlements&country_id=1', 'en');
    const names = kyrgyz.map((s) => s.name);
    for (const town of [
      'Bishkek',
      'Osh',
      'Jalal-Abad',
      'Karakol',
      'Naryn',
      'Talas',
      'Batken',
      'Cholpon-Ata',
      'Tokmok',
      'Kara-Balta',
      'Uzgen',
      'Kara-Suu',
      'Balykchy',
      'Kant',
      'Kyzyl-Kiya',
      'Kerben',
    ]) {
      expect(names).toContain(town);
    }
    expect(kyrgyz.every((s) => s.country_id === 1 && typeof s.district_id === 'number')).toBe(true);
    const districts = await locations('location_type=districts&country_id=1', 'en');
    const issykKul = districts.find((d) => d.name === 'Issyk-Kul Region')!;
    const lakeside = await locations(`location_type=settlements&district_id=${issykKul.id}`, 'en');
    expect(lakeside.map((s) => s.name)).toEqual(expect.arrayContaining(['Karakol', 'Cholpon-Ata', 'Balykchy']));
    expect(lakeside.map((s) => s.name)).not.toContain('Bishkek');
    const uzgen = kyrgyz.find((s) => s.name === 'Uzgen')!;
    expect(uzgen).toMatchObject({
      name_ru: 'Узген',
      name_ky: 'Өзгөн',
      district_id: districts.find((d) => d.name === 'Osh Region')!.id,
    });
  });

  it("names the neighbours' main cities in three languages, with no district", async () => {
    const kazakh = await locations('location_type=settlements&country_id=2', 'ky');
    expect(kazakh.map((s) => s.name_en)).toEqual(expect.arrayContaining(['Almaty', 'Astana', 'Shymkent', 'Taraz']));
    expect(kazakh.every((s) => s.district_id === null && s.name_ru && s.name_ky)).toBe(true);
    for (const [country, city] of [
      [3, 'Tashkent'],
      [4, 'Dushanbe'],
      [5, 'Kashgar'],
    ] as const) {
      expect((await locations(`location_type=settlements&country_id=${country}`, 'en')).map((s) => s.name)).toContain(
        city,
      );
    }
  });

  it('refuses a bad location type or id with a field error, never a 500', async () => {
    const bad = await get('/common/locations/?location_type=planets&country_id=KG', 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ location_type: ['Select a valid choice'], country_id: ['Enter a whole number'] });
    const missing = await get('/common/locations/', 'en');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ location_type: ['Field cannot be blank'] });
    expect((await get('/common/locations/?location_type=countries&cost=true&country_id=')).statusCode).toBe(200);
  });
});

describe('connector dictionaries', () => {
  it('maps connector type keys to names in the request language', async () => {
    const response = await get('/stations/connectors-types-positions/?info=types', 'en');
    expect(response.statusCode).toBe(200);
    const types = response.json<Record<string, string>>();
    expect(Object.keys(types)).toEqual([
      'type1',
      'type2',
      'ccs1',
      'ccs2',
      'chademo',
      'gbt_ac',
      'gbt_dc',
      'tesla',
      'schuko',
    ]);
    expect(types.ccs2).toBe('CCS Combo 2');
    expect(types.schuko).toBe('Household socket (Schuko)');
    const ru = (await get('/stations/connectors-types-positions/?info=types')).json<Record<string, string>>();
    expect(ru.schuko).toBe('Бытовая розетка (Schuko)');
  });

  it('maps positions 1.. to labels in the request language', async () => {
    const en = (await get('/stations/connectors-types-positions/?info=positions', 'en')).json<Record<string, string>>();
    expect(en).toMatchObject({ 1: 'Left', 2: 'Right', 3: 'Front', 4: 'Back' });
    const ky = (await get('/stations/connectors-types-positions/?info=positions', 'ky')).json<Record<string, string>>();
    expect(ky['1']).toBe('Сол жакта');
  });

  it('refuses an unknown or missing info', async () => {
    const bad = await get('/stations/connectors-types-positions/?info=colours', 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ info: ['Select a valid choice'] });
    expect((await get('/stations/connectors-types-positions/', 'en')).json()).toEqual({
      info: ['Field cannot be blank'],
    });
  });
});
