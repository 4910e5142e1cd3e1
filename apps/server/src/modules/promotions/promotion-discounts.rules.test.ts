import { describe, expect, it } from 'vitest';
import {
  bestOffer,
  candidates,
  coversStart,
  discountOf,
  inHappyHours,
  stillGives,
  type Offer,
} from './promotion-discounts.rules.ts';

const hours = (h: number, m = 0) => h * 3600 + m * 60;

function anOffer(overrides: Partial<Offer> = {}): Offer {
  return {
    id: 1,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    status: 0,
    startAt: new Date('2026-11-01T00:00:00+06:00'),
    endAt: new Date('2026-12-01T00:00:00+06:00'),
    happyHoursStart: null,
    happyHoursEnd: null,
    minChargeTyiyn: 0,
    minCharges: 0,
    discountBasisPoints: 1000,
    discountTyiyn: null,
    ...overrides,
  };
}

describe('a promotion covers a charge', () => {
  it('by its start, inside [start, end) of the period', () => {
    const offer = anOffer();
    expect(coversStart(offer, new Date('2026-11-01T00:00:00+06:00'))).toBe(true);
    expect(coversStart(offer, new Date('2026-10-31T23:59:59+06:00'))).toBe(false);
    expect(coversStart(offer, new Date('2026-12-01T00:00:00+06:00'))).toBe(false);
  });

  it('within happy hours read in Bishkek, also when they run across midnight', () => {
    expect(inHappyHours(hours(9), hours(12), hours(9))).toBe(true);
    expect(inHappyHours(hours(9), hours(12), hours(12))).toBe(false);
    expect(inHappyHours(hours(22), hours(2), hours(23, 30))).toBe(true);
    expect(inHappyHours(hours(22), hours(2), hours(1, 59))).toBe(true);
    expect(inHappyHours(hours(22), hours(2), hours(2))).toBe(false);
    expect(inHappyHours(hours(22), hours(2), hours(12))).toBe(false);
    const night = anOffer({ happyHoursStart: hours(22), happyHoursEnd: hours(2) });
    // 23:30 in Bishkek is 17:30 UTC; 03:00 in Bishkek is 21:00 UTC the day before.
    expect(coversStart(night, new Date('2026-11-10T17:30:00Z'))).toBe(true);
    expect(coversStart(night, new Date('2026-11-10T21:00:00Z'))).toBe(false);
    expect(coversStart(night, new Date('2026-11-10T19:59:00Z'))).toBe(true);
  });
});

describe('the discount', () => {
  it('is the percentage rounded down to a tyiyn, or the amount, never more than the charge', () => {
    expect(discountOf({ discountBasisPoints: 1250, discountTyiyn: null }, 999)).toBe(124);
    expect(discountOf({ discountBasisPoints: 10_000, discountTyiyn: null }, 999)).toBe(999);
    expect(discountOf({ discountBasisPoints: null, discountTyiyn: 5_000 }, 999)).toBe(999);
    expect(discountOf({ discountBasisPoints: null, discountTyiyn: 500 }, 999)).toBe(500);
  });

  it('goes to the largest; a tie to the older promotion', () => {
    const tenPercent = anOffer({ id: 1, discountBasisPoints: 1000 });
    const fiftySom = anOffer({ id: 2, discountBasisPoints: null, discountTyiyn: 5_000 });
    expect(bestOffer([tenPercent, fiftySom], 100_000, 0)).toEqual({ offer: tenPercent, discountTyiyn: 10_000 });
    expect(bestOffer([tenPercent, fiftySom], 20_000, 0)).toEqual({ offer: fiftySom, discountTyiyn: 5_000 });
    const newer = anOffer({ id: 3, createdAt: new Date('2026-02-01T00:00:00Z'), discountBasisPoints: 1000 });
    expect(bestOffer([newer, tenPercent], 10_000, 0)?.offer).toBe(tenPercent);
    const sameTime = anOffer({ id: 0 });
    expect(bestOffer([tenPercent, sameTime], 10_000, 0)?.offer).toBe(sameTime);
  });

  it('asks the driver’s earlier paid charges and the charge’s amount to reach the minimums', () => {
    const loyal = anOffer({ minCharges: 3, discountBasisPoints: 5000 });
    const big = anOffer({ id: 2, minChargeTyiyn: 50_000, discountBasisPoints: 3000 });
    const start = { startedAt: new Date('2026-11-10T10:00:00+06:00') };
    const now = new Date('2026-11-10T12:00:00+06:00');
    expect(candidates([loyal, big], { ...start, amountTyiyn: 49_999 }, now)).toEqual([loyal]);
    expect(bestOffer([loyal], 49_999, 2)).toBeNull();
    expect(bestOffer([loyal], 49_999, 3)?.discountTyiyn).toBe(24_999);
    expect(bestOffer(candidates([loyal, big], { ...start, amountTyiyn: 50_000 }, now), 50_000, 0)?.offer).toBe(big);
  });
});

describe('a promotion still gives a discount', () => {
  const now = new Date('2026-12-02T00:00:00+06:00');
  it('while active, and after its end to the charges that started inside it, but not once deactivated by hand', () => {
    expect(stillGives(anOffer(), now)).toBe(true);
    expect(stillGives(anOffer({ status: 1 }), now)).toBe(true);
    expect(stillGives(anOffer({ status: 1, endAt: new Date('2026-12-03T00:00:00+06:00') }), now)).toBe(false);
  });
});
