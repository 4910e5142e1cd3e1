import { describe, expect, it } from 'vitest';
import { changedFields, EMPTY_PROMOTION_FORM, formValuesOf, promotionProblems } from './promotion-form-values.ts';
import { aPromotion } from './promotion-test-data.ts';

const crop = { percent: { x: 0, y: 0, width: 100, height: 100 }, pixels: { x: 0, y: 0, width: 1600, height: 900 } };

describe('promotion form values', () => {
  it('sends the discount chosen and the other empty, and a new image with its crop data', () => {
    const stored = formValuesOf(aPromotion());
    const image = new File(['jpeg'], 'new.jpg', { type: 'image/jpeg' });
    expect(
      changedFields(stored, {
        ...stored,
        discount_kind: 'percent',
        discount_percent: 15,
        image: { url: stored.image.url, file: image, crop },
      }),
    ).toEqual({ discount_percent: 15, discount_amount: '', image, crop });
    expect(changedFields(stored, { ...stored })).toEqual({});
  });

  it('names the merchant only for a merchant initiator', () => {
    const stored = formValuesOf(aPromotion());
    expect(changedFields(stored, { ...stored, initiator: 'company' })).toEqual({ initiator: 'company', merchant: '' });
  });

  it("says spec 5's problems of the fields together, the discount's on the discount field shown", () => {
    const values = {
      ...EMPTY_PROMOTION_FORM,
      initiator: 'merchant' as const,
      discount_kind: 'amount' as const,
      stations: [1],
      start_at: '2026-12-01T00:00:00+06:00',
      end_at: '2026-12-01T00:00:00+06:00',
    };
    expect(promotionProblems(values)).toEqual([
      { field: 'merchant', message: 'promotion_merchant_required' },
      { field: 'discount_amount', message: 'promotion_discount_one' },
      { field: 'end_at', message: 'promotion_end_before_start' },
    ]);
    // A field wrong on its own is its own rule's to say.
    expect(promotionProblems({ ...values, start_at: null })).toEqual([]);
  });
});
