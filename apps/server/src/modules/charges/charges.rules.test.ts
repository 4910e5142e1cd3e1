import { describe, expect, it } from 'vitest';
import {
  authorize,
  chargePrice,
  consumedBetween,
  DAY_SECONDS,
  discountedPrice,
  durationSeconds,
  energyCostTyiyn,
  needsPrepaidStop,
  pageReading,
  settle,
  splitIntoMinutes,
  startDecision,
  STOP_OUTCOME_GRACE_MS,
  stoppedByBackOffice,
  stopStep,
} from './charges.rules.ts';

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

describe('the price of a charge', () => {
  it('is the energy’s cost less the discount, in whole tyiyn, rounded as the energy’s cost', () => {
    expect(chargePrice({ consumedWh: 10_000, priceTyiyn: 1250 })).toEqual({
      amountTyiyn: 12_500,
      discountTyiyn: 0,
      totalTyiyn: 12_500,
    });
    expect(chargePrice({ consumedWh: 10_000, priceTyiyn: 1250, discountTyiyn: 2_500 })).toEqual({
      amountTyiyn: 12_500,
      discountTyiyn: 2_500,
      totalTyiyn: 10_000,
    });
    // 2 Wh at 12.50 som is 2.5 tyiyn: 3, less 1.
    expect(chargePrice({ consumedWh: 2, priceTyiyn: 1250, discountTyiyn: 1 })).toEqual({
      amountTyiyn: 3,
      discountTyiyn: 1,
      totalTyiyn: 2,
    });
  });

  it('costs nothing for no energy, whatever the discount', () => {
    expect(chargePrice({ consumedWh: 0, priceTyiyn: 1250, discountTyiyn: 500 })).toEqual({
      amountTyiyn: 0,
      discountTyiyn: 0,
      totalTyiyn: 0,
    });
  });

  it('never goes below zero: a discount past the amount is cut to it, one below zero counts as none', () => {
    expect(chargePrice({ consumedWh: 1_000, priceTyiyn: 1000, discountTyiyn: 5_000 })).toEqual({
      amountTyiyn: 1_000,
      discountTyiyn: 1_000,
      totalTyiyn: 0,
    });
    expect(chargePrice({ consumedWh: 1_000, priceTyiyn: 1000, discountTyiyn: -5 })).toEqual({
      amountTyiyn: 1_000,
      discountTyiyn: 0,
      totalTyiyn: 1_000,
    });
  });

  it('cuts a fraction of a tyiyn off the discount, and refuses one that is no number', () => {
    expect(chargePrice({ consumedWh: 1_000, priceTyiyn: 1000, discountTyiyn: 99.9 })).toEqual({
      amountTyiyn: 1_000,
      discountTyiyn: 99,
      totalTyiyn: 901,
    });
    expect(discountedPrice(1_000, 0.5)).toEqual({ amountTyiyn: 1_000, discountTyiyn: 0, totalTyiyn: 1_000 });
    expect(() => discountedPrice(1_000, Number.NaN)).toThrow(RangeError);
    expect(() => discountedPrice(1_000, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('stops a prepaid charge when its discounted total reaches the balance', () => {
    const running = {
      status: 'in_progress' as const,
      stopRequestedAt: null,
      amountTyiyn: 1_000,
      discountTyiyn: 300,
      driverId: 4,
    };
    expect(needsPrepaidStop(running, 701)).toBe(false);
    expect(needsPrepaidStop(running, 700)).toBe(true);
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
    expect(startDecision({ connectorKnown: true, authorization: accepted, priceTyiyn: null })).toEqual({
      idTagStatus: 'Invalid',
      refusal: 'no_price',
    });
    expect(startDecision({ connectorKnown: false, authorization: accepted, priceTyiyn: 100 })).toEqual({
      idTagStatus: 'Invalid',
      refusal: 'unknown_connector',
    });
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
    expect(
      settle({ consumedWh: 10_000, priceTyiyn: 1250, discountTyiyn: 2_500, stoppedByBackOffice: true }),
    ).toMatchObject({
      status: 'stopped',
      totalTyiyn: 10_000,
      paymentMethod: 'balance',
    });
  });

  it('caps the discount at the amount, and a discount covering all is paid by promotion', () => {
    expect(
      settle({ consumedWh: 1_000, priceTyiyn: 1000, discountTyiyn: 5_000, stoppedByBackOffice: false }),
    ).toMatchObject({
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

describe('who ended a charge', () => {
  it('is the back office for a remote stop it asked for, and for its unlock of the connector', () => {
    expect(stoppedByBackOffice('Remote', true)).toBe(true);
    expect(stoppedByBackOffice('Remote', false)).toBe(false);
    expect(stoppedByBackOffice('UnlockCommand', false)).toBe(true);
    expect(stoppedByBackOffice('Local', true)).toBe(false);
    expect(stoppedByBackOffice('EVDisconnected', true)).toBe(false);
  });
});

describe('one back-office stop at a time', () => {
  const now = new Date('2024-03-01T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const TIMEOUT = 30_000;

  it('sends the first stop, and again after a rejection, a time-out or an error', () => {
    expect(stopStep(undefined, true, now, TIMEOUT)).toBe('send');
    for (const outcome of ['rejected', 'timeout', 'error'] as const) {
      expect(stopStep({ outcome, requestedAt: ago(1_000), finishedAt: ago(500) }, true, now, TIMEOUT)).toBe('send');
    }
  });

  it('is under way while the station’s answer is awaited, until a process that died with it is past waiting for', () => {
    expect(stopStep({ outcome: null, requestedAt: ago(TIMEOUT), finishedAt: null }, true, now, TIMEOUT)).toBe(
      'under_way',
    );
    expect(
      stopStep(
        { outcome: null, requestedAt: ago(TIMEOUT + STOP_OUTCOME_GRACE_MS), finishedAt: null },
        true,
        now,
        TIMEOUT,
      ),
    ).toBe('send');
  });

  it('is under way for a time-out after the station accepted, its StopTransaction to come', () => {
    expect(
      stopStep(
        { outcome: 'accepted', requestedAt: ago(TIMEOUT + 5_000), finishedAt: ago(TIMEOUT - 1) },
        true,
        now,
        TIMEOUT,
      ),
    ).toBe('under_way');
    expect(
      stopStep(
        { outcome: 'accepted', requestedAt: ago(TIMEOUT + 5_000), finishedAt: ago(TIMEOUT) },
        true,
        now,
        TIMEOUT,
      ),
    ).toBe('send');
  });

  it('answers offline again while the station stays offline, and sends once it is back', () => {
    const offline = { outcome: 'offline', requestedAt: ago(3_600_000), finishedAt: ago(3_600_000) } as const;
    expect(stopStep(offline, false, now, TIMEOUT)).toBe('offline');
    expect(stopStep(offline, true, now, TIMEOUT)).toBe('send');
  });
});

describe('times', () => {
  it('count a charge’s whole seconds, none while it never ended (stopTime: charge-plausibility.rules.test.ts)', () => {
    const start = new Date('2024-03-01T10:00:00Z');
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

describe('splitIntoMinutes', () => {
  it('counts whole minutes from the kept counts and the edge seconds from the charges', () => {
    expect(splitIntoMinutes(0, DAY_SECONDS - 1)).toEqual({ minutes: [0, 1439], edges: [] });
    expect(splitIntoMinutes(22 * 3600, DAY_SECONDS - 1)).toEqual({ minutes: [1320, 1439], edges: [] });
    // 00:00:00-06:00:00 holds the minutes up to 05:59 whole, and one second of 06:00.
    expect(splitIntoMinutes(0, 6 * 3600)).toEqual({ minutes: [0, 359], edges: [[21_600, 21_600]] });
    // 10:00:30-10:05:10: 10:01 to 10:04 whole, 30 seconds before and 11 after.
    expect(splitIntoMinutes(36_030, 36_310)).toEqual({
      minutes: [601, 604],
      edges: [
        [36_030, 36_059],
        [36_300, 36_310],
      ],
    });
  });

  it('leaves a window holding no whole minute to the charges alone', () => {
    expect(splitIntoMinutes(36_030, 36_089)).toEqual({ minutes: null, edges: [[36_030, 36_089]] });
    expect(splitIntoMinutes(5, 5)).toEqual({ minutes: null, edges: [[5, 5]] });
    expect(splitIntoMinutes(60, 119)).toEqual({ minutes: [1, 1], edges: [] });
  });
});
