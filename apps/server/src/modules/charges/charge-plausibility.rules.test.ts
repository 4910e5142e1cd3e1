import { describe, expect, it } from 'vitest';
import {
  chargePowerW,
  isPlausibleReading,
  plausibleEnergyWh,
  stopMeter,
  stopTime,
  weightierReview,
} from './charge-plausibility.rules.ts';

const at = (minutes: number) => new Date(Date.UTC(2024, 2, 1, 10, minutes));
/** A 22 kW connector's charge started at 10:00 on 1,000 Wh, last read at 10:10 on 3,000 Wh. */
const charge = { startedAt: at(0), meterStartWh: 1_000, lastMeterWh: 3_000, lastMeterAt: at(10), maxPowerW: 22_000 };

describe('the power bound', () => {
  it('is the connector’s power x 1.5 over the time, plus 1 kWh', () => {
    // 22 kW x 1.5 = 33 kW: 550 Wh a minute.
    expect(plausibleEnergyWh(22_000, 60_000)).toBe(1_550);
    expect(plausibleEnergyWh(22_000, 3_600_000)).toBe(34_000);
    expect(plausibleEnergyWh(22_000, 0)).toBe(1_000);
    // Time running backwards delivers nothing past the slack.
    expect(plausibleEnergyWh(22_000, -3_600_000)).toBe(1_000);
  });

  it('takes the connector’s power, or the ceiling when it has none', () => {
    expect(chargePowerW(22_000, 350_000)).toBe(22_000);
    expect(chargePowerW(0, 350_000)).toBe(350_000);
    expect(chargePowerW(undefined, 350_000)).toBe(350_000);
  });

  it('believes a reading within the bound since the start and since the last reading', () => {
    // Since 10:10: 2 min, 2,100 Wh allowed.
    expect(isPlausibleReading(charge, { meterWh: 5_100, at: at(12) })).toBe(true);
    expect(isPlausibleReading(charge, { meterWh: 5_101, at: at(12) })).toBe(false);
    // The absurd register of issue 28.
    expect(isPlausibleReading(charge, { meterWh: 1_000_000_000_000_000, at: at(60) })).toBe(false);
    // Since the start: 60 min, 34,000 Wh allowed, whatever the time since the last reading.
    expect(
      isPlausibleReading({ ...charge, lastMeterWh: 1_000, lastMeterAt: at(0) }, { meterWh: 35_000, at: at(60) }),
    ).toBe(true);
    expect(
      isPlausibleReading({ ...charge, lastMeterWh: 33_000, lastMeterAt: at(55) }, { meterWh: 35_001, at: at(60) }),
    ).toBe(false);
    // A lagging charge's whole allowance is not taken by one reading: 200 kWh after 10 hours, but in one minute.
    const lagging = { ...charge, lastMeterWh: 1_200, lastMeterAt: at(599) };
    expect(isPlausibleReading(lagging, { meterWh: 201_000, at: at(600) })).toBe(false);
    expect(isPlausibleReading(lagging, { meterWh: 2_750, at: at(600) })).toBe(true);
    // A meter going back is no jump; a charge kept before the bound existed has none.
    expect(isPlausibleReading(charge, { meterWh: 500, at: at(11) })).toBe(true);
    expect(isPlausibleReading({ ...charge, maxPowerW: null }, { meterWh: 10 ** 15, at: at(11) })).toBe(true);
  });
});

describe('a stop', () => {
  it('is billed by its meter when believable, else by the last believed reading, marked stop_implausible', () => {
    expect(stopMeter(charge, { meterWh: 4_000, at: at(15) })).toEqual({ meterWh: 4_000, at: at(15), review: null });
    expect(stopMeter(charge, { meterWh: 10 ** 15, at: at(15) })).toEqual({
      meterWh: 3_000,
      at: at(10),
      review: 'stop_implausible',
    });
    // A last reading kept before the bound, itself past it: the start's meter.
    const absurd = { ...charge, lastMeterWh: 10 ** 15, lastMeterAt: at(5) };
    expect(stopMeter(absurd, { meterWh: 10 ** 15, at: at(15) })).toEqual({
      meterWh: 1_000,
      at: at(0),
      review: 'stop_implausible',
    });
  });

  it('stamped before its start ends when it was received, marked clock_before_start; never before the start', () => {
    expect(stopTime(at(0), at(30), at(90))).toEqual({ at: at(30), review: null });
    expect(stopTime(at(0), at(-60), at(90))).toEqual({ at: at(90), review: 'clock_before_start' });
    // A start itself a little ahead of the server (within the skew): the stop ends at the start.
    expect(stopTime(at(10), at(-60), at(5))).toEqual({ at: at(10), review: 'clock_before_start' });
  });
});

describe('a charge’s review reason', () => {
  it('is the weightiest met: a stop billed otherwise over a jump over a clock', () => {
    expect(weightierReview(null, 'clock_future')).toBe('clock_future');
    expect(weightierReview('clock_future', 'meter_jump')).toBe('meter_jump');
    expect(weightierReview('stop_implausible', 'clock_before_start')).toBe('stop_implausible');
    expect(weightierReview('meter_jump', null)).toBe('meter_jump');
    expect(weightierReview(null, undefined)).toBeNull();
  });
});
