import { describe, expect, it } from 'vitest';
import { canDelete, feeColumns, feeDue, fixedFee, percentFee } from './partners.rules.ts';

// 30,000.00 som a month.
const MONTHLY = 3_000_000;

describe('fixedFee', () => {
  it('charges the monthly fee for each whole month, whatever its length', () => {
    expect(fixedFee(MONTHLY, { from: '2024-01-01', to: '2024-03-31' }, '2023-05-01')).toBe(9_000_000);
    expect(fixedFee(MONTHLY, { from: '2024-02-01', to: '2024-02-29' }, '2024-02-01')).toBe(MONTHLY);
  });

  it('prorates a part of a month by its days, rounded down to the tyiyn', () => {
    // 20 of February 2024's 29 days: 3,000,000 x 20 / 29 = 2,068,965.5...
    expect(fixedFee(MONTHLY, { from: '2024-02-10', to: '2024-02-29' }, '2020-01-01')).toBe(2_068_965);
    // One day of December and one of January, each 3,000,000 / 31 = 96,774.19...
    expect(fixedFee(MONTHLY, { from: '2023-12-31', to: '2024-01-01' }, '2020-01-01')).toBe(193_548);
  });

  it('counts from the partner’s start date when it falls inside the period', () => {
    // January 20..31 = 12/31 (1,161,290.3), February whole, March 1..10 = 10/31 (967,741.9).
    expect(fixedFee(MONTHLY, { from: '2024-01-15', to: '2024-03-10' }, '2024-01-20')).toBe(
      1_161_290 + 3_000_000 + 967_741,
    );
  });

  it('is nothing when the partner starts after the period', () => {
    expect(fixedFee(MONTHLY, { from: '2024-01-01', to: '2024-01-31' }, '2024-02-01')).toBe(0);
    expect(fixedFee(MONTHLY, { from: '2024-01-01', to: '2024-01-31' }, '2024-01-31')).toBe(96_774);
  });
});

describe('percentFee', () => {
  it('takes the share of the turnover, rounded down to the tyiyn', () => {
    // 1,234.57 som x 12.5% = 154.32125 som.
    expect(percentFee(123_457, 1250)).toBe(15_432);
    expect(percentFee(100, 1)).toBe(0);
    expect(percentFee(0, 10_000)).toBe(0);
  });

  it('stays exact past the doubles’ exact integers', () => {
    expect(percentFee(9_000_000_000_000, 9_999)).toBe(8_999_100_000_000);
  });
});

describe('feeDue', () => {
  const period = { from: '2024-03-01', to: '2024-03-31' };
  it('applies the partner’s model', () => {
    const percent = { feeModel: 'percent', feeFixedTyiyn: null, feePercentBp: 500, startedOn: '2024-01-01' } as const;
    expect(feeDue(percent, period, 10_000)).toBe(500);
    const fixed = { feeModel: 'fixed', feeFixedTyiyn: MONTHLY, feePercentBp: null, startedOn: '2024-01-01' } as const;
    expect(feeDue(fixed, period, 10_000)).toBe(MONTHLY);
  });
});

describe('feeColumns', () => {
  it('keeps the model’s amount and empties the other', () => {
    expect(feeColumns('fixed', 100, 200)).toEqual({ feeModel: 'fixed', feeFixedTyiyn: 100, feePercentBp: null });
    expect(feeColumns('percent', 100, 200)).toEqual({ feeModel: 'percent', feeFixedTyiyn: null, feePercentBp: 200 });
  });

  it('names the amount the model lacks', () => {
    expect(feeColumns('fixed', null, 200)).toEqual({ missing: 'fee_fixed' });
    expect(feeColumns('percent', 100, undefined)).toEqual({ missing: 'fee_percent' });
  });
});

describe('canDelete', () => {
  it('keeps an active partner', () => {
    expect(canDelete({ status: 0 })).toBe(false);
    expect(canDelete({ status: 1 })).toBe(true);
  });
});
