import { describe, expect, it } from 'vitest';
import { meterReadings, type SampledValue } from './meter-readings.ts';
import { eventTime } from './ocpp-time.ts';

/* OCPP meter values read into the charge services' readings. */

const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, '0')}:00Z`;
const one = (sampledValue: SampledValue[], timestamp = at(0)) => meterReadings([{ timestamp, sampledValue }]);

describe('meterReadings', () => {
  it('reads the energy register in Wh or kWh (a sample without a measurand is the register), power in W or kW, and the state of charge', () => {
    expect(one([{ value: '12345' }])).toEqual([
      { meterWh: 12_345, at: new Date(at(0)), powerW: undefined, socPercent: undefined },
    ]);
    expect(
      one([
        { value: '12.3456', measurand: 'Energy.Active.Import.Register', unit: 'kWh' },
        { value: '7.4', measurand: 'Power.Active.Import', unit: 'kW' },
        { value: '41.6', measurand: 'SoC', unit: 'Percent', location: 'EV' },
      ]),
    ).toEqual([{ meterWh: 12_346, at: new Date(at(0)), powerW: 7_400, socPercent: 42 }]);
  });

  it('takes the total register at the outlet over phases and other places, and sums the phases’ power when no total is sent', () => {
    const [reading] = one([
      { value: '100', phase: 'L1' },
      { value: '900', location: 'Inlet' },
      { value: '500', location: 'Outlet' },
      { value: '1000', measurand: 'Power.Active.Import', phase: 'L1' },
      { value: '1100', measurand: 'Power.Active.Import', phase: 'L2' },
      { value: '1200', measurand: 'Power.Active.Import', phase: 'L3' },
    ]);
    expect(reading).toMatchObject({ meterWh: 500, powerW: 3_300 });
  });

  it('passes over what it cannot use: other measurands, a vendor’s own, signed data, units of another kind, no register at all', () => {
    const [reading] = one([
      { value: 'AB12CD', format: 'SignedData' },
      { value: '230', measurand: 'Voltage', unit: 'V' },
      { value: '31', measurand: 'Vendor.CableTemperature', unit: 'Celsius' },
      { value: '7', measurand: 'Power.Active.Import', unit: 'varh' },
      { value: '2000', unit: 'Wh' },
    ]);
    expect(reading).toMatchObject({ meterWh: 2_000, powerW: undefined });
    expect(one([{ value: '16', measurand: 'Current.Import', unit: 'A' }])).toEqual([]);
    expect(one([{ value: '-5' }])).toEqual([]);
    expect(one([{ value: 'n/a' }])).toEqual([]);
  });

  it('answers the readings oldest first', () => {
    const readings = meterReadings([
      { timestamp: at(20), sampledValue: [{ value: '3000' }] },
      { timestamp: at(10), sampledValue: [{ value: '2000' }] },
    ]);
    expect(readings.map((reading) => reading.meterWh)).toEqual([2_000, 3_000]);
  });

  it('replaces a time too far ahead of the receipt by the receive time, marked clock_future, keeping the newest register of those', () => {
    const receivedAt = new Date(at(8));
    const readings = meterReadings(
      [
        { timestamp: '2999-01-01T00:00:00Z', sampledValue: [{ value: '5000' }] },
        { timestamp: at(10), sampledValue: [{ value: '3000' }] },
        { timestamp: at(5), sampledValue: [{ value: '2000' }] },
        { timestamp: '2999-01-01T00:01:00Z', sampledValue: [{ value: '6000' }] },
      ],
      { receivedAt, skewMs: 60_000 },
    );
    // Received at 10:08 with a minute allowed: 10:05 is kept; 10:10 and 2999 are not.
    expect(readings.map(({ meterWh, at, review }) => ({ meterWh, at, review }))).toEqual([
      { meterWh: 2_000, at: new Date(at(5)), review: undefined },
      { meterWh: 6_000, at: receivedAt, review: 'clock_future' },
    ]);
  });
});

describe('eventTime', () => {
  it('keeps a station’s time up to the skew ahead of the receipt (15 minutes unless told), else takes the receipt', () => {
    const receivedAt = new Date('2026-03-01T10:00:00Z');
    expect(eventTime(new Date('2026-03-01T10:15:00Z'), receivedAt)).toEqual({
      at: new Date('2026-03-01T10:15:00Z'),
      review: null,
    });
    expect(eventTime(new Date('2026-03-01T10:15:00.001Z'), receivedAt)).toEqual({
      at: receivedAt,
      review: 'clock_future',
    });
    expect(eventTime(new Date('2999-01-01T00:00:00Z'), receivedAt, 60_000)).toEqual({
      at: receivedAt,
      review: 'clock_future',
    });
    // Late is no clock fault: a queued message keeps its time.
    expect(eventTime(new Date('2026-02-01T10:00:00Z'), receivedAt)).toEqual({
      at: new Date('2026-02-01T10:00:00Z'),
      review: null,
    });
  });
});
