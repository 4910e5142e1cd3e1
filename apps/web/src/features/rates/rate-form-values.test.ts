import { describe, expect, it } from 'vitest';
import { changedFields, formValuesOf, toRateRequest, type RateFormValues } from './rate-form-values.ts';
import { aRate } from './rate-test-data.ts';

const personal: RateFormValues = {
  name: ' Volt ',
  type: 'personal',
  typo: 'ccs2',
  price: 14.25,
  active: false,
  merchants: [7, 3],
};

describe('rate form values', () => {
  it('sends the trimmed name, the status of the switch and the merchants of a personal rate only', () => {
    expect(toRateRequest(personal)).toEqual({
      name: 'Volt',
      type: 'personal',
      typo: 'ccs2',
      price: 14.25,
      status: 1,
      merchants: [3, 7],
    });
    // The hidden picker may still hold merchants: a default rate sends none.
    expect(toRateRequest({ ...personal, type: 'default', active: true })).toMatchObject({
      type: 'default',
      status: 0,
      merchants: [],
    });
  });

  it('patches only what changed; switching a personal rate to default also empties its merchants', () => {
    const stored = formValuesOf(aRate(5, 'Volt', { type: 'personal', typo: 'ccs2', price: 14.25, merchants: [3, 7] }));
    expect(changedFields(stored, { ...stored, merchants: [7, 3] })).toEqual({});
    expect(changedFields(stored, { ...stored, price: 15 })).toEqual({ price: 15 });
    expect(changedFields(stored, { ...stored, type: 'default' })).toEqual({ type: 'default', merchants: [] });
  });
});
