import { describe, expect, it } from 'vitest';
import { readMeter } from './meter.ts';

/* The simulated car's meter: energy at a constant power until the battery is full. */

const HOUR = 3_600_000;
const curve = { startedAt: 0, startWh: 1_000_000, powerW: 11_000, socStart: 40, capacityWh: 60_000 };

describe('readMeter', () => {
  it('counts the energy of the power over time and the state of charge it makes', () => {
    expect(readMeter(curve, 0)).toEqual({ registerWh: 1_000_000, powerW: 11_000, socPercent: 40 });
    expect(readMeter(curve, HOUR)).toEqual({ registerWh: 1_011_000, powerW: 11_000, socPercent: 58 });
  });

  it('stops the power at a full battery, so the register stays and the state of charge ends at 100 %', () => {
    // 60 % of 60 kWh is 36 kWh: full after about 3.3 hours at 11 kW.
    expect(readMeter(curve, 5 * HOUR)).toEqual({ registerWh: 1_036_000, powerW: 0, socPercent: 100 });
    expect(readMeter(curve, 9 * HOUR)).toEqual(readMeter(curve, 5 * HOUR));
  });
});
