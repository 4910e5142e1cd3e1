import { DRIVER_ID_TAGS_MAX, type DriverIdTag } from '@evcms/contracts/drivers';
import { describe, expect, it } from 'vitest';
import { aDriver, aDriverRequest } from '../../test/builders/drivers.ts';
import { apiCalls, useSignedInApp } from '../../test/test-app.ts';
import { findDriverByIdTag } from './id-tags.service.ts';

const ctx = useSignedInApp();

const call = apiCalls(ctx, 'users/', { lang: 'en' });

describe("a driver's id tags", () => {
  it('binds tags, lists them oldest first and shows them on the driver', async () => {
    const driver = await aDriver(ctx.database);
    const first = await call('POST', `${driver.id}/id-tags/`, { payload: { id_tag: ' 04A2B3C4D5 ' } });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(Number),
      id_tag: '04A2B3C4D5',
      blocked: false,
      created_at: expect.any(String),
    });
    const second = (
      await call('POST', `${driver.id}/id-tags/`, { payload: { id_tag: 'app-token-7' } })
    ).json<DriverIdTag>();
    const listed = await call('GET', `${driver.id}/id-tags/`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([first.json(), second]);
    expect((await call('GET', `${driver.id}/`)).json().id_tags).toEqual([first.json(), second]);
  });

  it('refuses a tag another driver holds, in any case, naming the tag and its account', async () => {
    const holder = await aDriver(ctx.database, { idTags: ['CARD-0001'] });
    const driver = await aDriver(ctx.database);
    const duplicate = await call('POST', `${driver.id}/id-tags/`, { payload: { id_tag: 'card-0001' } });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toEqual({
      id_tag: [`The id tag "CARD-0001" already belongs to the driver with account ${holder.account}`],
    });
    const own = await call('POST', `${holder.id}/id-tags/`, { payload: { id_tag: 'Card-0001' }, lang: 'ru' });
    expect(own.json()).toEqual({
      id_tag: [`Идентификатор «CARD-0001» уже принадлежит пользователю с лицевым счётом ${holder.account}`],
    });
    const onCreate = await call('POST', '', { payload: aDriverRequest({ id_tag: 'CARD-0001' }) });
    expect(onCreate.statusCode).toBe(400);
    expect(onCreate.json()).toEqual(duplicate.json());
  });

  it('binds a tag to one driver only when managers bind it at once', async () => {
    const drivers = await Promise.all(Array.from({ length: 6 }, () => aDriver(ctx.database)));
    const answers = await Promise.all(
      drivers.map((driver, n) =>
        call('POST', `${driver.id}/id-tags/`, { payload: { id_tag: n % 2 ? 'RACE-TAG' : 'race-tag' } }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400, 400, 400, 400, 400]);
    const winner = drivers[answers.findIndex((answer) => answer.statusCode === 201)]!;
    for (const answer of answers.filter((a) => a.statusCode === 400)) {
      expect(answer.json().id_tag[0]).toContain(`account ${winner.account}`);
    }
  });

  it('blocks and unblocks a tag of the driver, and only of that driver', async () => {
    const driver = await aDriver(ctx.database, { idTags: ['BLOCK-ME'] });
    const other = await aDriver(ctx.database);
    const [tag] = (await call('GET', `${driver.id}/id-tags/`)).json<DriverIdTag[]>();
    const blocked = await call('PATCH', `${driver.id}/id-tags/${tag!.id}/`, { payload: { blocked: true } });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toEqual({ ...tag, blocked: true });
    expect((await call('PATCH', `${driver.id}/id-tags/${tag!.id}/`, { payload: { blocked: false } })).json()).toEqual({
      ...tag,
      blocked: false,
    });
    expect((await call('PATCH', `${other.id}/id-tags/${tag!.id}/`, { payload: { blocked: true } })).statusCode).toBe(
      404,
    );
    expect((await call('PATCH', `${driver.id}/id-tags/999999/`, { payload: { blocked: true } })).statusCode).toBe(404);
    const malformed = await call('PATCH', `${driver.id}/id-tags/x/`, { payload: { blocked: 'yes' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ tagId: ['Enter a whole number'] });
    expect((await call('PATCH', `${driver.id}/id-tags/${tag!.id}/`, { payload: { blocked: 'yes' } })).json()).toEqual({
      blocked: ['Enter a valid value'],
    });
  });

  it('answers 404 for the tags of an unknown driver, and names a malformed tag', async () => {
    expect((await call('GET', '999999/id-tags/')).statusCode).toBe(404);
    expect((await call('POST', '999999/id-tags/', { payload: { id_tag: 'NOBODY-1' } })).statusCode).toBe(404);
    const driver = await aDriver(ctx.database);
    for (const [idTag, message] of [
      ['', 'Field cannot be blank'],
      ['with space', 'An id tag is 1 to 20 Latin letters, digits or symbols, without spaces'],
      ['x'.repeat(21), 'An id tag is 1 to 20 Latin letters, digits or symbols, without spaces'],
      [42, 'An id tag is 1 to 20 Latin letters, digits or symbols, without spaces'],
    ] as const) {
      const response = await call('POST', `${driver.id}/id-tags/`, { payload: { id_tag: idTag } });
      expect(response.statusCode, String(idTag)).toBe(400);
      expect(response.json()).toEqual({ id_tag: [message] });
    }
  });

  it(`holds at most ${DRIVER_ID_TAGS_MAX} tags per driver`, async () => {
    const driver = await aDriver(ctx.database, {
      idTags: Array.from({ length: DRIVER_ID_TAGS_MAX }, (_, n) => `MANY-${n}`),
    });
    const response = await call('POST', `${driver.id}/id-tags/`, { payload: { id_tag: 'ONE-MORE' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ id_tag: [`A driver can have at most ${DRIVER_ID_TAGS_MAX} id tags`] });
  });
});

describe('findDriverByIdTag (for Authorize)', () => {
  it('finds the driver ignoring case, with the blocked flags and the balance', async () => {
    const driver = await aDriver(ctx.database, { idTags: ['AuthTag-1'], balanceTyiyn: 25_050 });
    const [tag] = (await call('GET', `${driver.id}/id-tags/`)).json<DriverIdTag[]>();
    expect(await findDriverByIdTag(ctx.database.db, 'AUTHTAG-1')).toEqual({
      driverId: driver.id,
      idTagId: tag!.id,
      idTag: 'AuthTag-1',
      tagBlocked: false,
      driverBlocked: false,
      balanceTyiyn: 25_050,
    });
    await call('PATCH', `${driver.id}/id-tags/${tag!.id}/`, { payload: { blocked: true } });
    await call('PATCH', `${driver.id}/`, { payload: { blocked: true } });
    expect(await findDriverByIdTag(ctx.database.db, 'authtag-1')).toMatchObject({
      tagBlocked: true,
      driverBlocked: true,
    });
    expect(await findDriverByIdTag(ctx.database.db, 'UNKNOWN-TAG')).toBeUndefined();
  });
});
