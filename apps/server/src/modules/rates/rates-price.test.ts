import { CONNECTOR_TYPE_KEYS } from '@evcms/contracts/catalog';
import type { DefaultRateFee } from '@evcms/contracts/rates';
import { describe, expect, it } from 'vitest';
import { aMerchant } from '../../test/builders/merchants.ts';
import { anActivePersonalRate, aRate } from '../../test/builders/rates.ts';
import { apiCalls, useSignedInApp } from '../../test/test-app.ts';
import { priceFor } from './rates.service.ts';

const ctx = useSignedInApp();

const call = apiCalls(ctx, 'payments/');
const fees = async (lang = 'en') => (await call('GET', 'default-rates-fee/', { lang })).json<DefaultRateFee[]>();

describe('the default price per connector type', () => {
  it('lists every connector type, priced by its active default rate or null', async () => {
    expect(await fees()).toEqual(
      CONNECTOR_TYPE_KEYS.map((typo) => ({
        typo,
        typo_name: expect.any(String),
        price: null,
        rate_id: null,
        rate_name: null,
      })),
    );
    const merchant = await aMerchant(ctx.app, ctx.auth);
    const main = await aRate(ctx.database, { name: 'Main', typo: 'type2', priceTyiyn: 1250, status: 0 });
    await aRate(ctx.database, { typo: 'ccs2', priceTyiyn: 2000 });
    await anActivePersonalRate(ctx.database, [merchant.id], { typo: 'chademo', priceTyiyn: 900 });
    const answer = await fees('ru');
    expect(answer.map((fee) => fee.typo)).toEqual(CONNECTOR_TYPE_KEYS);
    expect(answer.filter((fee) => fee.price !== null)).toEqual([
      { typo: 'type2', typo_name: 'Type 2 (Mennekes)', price: 12.5, rate_id: main.id, rate_name: 'Main' },
    ]);
    expect(answer.find((fee) => fee.typo === 'schuko')?.typo_name).toBe('Бытовая розетка (Schuko)');
  });
});

describe('the price of a charge on a connector', () => {
  it('is the custom fee, else the merchant’s active personal rate, else the active default rate', async () => {
    const [partner, other] = [await aMerchant(ctx.app, ctx.auth), await aMerchant(ctx.app, ctx.auth)];
    const { db } = ctx.database;
    await aRate(ctx.database, { typo: 'ccs1', priceTyiyn: 1500, status: 0 });
    await anActivePersonalRate(ctx.database, [partner.id], { typo: 'ccs1', priceTyiyn: 1100 });
    // Neither an inactive personal rate nor one of another connector type counts.
    await aRate(ctx.database, { type: 'personal', typo: 'ccs1', priceTyiyn: 500, merchantIds: [other.id] });
    await anActivePersonalRate(ctx.database, [other.id], { typo: 'tesla', priceTyiyn: 700 });

    expect(await priceFor(db, { merchantId: partner.id, typo: 'ccs1', customFee: 950 })).toEqual({
      priceTyiyn: 950,
      source: 'custom',
    });
    expect(await priceFor(db, { merchantId: partner.id, typo: 'ccs1', customFee: 0 })).toEqual({
      priceTyiyn: 0,
      source: 'custom',
    });
    expect(await priceFor(db, { merchantId: partner.id, typo: 'ccs1', customFee: null })).toEqual({
      priceTyiyn: 1100,
      source: 'personal',
    });
    expect(await priceFor(db, { merchantId: other.id, typo: 'ccs1', customFee: null })).toEqual({
      priceTyiyn: 1500,
      source: 'default',
    });
    expect(await priceFor(db, { merchantId: other.id, typo: 'gbt_ac', customFee: null })).toEqual({
      priceTyiyn: null,
      source: null,
    });
  });

  it('follows status changes: a deactivated personal rate falls back to the default one', async () => {
    const merchant = await aMerchant(ctx.app, ctx.auth);
    await aRate(ctx.database, { typo: 'gbt_dc', priceTyiyn: 1800, status: 0 });
    const personal = await anActivePersonalRate(ctx.database, [merchant.id], { typo: 'gbt_dc', priceTyiyn: 1000 });
    const input = { merchantId: merchant.id, typo: 'gbt_dc', customFee: null };
    expect(await priceFor(ctx.database.db, input)).toEqual({ priceTyiyn: 1000, source: 'personal' });
    const response = await call('PATCH', '', { payload: [{ id: personal.id, status: 1 }] });
    expect(response.statusCode).toBe(200);
    expect(await priceFor(ctx.database.db, input)).toEqual({ priceTyiyn: 1800, source: 'default' });
  });
});
