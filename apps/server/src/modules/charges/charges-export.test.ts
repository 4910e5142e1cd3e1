import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as CopiedText from '../../db/copied-text.ts';
import type * as BatchedRows from '../../lib/exports/batched-rows.ts';
import { aCharge, aChargePoint } from '../../test/builders/charges.ts';
import { filterCharges, type FilterCharges } from '../../test/charge-fixtures.ts';
import { readCsv, readWorkbook, sheetValues } from '../../test/spreadsheets.ts';
import { openApiPaths, useSignedInApp } from '../../test/test-app.ts';
import { registerDiscountFor } from './charge-discounts.service.ts';
import type { ChargeRow } from './charge-lifecycle.service.ts';
import { localizedSelection } from '../../db/schema/localized.ts';
import { promotions } from '../../db/schema/promotions.ts';
import { aPromotionRow } from '../../test/builders/promotions.ts';

// Batches of two, so every export here crosses batch boundaries, one of them between two charges of one instant.
vi.mock('../../lib/exports/batched-rows.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof BatchedRows>()),
  EXPORT_BATCH_SIZE: 2,
}));
// On PostgreSQL the export is one COPY read: batches of two there too, each with its drivers' lookup.
vi.mock('../../db/copied-text.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof CopiedText>()),
  COPY_BATCH_SIZE: 2,
}));

const ctx = useSignedInApp();

const download = (query: string, lang = 'ru', headers = ctx.auth) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1/users/transactions/export/${query}`,
    headers: { ...headers, 'accept-language': lang },
  });

/** The charge numbers of the csv export with `query`, in the file's order. */
async function numbers(query: string): Promise<number[]> {
  const response = await download(`?format=csv&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return readCsv(response.rawPayload, ';')
    .slice(1)
    .map((row) => Number(row[0]));
}

/* The charges of test/charge-fixtures.ts, around Bishkek midnight (UTC+6): the filters' days and times are Bishkek's. */
let { stationA, stationB, driverId, c1, c2, c3, c4, c5 } = {} as FilterCharges;
beforeAll(async () => {
  ({ stationA, stationB, driverId, c1, c2, c3, c4, c5 } = await filterCharges(ctx.database));
  // One instant to the microsecond, which a JS Date would cut to the millisecond.
  await ctx.database.db.execute(
    sql`update charges set started_at = '2024-03-01 17:00:00.123456+00' where id in (${c1.id}, ${c2.id})`,
  );
});

describe('GET /users/transactions/export/', () => {
  it('gives 12 exports asked at once each whole, more than the database connections, while the list still answers', async () => {
    const [files, list] = await Promise.all([
      Promise.all(Array.from({ length: 12 }, () => download('?format=csv'))),
      ctx.app.inject({ method: 'GET', url: '/api/v1/users/transactions/', headers: ctx.auth }),
    ]);
    expect(list.statusCode).toBe(200);
    // All alike but the open charge's duration, which runs to each export's own moment.
    const rowsOf = (file: (typeof files)[number]) =>
      readCsv(file.rawPayload, ';').map((row) => row.filter((_, column) => column !== 9));
    for (const file of files) {
      expect(file.statusCode, file.body).toBe(200);
      expect(rowsOf(file)).toEqual(rowsOf(files[0]!));
    }
    expect(readCsv(files[0]!.rawPayload, ';')).toHaveLength(6);
  });

  it('gives the list as csv with headers in the language asked, Bishkek times, kWh, som and names', async () => {
    const response = await download('?format=csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    // Semicolons and decimal commas, so a Russian Excel opens it in columns with numbers.
    const [header, ...rows] = readCsv(response.rawPayload, ';');
    expect(header).toEqual([
      '№',
      'Пользователь',
      'Телефон',
      'ID-метка',
      'Станция',
      'Коннектор',
      'Тип коннектора',
      'Начало',
      'Окончание',
      'Длительность',
      'Потребление, кВт·ч',
      'Цена за 1 кВт·ч, сом',
      'Сумма, сом',
      'Скидка, сом',
      'Акция',
      'Итого, сом',
      'Способ оплаты',
      'Статус',
      'Результат',
      'Причина остановки',
    ]);
    // Newest start first; c2 and c1 share their start, so the higher number first, each in its own batch of two.
    expect(rows.map((row) => Number(row[0]))).toEqual([c5.id, c4.id, c3.id, c2.id, c1.id]);
    expect(rows[2]).toEqual([
      String(c3.id),
      'Асанов Бакыт',
      '+996555100200',
      c3.idTag,
      'Dordoi ru',
      '1',
      'CCS Combo 2',
      '2024-03-02 09:00:00',
      '2024-03-02 10:30:00',
      '1:30:00',
      '12,345',
      '10,00',
      '123,45',
      '0,00',
      '',
      '123,45',
      'Личный баланс',
      'Завершена',
      'Успешно',
      'Автомобиль отключён',
    ]);
    // Unauthorized: no driver, price, finish or payment; failed.
    expect(rows[0]).toMatchObject({
      1: '',
      2: '',
      3: 'STRANGER',
      8: '',
      9: '',
      11: '',
      14: '',
      16: '',
      17: 'Не авторизована',
      18: 'Неуспешно',
    });
    // Open: its duration runs to the export, no result yet.
    expect(rows[1]).toMatchObject({ 8: '', 15: '0,00', 17: 'Идёт зарядка', 18: '' });
    expect(rows[1]![9]).toMatch(/^\d+:\d{2}:\d{2}$/);
    expect(rows[3]).toMatchObject({
      7: '2024-03-01 23:00:00',
      8: '2024-03-02 00:00:00',
      11: '12,50',
      17: 'Остановлена',
      19: 'Остановлена удалённо',
    });
  });

  it('gives an English csv with commas and decimal points, a Kyrgyz one as the Russian', async () => {
    const en = readCsv((await download('?format=csv', 'en')).rawPayload);
    expect(en[0]).toHaveLength(20);
    expect(en[3]).toMatchObject({
      0: String(c3.id),
      2: '+996555100200',
      10: '12.345',
      11: '10.00',
      12: '123.45',
      17: 'Finished',
      19: 'Vehicle disconnected',
    });
    const ky = readCsv((await download('?format=csv', 'ky')).rawPayload, ';');
    expect(ky[3]).toMatchObject({
      0: String(c3.id),
      2: '+996555100200',
      10: '12,345',
      17: 'Аяктады',
      19: 'Унаа ажыратылды',
    });
  });

  it('gives xlsx by default, a sheet and headers in the language asked, numbers as numbers', async () => {
    const response = await download('', 'en');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const values = sheetValues((await readWorkbook(response.rawPayload)).getWorksheet('Charges')!);
    expect(values[0]!.slice(0, 4)).toEqual(['No.', 'User', 'Phone', 'Id tag']);
    expect(values.slice(1).map((row) => row[0])).toEqual([c5.id, c4.id, c3.id, c2.id, c1.id]);
    const row = values[3]!;
    expect([row[2], row[6], row[7], row[10], row[11], row[15], row[16], row[17], row[18]]).toEqual([
      '+996555100200',
      'CCS Combo 2',
      new Date('2024-03-02T09:00:00Z'),
      12.345,
      10,
      123.45,
      'Personal balance',
      'Finished',
      'Successful',
    ]);
    expect(row[19]).toBe('Vehicle disconnected');
    const ky = sheetValues((await readWorkbook((await download('', 'ky')).rawPayload)).getWorksheet('Кубаттоолор')!);
    expect(ky[3]![17]).toBe('Аяктады');
  });

  it('applies each of the list’s filters', async () => {
    expect(await numbers(`search_by_tx_id=${c2.id}`)).toEqual([c2.id]);
    expect(await numbers(`station_id__in=${stationA.id}`)).toEqual([c5.id, c2.id, c1.id]);
    expect(await numbers(`station_id__in=${stationB.id}&station_id__in=${stationA.id}`)).toHaveLength(5);
    expect(await numbers('status=finished,stopped')).toEqual([c3.id, c2.id, c1.id]);
    expect(await numbers('period__from=2024-03-02')).toEqual([c5.id, c4.id, c3.id]);
    expect(await numbers('period__to=2024-03-01')).toEqual([c2.id, c1.id]);
    expect(await numbers('finished_date__from=2024-03-02&finished_date__to=2024-03-02')).toEqual([c3.id, c2.id]);
    expect(await numbers('finished_time__from=23:59:59&finished_time__to=00:00:00')).toEqual([c2.id, c1.id]);
    expect(await numbers(`user=${driverId}`)).toEqual([c4.id, c3.id]);
    expect(await numbers(`user=${driverId}&status=finished`)).toEqual([c3.id]);
    expect(await numbers('status=pause')).toEqual([]);
    expect(await numbers('source=card')).toEqual([c5.id, c3.id, c1.id]);
    expect(await numbers('source=back_office,app&period__from=2024-03-02')).toEqual([c4.id]);
  });

  it('refuses an unknown format and a malformed filter with a 400 naming them', async () => {
    for (const [query, field] of [
      ['format=pdf', 'format'],
      ['status=done', 'status'],
      ['station_id__in=1,x', 'station_id__in'],
      ['finished_time__from=24:00:00', 'finished_time__from'],
      ['period__to=2024-02-30', 'period__to'],
      ['source=card,phone', 'source'],
      ['promotion_id__in=1,x', 'promotion_id__in'],
    ]) {
      const response = await download(`?${query}`, 'en');
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json()), query).toContain(field);
    }
  });

  it('answers 401 without a token', async () => {
    expect((await download('?format=csv', 'ru', {})).statusCode).toBe(401);
  });

  it('is in the API document with the list’s filters and the format, the ledger’s export too', async () => {
    const paths = await openApiPaths<{ get: { parameters: { name: string }[] } }>(ctx.app);
    const names = (path: string) => paths[path]!.get.parameters.map((parameter) => parameter.name);
    expect(names('/api/v1/users/transactions/export/')).toEqual(
      expect.arrayContaining(['format', 'status', 'station_id__in', 'finished_time__to', 'user']),
    );
    expect(names('/api/v1/users/transactions/export/')).not.toContain('page');
    expect(names('/api/v1/users/payments/export/')).toEqual(
      expect.arrayContaining(['format', 'period__from', 'search', 'user']),
    );
  });

  // On PGlite both files are csv.ts's and xlsx's of the batched read; on PostgreSQL the csv is charges-export-csv.ts's and the xlsx of the COPY read.
  it('writes a promotion’s discount and name in csv and xlsx as the charge holds it: amount, discount, promotion, total', async () => {
    const station = await aChargePoint(ctx.database);
    const promotionId = await aPromotionRow(ctx.database);
    const restore = registerDiscountFor(async (_db, charge) =>
      charge.stationId === station.id ? { promotionId, discountTyiyn: charge.amountTyiyn / 5 } : null,
    );
    let discounted: ChargeRow;
    try {
      // 10 kWh at 10.00 som, a fifth off.
      discounted = await aCharge(ctx.database, { station, startedAt: new Date('2024-02-01T10:00:00Z') });
    } finally {
      registerDiscountFor(restore);
    }
    expect(discounted).toMatchObject({ amountTyiyn: 10_000, discountTyiyn: 2_000, totalTyiyn: 8_000, promotionId });
    const [named] = await ctx.database.db
      .select({ title: localizedSelection(promotions, 'title') })
      .from(promotions)
      .where(eq(promotions.id, promotionId));
    const title = named!.title;
    const csv = readCsv((await download(`?format=csv&promotion_id__in=${promotionId}`, 'en')).rawPayload);
    expect(csv[0]!.slice(13, 16)).toEqual(['Discount, som', 'Promotion', 'Total, som']);
    expect(csv.slice(1).map((row) => row.slice(10, 17))).toEqual([
      ['10.000', '10.00', '100.00', '20.00', title.en, '80.00', 'Personal balance'],
    ]);
    const ru = readCsv((await download(`?format=csv&promotion_id__in=${promotionId}`, 'ru')).rawPayload, ';');
    expect([ru[0]![14], ru[1]![14]]).toEqual(['Акция', title.ru]);
    const xlsx = sheetValues(
      (await readWorkbook((await download(`?promotion_id__in=${promotionId}`, 'ky')).rawPayload)).getWorksheet(
        'Кубаттоолор',
      )!,
    );
    expect(xlsx[0]![14]).toBe('Акция');
    expect(xlsx.slice(1).map((row) => row.slice(10, 17))).toEqual([[10, 10, 100, 20, title.ky, 80, 'Жеке баланс']]);
    // A charge without a promotion leaves the cell empty in both.
    const plain = readCsv((await download(`?format=csv&search_by_tx_id=${c3.id}`, 'en')).rawPayload);
    expect(plain[1]![14]).toBe('');
  });
});
