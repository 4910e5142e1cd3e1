import { describe, expect, it } from 'vitest';
import {
  rateCreateRequest,
  rateListQuery,
  rateMerchantsProblem,
  rateStatusesRequest,
  rateUpdateRequest,
  resolvePrice,
} from './rates.ts';
import { issueMessage } from './schema.ts';

type Result = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };

function errors(result: Result): Record<string, string[]> {
  const body: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (body[issue.path.join('.')] ??= []).push(issueMessage(issue, 'en'));
  return body;
}

const valid = { name: 'City tariff', type: 'default', typo: 'ccs2', price: 14.5 };

describe('the price of a charge', () => {
  it('takes the custom fee first, then the personal rate, then the default rate', () => {
    expect(resolvePrice({ customFee: 900, personalRate: 1100, defaultRate: 1250 })).toEqual({
      priceTyiyn: 900,
      source: 'custom',
    });
    expect(resolvePrice({ customFee: null, personalRate: 1100, defaultRate: 1250 })).toEqual({
      priceTyiyn: 1100,
      source: 'personal',
    });
    expect(resolvePrice({ customFee: undefined, personalRate: null, defaultRate: 1250 })).toEqual({
      priceTyiyn: 1250,
      source: 'default',
    });
    expect(resolvePrice({ customFee: null, personalRate: 1100, defaultRate: null })).toEqual({
      priceTyiyn: 1100,
      source: 'personal',
    });
    expect(resolvePrice({ customFee: 900, personalRate: null, defaultRate: null })).toEqual({
      priceTyiyn: 900,
      source: 'custom',
    });
  });

  it('has no price when nothing prices the connector', () => {
    expect(resolvePrice({ customFee: null, personalRate: null, defaultRate: null })).toEqual({
      priceTyiyn: null,
      source: null,
    });
    expect(resolvePrice({ customFee: undefined, personalRate: undefined, defaultRate: undefined })).toEqual({
      priceTyiyn: null,
      source: null,
    });
  });

  it('counts a price of 0 as set (free charging), not as missing', () => {
    expect(resolvePrice({ customFee: 0, personalRate: 1100, defaultRate: 1250 })).toEqual({
      priceTyiyn: 0,
      source: 'custom',
    });
    expect(resolvePrice({ customFee: null, personalRate: 0, defaultRate: 1250 })).toEqual({
      priceTyiyn: 0,
      source: 'personal',
    });
    expect(resolvePrice({ customFee: null, personalRate: null, defaultRate: 0 })).toEqual({
      priceTyiyn: 0,
      source: 'default',
    });
  });
});

describe('rate requests', () => {
  it('parses the price to tyiyn and makes a new rate inactive, with no merchants', () => {
    expect(rateCreateRequest.parse(valid)).toEqual({ ...valid, price: 1450, status: 1, merchants: [] });
    expect(rateCreateRequest.parse({ ...valid, price: '7.05', status: 0 })).toMatchObject({ price: 705, status: 0 });
  });

  it('names each wrong field', () => {
    expect(errors(rateCreateRequest.safeParse({}))).toEqual({
      name: ['Field cannot be blank'],
      type: ['Field cannot be blank'],
      typo: ['Field cannot be blank'],
      price: ['Field cannot be blank'],
    });
    expect(
      errors(
        rateCreateRequest.safeParse({
          name: ' ',
          type: 'vip',
          typo: 'type9',
          price: 'abc',
          status: 2,
          merchants: [0, 'x'],
        }),
      ),
    ).toEqual({
      name: ['Field cannot be blank'],
      type: ['Select a valid choice'],
      typo: ['Select a valid choice'],
      price: ['Enter a number'],
      status: ['Select a valid choice'],
      'merchants.0': ['Select a valid choice'],
      'merchants.1': ['Select a valid choice'],
    });
    expect(errors(rateCreateRequest.safeParse({ ...valid, name: 'x'.repeat(101) }))).toEqual({
      name: ['Ensure this field has no more than 100 characters'],
    });
  });

  it('takes at most two decimals, no negative price and nothing above 100,000 som', () => {
    expect(errors(rateCreateRequest.safeParse({ ...valid, price: 12.345 }))).toEqual({
      price: ['Ensure that there are no more than 2 decimal places'],
    });
    expect(errors(rateCreateRequest.safeParse({ ...valid, price: -1 }))).toEqual({
      price: ['Ensure this value is greater than or equal to 0'],
    });
    expect(errors(rateCreateRequest.safeParse({ ...valid, price: 100_000.01 }))).toEqual({
      price: ['Ensure this value is less than or equal to 100000'],
    });
    expect(rateCreateRequest.parse({ ...valid, price: 0 }).price).toBe(0);
  });

  it('leaves out of a partial update what was not sent', () => {
    expect(rateUpdateRequest.parse({ price: 3 })).toEqual({ price: 300 });
    expect(rateUpdateRequest.parse({})).toEqual({});
  });

  it('takes a bulk status change as a list of ids and statuses', () => {
    expect(rateStatusesRequest.parse([{ id: 3, status: 0 }])).toEqual([{ id: 3, status: 0 }]);
    expect(rateStatusesRequest.safeParse([]).success).toBe(false);
    expect(errors(rateStatusesRequest.safeParse([{ id: 'x', status: 5 }]))).toEqual({
      '0.id': ['Enter a valid value'],
      '0.status': ['Select a valid choice'],
    });
  });

  it('reads the list filters, ignoring empty ones and refusing malformed ones by name', () => {
    expect(rateListQuery.parse({ active: 'true', default: 'false', typo: 'ccs2', search: ' city ' })).toEqual({
      active: true,
      default: false,
      typo: 'ccs2',
      search: 'city',
    });
    expect(rateListQuery.parse({ active: '', default: '', typo: '', search: '' })).toEqual({});
    expect(errors(rateListQuery.safeParse({ active: 'yes', default: '1', typo: 'nope' }))).toEqual({
      active: ['Select a valid choice'],
      default: ['Select a valid choice'],
      typo: ['Select a valid choice'],
    });
  });
});

describe('merchants of a rate', () => {
  it('are required on a personal rate and refused on a default one', () => {
    expect(rateMerchantsProblem({ type: 'personal', merchants: [] })).toBe('rate_merchants_required');
    expect(rateMerchantsProblem({ type: 'default', merchants: [1] })).toBe('rate_merchants_default');
    expect(rateMerchantsProblem({ type: 'personal', merchants: [1] })).toBeUndefined();
    expect(rateMerchantsProblem({ type: 'default', merchants: [] })).toBeUndefined();
  });
});
