import type { MeterValue, SampledValue } from './ocpp.ts';

/*
 * The energy meter of one charging session: a car takes a constant power until its battery is
 * full, so the register only grows, the power drops to 0 at 100 % and the state of charge follows
 * the energy. Pure functions of time, so every reading (periodic, triggered, final) agrees.
 */

export interface ChargeCurve {
  /** When the energy started to flow (ms since the epoch). */
  startedAt: number;
  /** The connector's register at the start, Wh. */
  startWh: number;
  powerW: number;
  /** The car's state of charge at the start, %. */
  socStart: number;
  capacityWh: number;
}

export interface MeterReading {
  registerWh: number;
  powerW: number;
  socPercent: number;
}

export function readMeter(curve: ChargeCurve, at: number): MeterReading {
  const hours = Math.max(0, at - curve.startedAt) / 3_600_000;
  const room = ((100 - curve.socStart) / 100) * curve.capacityWh;
  const delivered = Math.min(room, curve.powerW * hours);
  return {
    registerWh: Math.floor(curve.startWh + delivered),
    powerW: delivered >= room ? 0 : curve.powerW,
    socPercent: Math.min(100, Math.floor(curve.socStart + (delivered / curve.capacityWh) * 100)),
  };
}

type Context = NonNullable<SampledValue['context']>;

/** The energy register alone: what a charge point reports when no car is charging. */
export function registerValue(registerWh: number, at: number, context: Context): MeterValue {
  return {
    timestamp: new Date(at).toISOString(),
    sampledValue: [
      {
        value: String(registerWh),
        context,
        measurand: 'Energy.Active.Import.Register',
        location: 'Outlet',
        unit: 'Wh',
      },
    ],
  };
}

/** One sample of a session: energy register (Wh), power (W) and the car's state of charge (%). */
export function sessionValue(reading: MeterReading, at: number, context: Context): MeterValue {
  const value = registerValue(reading.registerWh, at, context);
  value.sampledValue.push(
    { value: String(reading.powerW), context, measurand: 'Power.Active.Import', location: 'Outlet', unit: 'W' },
    { value: String(reading.socPercent), context, measurand: 'SoC', location: 'EV', unit: 'Percent' },
  );
  return value;
}
