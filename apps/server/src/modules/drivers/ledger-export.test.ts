import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as BatchedRows from '../../lib/exports/batched-rows.ts';
import { aCharge } from '../../test/builders/charges.ts';
import { aDriver } from '../../test/builders/drivers.ts';
import { readCsv, readWorkbook, sheetValues } from '../../test/spreadsheets.ts';
import { useSignedInApp } from '../../test/test-app.ts';
import { postBalanceEntry, type BalanceEntryInput } from './ledger.service.ts';

// Batches of two, so every export here crosses batch boundaries, one of them between two entries of one instant.
vi.mock('../../lib/exports/batched-rows.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof BatchedRows>()),
  EXPORT_BATCH_SIZE: 2,
}));

const ctx = useSignedInApp({ name: 'Cashier Aigul' });

const download = (query: string, lang = 'ru', headers = ctx.auth) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1/users/payments/export/${query}`,
    headers: { ...headers, 'accept-language': lang },
  });

/** The reasons (each entry's own here) of the csv export with `query`, in the file's order. */
async function reasons(query: string): Promise<string[]> {
  const response = await download(`?format=csv&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return readCsv(response.rawPayload, ';')
    .slice(1)
    .map((row) => row[4]!);
}

let asanov: Awaited<ReturnType<typeof aDriver>>;
let bekova: Awaited<ReturnType<typeof aDriver>>;
let chargeId: number;

const post = (input: BalanceEntryInput) => ctx.database.db.transaction((tx) => postBalanceEntry(tx, input));

/*
 * Entries around Bishkek midnight (UTC+6): 18:00 UTC is already the next day there. Newest first:
 * the charge (#n, 2 March 10:30), 'second' and 'first' at one instant to the microsecond (1 March
 * 23:30, written in this order), 'cash' (1 March 23:00), 'old' (29 February 12:00).
 */
beforeAll(async () => {
  asanov = await aDriver(ctx.database, { surname: 'Асанов', firstName: 'Бакыт', phone: '996555100200' });
  bekova = await aDriver(ctx.database, { surname: 'Bekova', firstName: 'Aida', phone: '996700300400' });
  await post({
    driverId: bekova.id,
    creditTyiyn: 5_000,
    reason: 'old',
    method: 'manager_top_up',
    at: new Date('2024-02-29T06:00:00Z'),
  });
  await post({
    driverId: asanov.id,
    creditTyiyn: 150_050,
    reason: 'cash',
    method: 'manager_top_up',
    at: new Date('2024-03-01T17:00:00Z'),
  });
  const first = await post({
    driverId: asanov.id,
    creditTyiyn: 1_000,
    reason: 'first',
    method: 'online_top_up',
    at: new Date('2024-03-01T17:30:00Z'),
  });
  const second = await post({
    driverId: bekova.id,
    creditTyiyn: 2_000,
    reason: 'second',
    method: 'refund',
    at: new Date('2024-03-01T17:30:00Z'),
  });
  // One instant to the microsecond, which a JS Date would cut to the millisecond.
  await ctx.database.db.execute(
    sql`update balance_entries set created_at = '2024-03-01 17:30:00.123456+00' where id in (${first.id}, ${second.id})`,
  );
  // 10 kWh at 10.00 som, debited at the finish.
  chargeId = (
    await aCharge(ctx.database, {
      driverId: asanov.id,
      startedAt: new Date('2024-03-02T03:30:00Z'),
      finishedAt: new Date('2024-03-02T04:30:00Z'),
    })
  ).id;
});

describe('GET /users/payments/export/', () => {
  it('gives the ledger as csv with headers in the language asked, Bishkek times, som and method names', async () => {
    const response = await download('?format=csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, ...rows] = readCsv(response.rawPayload, ';');
    expect(header).toEqual([
      'Дата',
      'Лицевой счёт',
      'Пользователь',
      'Телефон',
      'Основание',
      'Способ',
      'Списание, сом',
      'Зачисление, сом',
      'Остаток, сом',
    ]);
    // Newest first; of one instant the later entry first, each in its own batch of two.
    expect(rows.map((row) => row[4])).toEqual([`#${chargeId}`, 'second', 'first', 'cash', 'old']);
    expect(rows[0]).toEqual([
      '2024-03-02 10:30:00',
      asanov.account,
      'Асанов Бакыт',
      '+996555100200',
      `#${chargeId}`,
      'Оплата зарядки',
      '100,00',
      '0,00',
      '1410,50',
    ]);
    expect(rows[3]).toEqual([
      '2024-03-01 23:00:00',
      asanov.account,
      'Асанов Бакыт',
      '+996555100200',
      'cash',
      'Пополнение менеджером',
      '0,00',
      '1500,50',
      '1500,50',
    ]);
    expect(rows[1]).toMatchObject({ 0: '2024-03-01 23:30:00', 2: 'Bekova Aida', 5: 'Возврат', 7: '20,00', 8: '70,00' });
    const en = readCsv((await download('?format=csv', 'en')).rawPayload);
    expect(en[1]).toEqual([
      '2024-03-02 10:30:00',
      asanov.account,
      'Асанов Бакыт',
      '+996555100200',
      `#${chargeId}`,
      'Charge payment',
      '100.00',
      '0.00',
      '1410.50',
    ]);
  });

  it('gives xlsx by default, a sheet and headers in the language asked, money as numbers', async () => {
    const response = await download('', 'en');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const values = sheetValues((await readWorkbook(response.rawPayload)).getWorksheet('Balance operations')!);
    expect(values[0]).toEqual([
      'Date',
      'Account',
      'User',
      'Phone',
      'Reason',
      'Method',
      'Debit, som',
      'Credit, som',
      'Deposit, som',
    ]);
    expect(values.slice(1).map((row) => row[4])).toEqual([`#${chargeId}`, 'second', 'first', 'cash', 'old']);
    expect(values[1]).toEqual([
      new Date('2024-03-02T10:30:00Z'),
      asanov.account,
      'Асанов Бакыт',
      '+996555100200',
      `#${chargeId}`,
      'Charge payment',
      100,
      0,
      1410.5,
    ]);
    const ky = sheetValues(
      (await readWorkbook((await download('', 'ky')).rawPayload)).getWorksheet('Баланс боюнча операциялар')!,
    );
    expect([ky[0]![0], ky[3]![5]]).toEqual(['Күнү', 'Онлайн толуктоо']);
  });

  it('applies each of the ledger’s filters', async () => {
    expect(await reasons(`user=${bekova.id}`)).toEqual(['second', 'old']);
    expect(await reasons('search=%D0%B0%D1%81%D0%B0%D0%BD%D0%BE%D0%B2')).toEqual([`#${chargeId}`, 'first', 'cash']);
    expect(await reasons(`search=${asanov.account}`)).toEqual([`#${chargeId}`, 'first', 'cash']);
    expect(await reasons('period__from=2024-03-02')).toEqual([`#${chargeId}`]);
    expect(await reasons('period__to=2024-03-01')).toEqual(['second', 'first', 'cash', 'old']);
    expect(await reasons(`period__from=2024-03-01&period__to=2024-03-01&user=${asanov.id}`)).toEqual(['first', 'cash']);
    expect(await reasons('period__from=2024-03-03')).toEqual([]);
  });

  it('refuses an unknown format and a malformed filter with a 400 naming them', async () => {
    for (const [query, field] of [
      ['format=pdf', 'format'],
      ['period__from=2024-02-30', 'period__from'],
      ['period__to=03.03.2024', 'period__to'],
      ['user=-1', 'user'],
    ]) {
      const response = await download(`?${query}`, 'en');
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json()), query).toContain(field);
    }
  });

  it('answers 401 without a token', async () => {
    expect((await download('?format=csv', 'ru', {})).statusCode).toBe(401);
  });
});
