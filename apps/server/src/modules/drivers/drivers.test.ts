import { eq } from 'drizzle-orm';
import type { Driver } from '@evcms/contracts/drivers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newsEvents } from '../../db/schema/news.ts';
import { aDriver, aDriverRequest } from '../../test/builders/drivers.ts';
import { apiCalls, useSignedInApp } from '../../test/test-app.ts';
import { isValidAccountNumber } from './drivers.rules.ts';

const ctx = useSignedInApp();

const call = apiCalls(ctx, 'users/', { lang: 'en' });

afterEach(() => {
  vi.useRealTimers();
});

describe('registering a driver', () => {
  it('registers a card customer with an account number, a zero balance and the first id tag', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-06-15T04:00:00Z'));
    const response = await call('POST', '', {
      payload: aDriverRequest({
        surname: ' Асанов ',
        first_name: 'Бакыт',
        phone: '+996 (555) 00-11-22',
        email: 'Bakyt@Example.kg',
        gender: 'male',
        birthday: '1990-06-15',
        car: { make: 'Tesla', model: 'Model 3', year: 2021, colour: 'white' },
        licence: 'AB123456',
        id_tag: '04A2B3C4',
      }),
    });
    expect(response.statusCode).toBe(201);
    const driver = response.json<Driver>();
    expect(driver).toEqual({
      id: expect.any(Number),
      account: expect.stringMatching(/^\d{8}$/),
      surname: 'Асанов',
      first_name: 'Бакыт',
      phone: '996555001122',
      email: 'bakyt@example.kg',
      registered_at: '2024-06-15T04:00:00.000Z',
      balance: 0,
      platform: null,
      app_version: null,
      blocked: false,
      gender: 'male',
      birthday: '1990-06-15',
      age: 34,
      car: { make: 'Tesla', model: 'Model 3', year: 2021, colour: 'white' },
      licence: 'AB123456',
      id_tags: [{ id: expect.any(Number), id_tag: '04A2B3C4', blocked: false, created_at: expect.any(String) }],
      referral_code: expect.stringMatching(/^[0-9A-F]{8}$/),
      invited_by: null,
    });
    expect(isValidAccountNumber(driver.account)).toBe(true);
    expect((await call('GET', `${driver.id}/`)).json()).toEqual(driver);
    const news = await ctx.database.db.select().from(newsEvents).where(eq(newsEvents.subjectId, driver.id));
    expect(news.filter((event) => event.kind === 'user_created').map((event) => event.titleRu)).toEqual([
      'Асанов Бакыт',
    ]);
  });

  it('answers optional facts left out as null, and gives every driver its own account', async () => {
    const first = (await call('POST', '', { payload: aDriverRequest() })).json<Driver>();
    const second = (await call('POST', '', { payload: aDriverRequest() })).json<Driver>();
    expect(first).toMatchObject({ email: null, gender: null, birthday: null, age: null, licence: null, id_tags: [] });
    expect(first.car).toEqual({ make: null, model: null, year: null, colour: null });
    expect(second.account).not.toBe(first.account);
  });

  it('refuses a phone another driver has, also when two registrations race', async () => {
    const holder = await aDriver(ctx.database);
    const taken = await call('POST', '', { payload: aDriverRequest({ phone: holder.phone }) });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ phone: ['A driver with this phone number is already registered'] });

    const phone = aDriverRequest().phone;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call('POST', '', { payload: aDriverRequest({ phone }), lang: 'ru' })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400, 400, 400, 400, 400, 400, 400]);
    for (const answer of answers.filter((a) => a.statusCode === 400)) {
      expect(answer.json()).toEqual({ phone: ['Пользователь с таким номером телефона уже зарегистрирован'] });
    }
  });

  it('names each wrong field, in the request language', async () => {
    const response = await call('POST', '', {
      payload: {
        surname: 42,
        first_name: '',
        phone: '123',
        email: 'x',
        gender: 'x',
        birthday: '2020-13-01',
        car: 'red',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      surname: ['Field cannot be blank'],
      first_name: ['Field cannot be blank'],
      phone: ['Please enter correct phone number format'],
      email: ['Your email address is not valid'],
      gender: ['Select a valid choice'],
      birthday: ['Enter a date as YYYY-MM-DD'],
      car: ['Enter a valid value'],
    });
    const ru = await call('POST', '', { payload: { ...aDriverRequest(), surname: '' }, lang: 'ru' });
    expect(ru.json()).toEqual({ surname: ['Поле не может быть пустым'] });
  });

  it('answers a body that is not an object, or carries NUL, with a 400', async () => {
    for (const body of [null, [], 'x', 1]) {
      const response = await call('POST', '', { payload: body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ detail: 'The request body is malformed.' });
    }
    const nul = await call('POST', '', { payload: aDriverRequest({ surname: 'A\u0000B' }) });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ surname: ['The text contains a character that cannot be stored (NUL)'] });
  });
});

describe('reading and changing a driver', () => {
  it('answers 404 for an unknown driver and 400 for a malformed id', async () => {
    expect((await call('GET', '999999/')).statusCode).toBe(404);
    expect((await call('PATCH', '999999/', { payload: { blocked: true } })).statusCode).toBe(404);
    const malformed = await call('GET', 'abc/');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ id: ['Enter a whole number'] });
  });

  it('counts the age in Bishkek: the birthday starts at midnight there, not in UTC', async () => {
    const driver = await aDriver(ctx.database, { birthday: '2000-03-02' });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-03-01T17:59:59Z')); // 1 March, 23:59:59 in Bishkek
    expect((await call('GET', `${driver.id}/`)).json<Driver>().age).toBe(23);
    vi.setSystemTime(new Date('2024-03-01T18:00:00Z')); // 2 March, 00:00 in Bishkek
    expect((await call('GET', `${driver.id}/`)).json<Driver>().age).toBe(24);
  });

  it('blocks and unblocks a driver, changing nothing else', async () => {
    const driver = await aDriver(ctx.database, { email: 'keep@example.kg', platform: 2, appVersion: '3.1.0' });
    const blocked = await call('PATCH', `${driver.id}/`, { payload: { blocked: true } });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({
      blocked: true,
      email: 'keep@example.kg',
      platform: 2,
      app_version: '3.1.0',
      surname: driver.surname,
    });
    expect((await call('PATCH', `${driver.id}/`, { payload: { blocked: false } })).json()).toMatchObject({
      blocked: false,
    });
  });

  it('changes the facts sent: the car as a whole, null clearing one', async () => {
    const driver = (
      await call('POST', '', {
        payload: aDriverRequest({ email: 'a@b.kg', car: { make: 'BYD', model: 'Han', year: 2022 } }),
      })
    ).json<Driver>();
    const changed = await call('PATCH', `${driver.id}/`, {
      payload: {
        surname: 'Новая',
        email: null,
        car: { make: 'Zeekr' },
        gender: 'female',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      surname: 'Новая',
      first_name: driver.first_name,
      email: null,
      gender: 'female',
      car: { make: 'Zeekr', model: null, year: null, colour: null },
    });
    expect((await call('PATCH', `${driver.id}/`, { payload: { car: null } })).json<Driver>().car).toEqual({
      make: null,
      model: null,
      year: null,
      colour: null,
    });
  });

  it('refuses a phone another driver has on an edit, and takes the driver own one', async () => {
    const [driver, other] = [await aDriver(ctx.database), await aDriver(ctx.database)];
    const taken = await call('PATCH', `${driver.id}/`, { payload: { phone: other.phone } });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ phone: ['A driver with this phone number is already registered'] });
    expect((await call('PATCH', `${driver.id}/`, { payload: { phone: driver.phone } })).statusCode).toBe(200);
  });

  it('does not let an edit set the balance, the account or what the app reports', async () => {
    const driver = await aDriver(ctx.database);
    const response = await call('PATCH', `${driver.id}/`, {
      payload: {
        balance: 1000,
        account: '1',
        platform: 1,
        app_version: 'x',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ balance: 0, account: driver.account, platform: null, app_version: null });
  });
});
