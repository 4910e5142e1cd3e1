import { describe, expect, it } from 'vitest';
import { authorize, consumedBetween, durationSeconds, energyCostTyiyn, finishTime, pageReading, settle, startDecision } from './charges.rules.ts';

const holder = { driverId: 1, tagBlocked: false, driverBlocked: false, balanceTyiyn: 500 };

describe('the cost of energy', () => {
  it('is Wh x tyiyn per kWh / 1000, to the nearest tyiyn with halves up', () => {
    expect(energyCostTyiyn(10_000, 1250)).toBe(12_500);
    expect(energyCostTyiyn(1, 1250)).toBe(1); // 1.25
    expect(energyCostTyiyn(2, 1250)).toBe(3); // 2.5
    expect(energyCostTyiyn(3, 1250)).toBe(4); // 3.75
    expect(energyCostTyiyn(0, 1250)).toBe(0);
    expect(energyCostTyiyn(12_345, 0)).toBe(0);
    expect(energyCostTyiyn(12_345, 1)).toBe(12); // 12.345
    expect(energyCostTyiyn(12_500, 1)).toBe(13); // 12.5
  });

  it('counts exactly where a double would not', () => {
    // 9,007,199,254 Wh x 10,000,000 tyiyn is beyond 2^53; the product is still exact.
    expect(energyCostTyiyn(9_007_199_254, 10_000_000)).toBe(90_071_992_540_000);
    expect(() => energyCostTyiyn(1.5, 100)).toThrow(RangeError);
    expect(() => energyCostTyiyn(-1, 100)).toThrow(RangeError);
  });

  it('never counts a meter going backwards as energy', () => {
    expect(consumedBetween(1_000, 4_500)).toBe(3_500);
    expect(consumedBetween(1_000, 900)).toBe(0);
  });
});

describe('who may start', () => {
  it('accepts a known, unblocked tag whose balance covers the minimum', () => {
    expect(authorize(holder, 500)).toEqual({ idTagStatus: 'Accepted', refusal: null });
    expect(authorize(undefined, 1)).toEqual({ idTagStatus: 'Invalid', refusal: 'unknown_tag' });
    expect(authorize({ ...holder, tagBlocked: true }, 1)).toEqual({ idTagStatus: 'Blocked', refusal: 'blocked' });
    expect(authorize({ ...holder, driverBlocked: true }, 1)).toEqual({ idTagStatus: 'Blocked', refusal: 'blocked' });
    expect(authorize(holder, 501)).toEqual({ idTagStatus: 'Blocked', refusal: 'low_balance' });
    expect(authorize({ ...holder, balanceTyiyn: -10 }, 0)).toEqual({ idTagStatus: 'Blocked', refusal: 'low_balance' });
  });

  it('refuses an unknown connector first, then the tag, then a connector nothing prices', () => {
    const accepted = authorize(holder, 1);
    expect(startDecision({ connectorKnown: true, authorization: accepted, priceTyiyn: 0 })).toEqual(accepted);
    expect(startDecision({ connectorKnown: true, authorization: accepted, priceTyiyn: null })).toEqual({ idTagStatus: 'Invalid', refusal: 'no_price' });
    expect(startDecision({ connectorKnown: false, authorization: accepted, priceTyiyn: 100 })).toEqual({ idTagStatus: 'Invalid', refusal: 'unknown_connector' });
    const blocked = authorize({ ...holder, tagBlocked: true }, 1);
    expect(startDecision({ connectorKnown: true, authorization: blocked, priceTyiyn: null })).toEqual(blocked);
  });
});

describe('settling a stopped charge', () => {
  it('debits the amount less the discount, successful when energy was delivered', () => {
    expect(settle({ consumedWh: 10_000, priceTyiyn: 1250, discountTyiyn: 0, stoppedByBackOffice: false })).toEqual({
      status: 'finished',
      result: 'successful',
      amountTyiyn: 12_500,
      discountTyiyn: 0,
      totalTyiyn: 12_500,
      debitTyiyn: 12_500,
      paymentMethod: 'balance',
    });
    expect(settle({ consumedWh: 10_000, priceTyiyn: 1250, discountTyiyn: 2_500, stoppedByBackOffice: true })).toMatchObject({
      status: 'stopped',
      totalTyiyn: 10_000,
      paymentMethod: 'balance',
    });
  });

  it('caps the discount at the amount, and a discount covering all is paid by promotion', () => {
    expect(settle({ consumedWh: 1_000, priceTyiyn: 1000, discountTyiyn: 5_000, stoppedByBackOffice: false })).toMatchObject({
      amountTyiyn: 1_000,
      discountTyiyn: 1_000,
      totalTyiyn: 0,
      debitTyiyn: 0,
      paymentMethod: 'promotion',
      result: 'successful',
    });
  });

  it('fails a charge that delivered nothing, and charges nothing for free energy', () => {
    expect(settle({ consumedWh: 0, priceTyiyn: 1250, discountTyiyn: 0, stoppedByBackOffice: false })).toMatchObject({
      result: 'failed',
      totalTyiyn: 0,
      paymentMethod: 'balance',
    });
    expect(settle({ consumedWh: 5_000, priceTyiyn: 0, discountTyiyn: 0, stoppedByBackOffice: false })).toMatchObject({
      result: 'successful',
      totalTyiyn: 0,
      paymentMethod: 'balance',
    });
  });
});

describe('times', () => {
  it('never ends a charge before it starts', () => {
    const start = new Date('2024-03-01T10:00:00Z');
    expect(finishTime(start, new Date('2024-03-01T09:59:00Z'))).toEqual(start);
    expect(finishTime(start, new Date('2024-03-01T11:00:00Z'))).toEqual(new Date('2024-03-01T11:00:00Z'));
    expect(durationSeconds(start, new Date('2024-03-01T11:00:00.900Z'))).toBe(3600);
    expect(durationSeconds(start, null)).toBeNull();
  });
});

describe('reading a page', () => {
  it('reads the newer half newest first and the older half from the oldest end', () => {
    expect(pageReading({ limit: 10, offset: 0 }, 25)).toEqual({ ascending: false, limit: 10, offset: 0 });
    expect(pageReading({ limit: 10, offset: 10 }, 25)).toEqual({ ascending: true, limit: 10, offset: 5 });
    expect(pageReading({ limit: 10, offset: 20 }, 25)).toEqual({ ascending: true, limit: 5, offset: 0 });
    expect(pageReading({ limit: 10, offset: 30 }, 25)).toEqual({ ascending: false, limit: 10, offset: 30 });
    expect(pageReading({ limit: 10, offset: 999_990 }, 1_000_000)).toEqual({ ascending: true, limit: 10, offset: 0 });
  });
});
