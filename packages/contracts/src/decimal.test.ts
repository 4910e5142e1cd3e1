import { describe, expect, it } from 'vitest';
import { DECIMALS, decimalUnits, fromMinorUnits, toMinorUnits } from './decimal.ts';
import { issueMessage } from './schema.ts';

describe('minor units', () => {
  it('turns decimals into whole minor units exactly, from numbers and from text', () => {
    expect(toMinorUnits(12.34, DECIMALS.money)).toBe(1234);
    expect(toMinorUnits('12.3', DECIMALS.money)).toBe(1230);
    expect(toMinorUnits(0.29, DECIMALS.money)).toBe(29); // 0.29 * 100 is 28.999999999999996 in floats
    expect(toMinorUnits(1.005, DECIMALS.energy)).toBe(1005);
    expect(toMinorUnits(' 7 ', DECIMALS.energy)).toBe(7000);
    expect(toMinorUnits('12.500', DECIMALS.money)).toBe(1250);
    expect(toMinorUnits(-3.5, DECIMALS.money)).toBe(-350);
    expect(toMinorUnits(-0, DECIMALS.money)).toBe(0);
    expect(toMinorUnits(1e21, 0)).toBeUndefined();
  });

  it('refuses more decimals than allowed and anything that is not a plain decimal', () => {
    for (const bad of [
      12.345,
      '12.345',
      '1e3',
      '12,5',
      '.5',
      '5.',
      'abc',
      '',
      Number.NaN,
      Number.POSITIVE_INFINITY,
      1e-7,
    ]) {
      expect(toMinorUnits(bad, DECIMALS.money)).toBeUndefined();
    }
  });

  it('turns minor units back into the decimal they came from', () => {
    for (const value of [0, 0.01, 0.29, 12.34, 99999.99, 100]) {
      expect(fromMinorUnits(toMinorUnits(value, 2)!, 2)).toBe(value);
    }
    expect(fromMinorUnits(1005, DECIMALS.energy)).toBe(1.005);
  });
});

describe('decimal field', () => {
  const som = decimalUnits({ decimals: DECIMALS.money, min: 0, max: 99999.99 });
  const message = (value: unknown) => {
    const result = som.safeParse(value);
    return result.success ? result.data : result.error.issues.map((issue) => issueMessage(issue, 'en'));
  };

  it('parses to minor units', () => {
    expect(message('15.5')).toBe(1550);
    expect(message(99999.99)).toBe(9_999_999);
  });

  it('names the rule that failed, with its limit', () => {
    expect(message(1.234)).toEqual(['Ensure that there are no more than 2 decimal places']);
    expect(message('1.234')).toEqual(['Ensure that there are no more than 2 decimal places']);
    expect(message('abc')).toEqual(['Enter a number']);
    expect(message(true)).toEqual(['Enter a number']);
    expect(message(-1)).toEqual(['Ensure this value is greater than or equal to 0']);
    expect(message(100000)).toEqual(['Ensure this value is less than or equal to 99999.99']);
    expect(message('')).toEqual(['Field cannot be blank']);
    expect(message(undefined)).toEqual(['Field cannot be blank']);
  });
});
