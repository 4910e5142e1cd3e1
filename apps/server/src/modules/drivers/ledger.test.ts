import { eq, sql } from 'drizzle-orm';
import type { Paged } from '@evcms/contracts/common';
import type { BalanceEntry } from '@evcms/contracts/driver-balance';
import type { Driver } from '@evcms/contracts/drivers';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { balanceEntries } from '../../db/schema/drivers.ts';
import { aCharge } from '../../test/builders/charges.ts';
import { aDriver } from '../../test/builders/drivers.ts';
import { apiCalls, useSignedInApp } from '../../test/test-app.ts';
import type { DriverRecord } from './drivers.service.ts';
import { postBalanceEntry } from './ledger.service.ts';

const ctx = useSignedInApp({ name: 'Cashier Aigul' });

const call = apiCalls(ctx, 'users/', { lang: 'en' });
const topUp = (driverId: number, payload: object, lang = 'en') =>
  call('PATCH', `${driverId}/balance/`, { payload, lang });
const ledger = async (query: string, lang = 'en') => {
  const response = await call('GET', `payments/${query}`, { lang });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Paged<BalanceEntry>>();
};

/** The driver's balance and the sum of its entries, read straight from the tables. */
async function balanceAndSum(driverId: number) {
  const [row] = await queryRows<{ balance: string; sum: string; entries: string }>(
    ctx.database.db,
    sql`select d.balance_tyiyn as balance,
               (select coalesce(sum(credit_tyiyn - debit_tyiyn), 0) from balance_entries e where e.driver_id = d.id) as sum,
               (select count(*) from balance_entries e where e.driver_id = d.id) as entries
        from drivers d where d.id = ${driverId}`,
  );
  return { balance: Number(row!.balance), sum: Number(row!.sum), entries: Number(row!.entries) };
}

describe('a manager tops up a balance', () => {
  it('writes exactly one credit entry with the reason, and answers the driver with the new balance', async () => {
    const driver = await aDriver(ctx.database);
    const response = await topUp(driver.id, { amount: '150.10', reason: ' Cash at the office ' });
    expect(response.statusCode).toBe(200);
    expect(response.json<Driver>()).toMatchObject({ id: driver.id, balance: 150.1 });
    expect(await balanceAndSum(driver.id)).toEqual({ balance: 15_010, sum: 15_010, entries: 1 });
    const [entry] = (await ledger(`?user=${driver.id}`)).items;
    expect(entry).toEqual({
      id: expect.any(Number),
      date: expect.any(String),
      driver: {
        id: driver.id,
        name: `${driver.surname} ${driver.firstName}`,
        phone: driver.phone,
        account: driver.account,
      },
      reason: 'Cash at the office',
      method: 'manager_top_up',
      method_name: 'Top-up by a manager',
      debit: 0,
      credit: 150.1,
      deposit: 150.1,
      charge_id: null,
      manager: 'Cashier Aigul',
    });
    expect((await ledger(`?user=${driver.id}`, 'ky')).items[0]!.method_name).toBe('Менеджер толуктаган');

    const again = await topUp(driver.id, { amount: 0.9, reason: 'Rounding' });
    expect(again.json<Driver>().balance).toBe(151);
    expect(await balanceAndSum(driver.id)).toEqual({ balance: 15_100, sum: 15_100, entries: 2 });
    expect((await ledger(`?user=${driver.id}`)).items.map((item) => [item.credit, item.deposit])).toEqual([
      [0.9, 151],
      [150.1, 150.1],
    ]);
  });

  it('refuses a wrong amount or reason, field by field, and changes nothing', async () => {
    const driver = await aDriver(ctx.database);
    const cases: [object, Record<string, string[]>][] = [
      [{}, { amount: ['Top up your balance'], reason: ['Field cannot be blank'] }],
      [{ amount: 10.005, reason: 'x' }, { amount: ['Ensure that there are no more than 2 decimal places'] }],
      [{ amount: -10, reason: 'x' }, { amount: ['Ensure this value is greater than or equal to 0.01'] }],
      [{ amount: 0, reason: 'x' }, { amount: ['Ensure this value is greater than or equal to 0.01'] }],
      [{ amount: 1_000_000.01, reason: 'x' }, { amount: ['Ensure this value is less than or equal to 1000000'] }],
      [
        { amount: true, reason: ['x'] },
        { amount: ['Enter a number'], reason: ['Field cannot be blank'] },
      ],
      [{ amount: 10, reason: ' ' }, { reason: ['Field cannot be blank'] }],
      [{ amount: 10, reason: 'x'.repeat(256) }, { reason: ['Ensure this field has no more than 255 characters'] }],
      [{ amount: 10, reason: 'a\u0000b' }, { reason: ['The text contains a character that cannot be stored (NUL)'] }],
    ];
    for (const [payload, body] of cases) {
      const response = await topUp(driver.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toEqual(body);
    }
    const notObject = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${driver.id}/balance/`,
      headers: { ...ctx.auth, 'accept-language': 'en', 'content-type': 'application/json' },
      payload: '[]',
    });
    expect(notObject.json()).toEqual({ detail: 'The request body is malformed.' });
    expect((await topUp(driver.id, {}, 'ru')).json()).toEqual({
      amount: ['Пополните баланс'],
      reason: ['Поле не может быть пустым'],
    });
    expect(await balanceAndSum(driver.id)).toEqual({ balance: 0, sum: 0, entries: 0 });
  });

  it('answers 404 for an unknown driver, writing nothing', async () => {
    const before = (await ledger('')).total;
    expect((await topUp(999_999, { amount: 10, reason: 'x' })).statusCode).toBe(404);
    expect((await ledger('')).total).toBe(before);
  });
});

describe('postBalanceEntry', () => {
  it('debits below zero (a charge costs what it cost) and keeps the chain', async () => {
    const driver = await aDriver(ctx.database, { balanceTyiyn: 5_000 });
    const charge = await aCharge(ctx.database, { stop: false });
    const posted = await ctx.database.db.transaction((tx) =>
      postBalanceEntry(tx, {
        driverId: driver.id,
        debitTyiyn: 7_550,
        reason: 'Charge 17',
        method: 'charge',
        chargeId: charge.id,
      }),
    );
    expect(posted).toMatchObject({ driverId: driver.id, debitTyiyn: 7_550, creditTyiyn: 0, balanceAfterTyiyn: -2_550 });
    expect(await balanceAndSum(driver.id)).toEqual({ balance: -2_550, sum: -2_550, entries: 2 });
    const [entry] = (await ledger(`?user=${driver.id}`, 'ru')).items;
    expect(entry).toMatchObject({
      method: 'charge',
      method_name: 'Оплата зарядки',
      debit: 75.5,
      credit: 0,
      deposit: -25.5,
      charge_id: charge.id,
      manager: null,
    });
    expect((await call('GET', `${driver.id}/`)).json<Driver>().balance).toBe(-25.5);
  });

  it('debits a charge once: a second debit for the same charge fails and rolls back with its transaction', async () => {
    const driver = await aDriver(ctx.database, { balanceTyiyn: 10_000 });
    const charge = await aCharge(ctx.database, { stop: false });
    const debit = () =>
      ctx.database.db.transaction((tx) =>
        postBalanceEntry(tx, {
          driverId: driver.id,
          debitTyiyn: 1_000,
          reason: 'Charge 900001',
          method: 'charge',
          chargeId: charge.id,
        }),
      );
    await debit();
    await expect(debit()).rejects.toThrow();
    expect(await balanceAndSum(driver.id)).toEqual({ balance: 9_000, sum: 9_000, entries: 2 });
  });

  it('refuses to run outside a transaction, a zero, negative, fractional or double movement, and an unknown driver', async () => {
    const driver = await aDriver(ctx.database);
    const entry = { driverId: driver.id, reason: 'x', method: 'refund' as const };
    await expect(postBalanceEntry(ctx.database.db, { ...entry, creditTyiyn: 100 })).rejects.toThrow(
      /inside the caller's transaction/,
    );
    for (const movement of [
      { creditTyiyn: 0 },
      { debitTyiyn: -5 },
      { creditTyiyn: 1.5 },
      { creditTyiyn: 5, debitTyiyn: 5 },
    ]) {
      await expect(
        ctx.database.db.transaction((tx) => postBalanceEntry(tx, { ...entry, ...movement } as never)),
        JSON.stringify(movement),
      ).rejects.toThrow(RangeError);
    }
    await expect(
      ctx.database.db.transaction((tx) => postBalanceEntry(tx, { ...entry, driverId: 999_999, creditTyiyn: 1 })),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
    expect(await balanceAndSum(driver.id)).toEqual({ balance: 0, sum: 0, entries: 0 });
  });

  it('leaves no entry and no balance change when the caller rolls back', async () => {
    const driver = await aDriver(ctx.database);
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await postBalanceEntry(tx, { driverId: driver.id, creditTyiyn: 500, reason: 'x', method: 'refund' });
        throw new Error('the charge failed later');
      }),
    ).rejects.toThrow('the charge failed later');
    expect(await balanceAndSum(driver.id)).toEqual({ balance: 0, sum: 0, entries: 0 });
  });
});

describe('the ledger list', () => {
  let asanov: DriverRecord;
  let bekova: DriverRecord;
  const booked: Record<string, number> = {};

  /** Entries booked around Bishkek midnight (UTC+6), for two drivers. */
  beforeAll(async () => {
    asanov = await aDriver(ctx.database, { surname: 'Асанов', firstName: 'Бакыт', phone: '996555900100' });
    bekova = await aDriver(ctx.database, { surname: 'Bekova', firstName: 'Aida', phone: '996700900200' });
    const post = (name: string, driverId: number, at: string, creditTyiyn: number) =>
      ctx.database.db
        .transaction((tx) =>
          postBalanceEntry(tx, { driverId, creditTyiyn, reason: name, method: 'online_top_up', at: new Date(at) }),
        )
        .then((entry) => (booked[name] = entry.id));
    await post('late-first', asanov.id, '2030-03-01T17:59:59Z', 100); // 1 March 23:59:59 in Bishkek
    await post('midnight', bekova.id, '2030-03-01T18:00:00Z', 200); // 2 March 00:00:00
    await post('last-second', asanov.id, '2030-03-02T17:59:59.999Z', 300); // 2 March 23:59:59.999
    await post('next-day', bekova.id, '2030-03-02T18:00:00Z', 400); // 3 March 00:00:00
  });

  const names = async (query: string) => (await ledger(query)).items.map((item) => item.reason);

  it('pages the entries newest first', async () => {
    const page = await ledger('?period__from=2030-01-01&size=3');
    expect({ ...page, items: page.items.map((item) => item.reason) }).toEqual({
      items: ['next-day', 'last-second', 'midnight'],
      page: 1,
      pages: 2,
      size: 3,
      total: 4,
    });
    expect(page.items[0]).toMatchObject({
      id: booked['next-day'],
      date: '2030-03-02T18:00:00.000Z',
      credit: 4,
      deposit: 6,
      method_name: 'Online top-up',
    });
  });

  it('filters by period in Bishkek days, both ends included', async () => {
    expect(await names('?period__from=2030-03-02&period__to=2030-03-02')).toEqual(['last-second', 'midnight']);
    expect(await names('?period__from=2030-03-01&period__to=2030-03-01')).toEqual(['late-first']);
    expect(await names('?period__from=2030-03-03')).toEqual(['next-day']);
    expect(await names('?period__from=2030-03-02&period__to=2030-03-01')).toEqual([]);
  });

  it("filters by the driver's name, phone or account, and by driver id", async () => {
    expect(await names('?period__from=2030-01-01&search=бакыт асанов')).toEqual(['last-second', 'late-first']);
    expect(await names(`?period__from=2030-01-01&search=${encodeURIComponent('+996 (700) 900')}`)).toEqual([
      'next-day',
      'midnight',
    ]);
    expect(await names(`?search=${bekova.account}`)).toEqual(['next-day', 'midnight']);
    expect((await ledger(`?search=${bekova.account}`)).total).toBe(2);
    expect(await names(`?user=${asanov.id}&period__to=2030-03-01`)).toEqual(['late-first']);
    expect(await names(`?user=${asanov.id}&search=Bekova`)).toEqual([]);
  });

  it('answers a malformed filter with a 400 naming it', async () => {
    for (const [query, body] of [
      ['period__from=2030-02-30', { period__from: ['Enter a date as YYYY-MM-DD'] }],
      ['period__to=yesterday', { period__to: ['Enter a date as YYYY-MM-DD'] }],
      ['user=abc', { user: ['Enter a whole number'] }],
      ['user=0', { user: ['Ensure this value is greater than or equal to 1'] }],
    ] as const) {
      const response = await call('GET', `payments/?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual(body);
    }
  });

  it('keeps every entry of a driver in the database, balance equal to their sum', async () => {
    expect(await balanceAndSum(asanov.id)).toEqual({ balance: 400, sum: 400, entries: 2 });
    const rows = await ctx.database.db.select().from(balanceEntries).where(eq(balanceEntries.driverId, bekova.id));
    expect(rows.map((row) => row.balanceAfterTyiyn).sort()).toEqual([200, 600]);
  });
});
