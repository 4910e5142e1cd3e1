import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { aDriver } from '../../test/builders/drivers.ts';
import { readCsv, readWorkbook, sheetValues } from '../../test/spreadsheets.ts';
import { useSignedInApp } from '../../test/test-app.ts';
import { driversAfter } from './drivers.repository.ts';

const ctx = useSignedInApp();

const download = (query: string, lang = 'ru') =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1/users/export/${query}`,
    headers: { ...ctx.auth, 'accept-language': lang },
  });

let ids: number[];

beforeAll(async () => {
  const drivers = [
    await aDriver(ctx.database, {
      surname: 'Асанов',
      firstName: 'Бакыт',
      phone: '996555100200',
      platform: 2,
      balanceTyiyn: 15_050,
    }),
    await aDriver(ctx.database, {
      surname: 'Bekova',
      firstName: 'Aida',
      phone: '996700300400',
      email: 'aida@example.kg',
    }),
    await aDriver(ctx.database, {
      surname: '=HYPERLINK("x")',
      firstName: 'Tilek',
      phone: '996555300401',
      blocked: true,
    }),
  ];
  ids = drivers.map((driver) => driver.id);
  // One instant to the microsecond, as drivers registered in one transaction share now().
  await ctx.database.db.execute(
    sql`update drivers set registered_at = '2024-03-01 10:00:00.123456+00' where id in (${sql.join(ids, sql`, `)})`,
  );
});

describe('GET /users/export/', () => {
  it('gives the filtered list as csv with headers in the language asked, Bishkek times and exact money', async () => {
    const response = await download('?format=csv&search=%D0%90%D1%81%D0%B0%D0%BD%D0%BE%D0%B2');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"/);
    // A Russian file opens in columns in a Russian Excel: semicolons and decimal commas.
    const [header, ...rows] = readCsv(response.rawPayload, ';');
    expect(header).toEqual([
      'ID',
      'Лицевой счёт',
      'Фамилия',
      'Имя',
      'Телефон',
      'Эл. почта',
      'Дата регистрации',
      'Баланс, сом',
      'Платформа',
      'Версия приложения',
      'Заблокирован',
    ]);
    expect(rows).toHaveLength(1);
    // A phone is a plain signed number, no formula: it stays as it is, as in the xlsx.
    expect(rows[0]).toMatchObject({
      0: String(ids[0]),
      2: 'Асанов',
      4: '+996555100200',
      6: '2024-03-01 16:00:00',
      7: '150,50',
      8: 'Android',
      10: 'Нет',
    });
    expect(response.body).toContain(`${ids[0]};`);
  });

  it('gives an English csv with commas and decimal points', async () => {
    const response = await download('?format=csv&search=%D0%90%D1%81%D0%B0%D0%BD%D0%BE%D0%B2', 'en');
    const [header, ...rows] = readCsv(response.rawPayload);
    expect(header).toHaveLength(11);
    expect(rows[0]).toMatchObject({ 0: String(ids[0]), 4: '+996555100200', 7: '150.50' });
  });

  it('keeps text that looks like a formula as text', async () => {
    const rows = readCsv((await download('?format=csv&search=hyperlink', 'ky')).rawPayload, ';');
    expect(rows[1]![2]).toBe(`'=HYPERLINK("x")`);
  });

  it('gives xlsx by default, a sheet named in the language asked', async () => {
    const response = await download('', 'en');
    expect(response.statusCode, response.body).toBe(200);
    const sheet = (await readWorkbook(response.rawPayload)).getWorksheet('Users')!;
    const values = sheetValues(sheet);
    expect(values[0]![0]).toBe('ID');
    expect(values.slice(1).map((row) => row[0])).toEqual([...ids].reverse());
    expect(values.at(-1)![4]).toBe('+996555100200');
  });

  it('refuses an unknown format and a malformed filter, naming them', async () => {
    expect((await download('?format=pdf')).json()).toHaveProperty('format');
    expect((await download('?format=csv&registration_date__from=2024-02-30')).json()).toHaveProperty(
      'registration_date__from',
    );
  });

  it('reads batches after the last row by its stored time, so rows of one instant are all exported', async () => {
    const seen: number[] = [];
    let last;
    for (;;) {
      const [row] = await driversAfter(ctx.database.db, {}, last, 1);
      if (!row) break;
      seen.push(row.id);
      last = row;
    }
    expect(seen).toEqual([...ids].reverse());
  });
});
