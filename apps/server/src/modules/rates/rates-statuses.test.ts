import type { ConnectorType } from '@evcms/contracts/catalog';
import type { Paged } from '@evcms/contracts/common';
import type { Rate } from '@evcms/contracts/rates';
import { describe, expect, it } from 'vitest';
import { aMerchant } from '../../test/builders/merchants.ts';
import { aRate, aRateRequest } from '../../test/builders/rates.ts';
import { apiCalls, useSignedInApp } from '../../test/test-app.ts';

/*
 * Status changes and the rule they keep: at most one active default rate per connector type, and
 * at most one active personal rate per merchant and connector type. Each test uses its own
 * connector type (or merchants), since the file shares one database.
 */
const ctx = useSignedInApp();

const call = apiCalls(ctx, 'payments/', { lang: 'en' });

const setStatuses = (changes: { id: number; status: number }[], lang = 'en') =>
  call('PATCH', '', { payload: changes, lang });

async function activeIds(typo: ConnectorType, isDefault = true): Promise<number[]> {
  const page = (await call('GET', `?typo=${typo}&active=true&default=${isDefault}&size=100`)).json<Paged<Rate>>();
  return page.items.map((item) => item.id);
}

describe('bulk status change', () => {
  it('changes every rate sent and answers them in the order sent', async () => {
    const a = await aRate(ctx.database, { typo: 'type1' });
    const b = await aRate(ctx.database, { typo: 'ccs1' });
    const response = await setStatuses([
      { id: b.id, status: 0 },
      { id: a.id, status: 0 },
    ]);
    expect(response.statusCode).toBe(200);
    const answered = response.json<Rate[]>();
    expect(answered.map((rate) => [rate.id, rate.status, rate.active])).toEqual([
      [b.id, 0, true],
      [a.id, 0, true],
    ]);
    expect(answered[0]).toMatchObject({ typo: 'ccs1', typo_name: 'CCS Combo 1', price: 12.5 });
    const off = await setStatuses([{ id: a.id, status: 1 }]);
    expect(off.json<Rate[]>().map((rate) => rate.status)).toEqual([1]);
    expect(await activeIds('type1')).toEqual([]);
    expect(await activeIds('ccs1')).toEqual([b.id]);
  });

  it('changes nothing when an id is missing, and names it', async () => {
    const rate = await aRate(ctx.database, { typo: 'type1' });
    const response = await setStatuses([
      { id: rate.id, status: 0 },
      { id: 999_998, status: 0 },
      { id: 999_997, status: 1 },
    ]);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found: 999997, 999998.' });
    expect((await call('GET', `${rate.id}/`)).json<Rate>().status).toBe(1);
  });

  it('takes only a list of ids and statuses', async () => {
    const object = await call('PATCH', '', { payload: { ids: [1], status: 0 } });
    expect(object.statusCode).toBe(400);
    expect(object.json()).toEqual({ detail: 'The request body is malformed.' });
    expect((await call('PATCH', '', { payload: [] })).statusCode).toBe(400);
    const wrong = await call('PATCH', '', { payload: [{ id: 'x', status: 3 }] });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json()).sort()).toEqual(['0.id', '0.status']);
  });
});

describe('one active default rate per connector type', () => {
  it('refuses to activate a second one, naming the active one, and changes nothing', async () => {
    const main = await aRate(ctx.database, { name: 'Main GB/T AC', typo: 'gbt_ac', status: 0 });
    const second = await aRate(ctx.database, { typo: 'gbt_ac' });
    const other = await aRate(ctx.database, { typo: 'gbt_dc' });
    const refused = await setStatuses([
      { id: other.id, status: 0 },
      { id: second.id, status: 0 },
    ]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: 'The default rate "Main GB/T AC" is already active for this connector type. Deactivate it first.',
    });
    const ru = await setStatuses([{ id: second.id, status: 0 }], 'ru');
    expect(ru.json()).toEqual({
      detail: 'Для этого типа коннектора уже активен тариф по умолчанию «Main GB/T AC». Сначала деактивируйте его.',
    });
    expect(await activeIds('gbt_ac')).toEqual([main.id]);
    expect(await activeIds('gbt_dc')).toEqual([]);
  });

  it('swaps the active rate when one call deactivates it and activates another', async () => {
    const old = await aRate(ctx.database, { typo: 'tesla', status: 0 });
    const next = await aRate(ctx.database, { typo: 'tesla' });
    const response = await setStatuses([
      { id: next.id, status: 0 },
      { id: old.id, status: 1 },
    ]);
    expect(response.statusCode).toBe(200);
    expect(await activeIds('tesla')).toEqual([next.id]);
  });

  it('refuses two of a type activated together, and allows one per type', async () => {
    const first = await aRate(ctx.database, { name: 'First CHAdeMO', typo: 'chademo' });
    const second = await aRate(ctx.database, { typo: 'chademo' });
    const refused = await setStatuses([
      { id: first.id, status: 0 },
      { id: second.id, status: 0 },
    ]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain('"First CHAdeMO"');
    expect(await activeIds('chademo')).toEqual([]);
    expect((await setStatuses([{ id: second.id, status: 0 }])).statusCode).toBe(200);
    // Activating the active one again changes nothing and is no conflict.
    expect((await setStatuses([{ id: second.id, status: 0 }])).statusCode).toBe(200);
  });

  it('holds for a rate created active and one activated by its edit', async () => {
    const main = await created({ name: 'Main Schuko', typo: 'schuko', status: 0 });
    const createdActive = await call('POST', '', { payload: aRateRequest({ typo: 'schuko', status: 0 }) });
    expect(createdActive.statusCode).toBe(409);
    expect(createdActive.json().detail).toContain('"Main Schuko"');
    const inactive = await created({ typo: 'type1' });
    const moved = await call('PATCH', `${inactive.id}/`, { payload: { typo: 'schuko', status: 0 } });
    expect(moved.statusCode).toBe(409);
    expect((await call('GET', `${inactive.id}/`)).json<Rate>()).toMatchObject({ typo: 'type1', status: 1 });
    expect(await activeIds('schuko')).toEqual([main.id]);
    // An inactive rate may change to the type of the active one; it stays inactive.
    expect((await call('PATCH', `${inactive.id}/`, { payload: { typo: 'schuko' } })).statusCode).toBe(200);
  });

  it('leaves exactly one active when 20 rates of a type are activated at once', async () => {
    const rates = await Promise.all(Array.from({ length: 20 }, () => aRate(ctx.database, { typo: 'ccs2' })));
    const answers = await Promise.all(rates.map((rate) => setStatuses([{ id: rate.id, status: 0 }])));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, ...Array<number>(19).fill(409)]);
    const active = await activeIds('ccs2');
    expect(active).toHaveLength(1);
    const winner = rates.find((rate) => rate.id === active[0])!;
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json()).toEqual({
        detail: `The default rate "${winner.name}" is already active for this connector type. Deactivate it first.`,
      });
    }
  });
});

async function created(overrides: Parameters<typeof aRateRequest>[0]): Promise<Rate> {
  const response = await call('POST', '', { payload: aRateRequest(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Rate>();
}

describe('one active personal rate per merchant and connector type', () => {
  it('refuses a second one for a merchant, naming it and the merchant, and allows other merchants and types', async () => {
    const [a, b, c] = [
      await aMerchant(ctx.app, ctx.auth),
      await aMerchant(ctx.app, ctx.auth),
      await aMerchant(ctx.app, ctx.auth),
    ];
    const partner = await created({ name: 'Partner Type 2', type: 'personal', merchants: [a.id, b.id], status: 0 });
    const overlapping = await created({ type: 'personal', merchants: [c.id, b.id] });
    const refused = await setStatuses([{ id: overlapping.id, status: 0 }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: `The merchant "${b.name_en}" already has the active personal rate "Partner Type 2" for this connector type. Deactivate it first.`,
    });
    // The merchant is named in the reader's language.
    const inRussian = await call('PATCH', '', { payload: [{ id: overlapping.id, status: 0 }], lang: 'ru' });
    expect(inRussian.json<{ detail: string }>().detail).toContain(`У мерчанта «${b.name_ru}»`);
    const createdActive = await call('POST', '', {
      payload: aRateRequest({ type: 'personal', merchants: [a.id], status: 0 }),
    });
    expect(createdActive.statusCode).toBe(409);
    // Another merchant, or another type: no conflict; nor does a default rate of the type count.
    expect(
      (await call('POST', '', { payload: aRateRequest({ type: 'personal', merchants: [c.id], status: 0 }) }))
        .statusCode,
    ).toBe(201);
    expect(
      (
        await call('POST', '', {
          payload: aRateRequest({ type: 'personal', typo: 'type1', merchants: [a.id], status: 0 }),
        })
      ).statusCode,
    ).toBe(201);
    expect(await activeIds('type2', false)).toContain(partner.id);
    // Taking the merchant off the inactive rate lets it be activated.
    expect((await call('PATCH', `${overlapping.id}/`, { payload: { merchants: [c.id] } })).statusCode).toBe(200);
    const stillRefused = await setStatuses([{ id: overlapping.id, status: 0 }]);
    expect(stillRefused.statusCode).toBe(409);
    expect(stillRefused.json().detail).toContain(`"${c.name_en}"`);
    // An edit that activates the rate is checked with the merchants it sends, not those it drops.
    const d = await aMerchant(ctx.app, ctx.auth);
    const moved = await call('PATCH', `${overlapping.id}/`, { payload: { merchants: [d.id], status: 0 } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ merchants: [d.id], status: 0 });
  });

  it('leaves one active personal rate when 20 for one merchant are activated at once', async () => {
    const merchant = await aMerchant(ctx.app, ctx.auth);
    const rates = await Promise.all(
      Array.from({ length: 20 }, () =>
        aRate(ctx.database, { type: 'personal', typo: 'gbt_dc', merchantIds: [merchant.id] }),
      ),
    );
    const answers = await Promise.all(rates.map((rate) => setStatuses([{ id: rate.id, status: 0 }])));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
    expect(await activeIds('gbt_dc', false)).toHaveLength(1);
  });
});
