import type { MeterReading } from '../modules/charges/charge-lifecycle.service.ts';
import { chargePointTime } from './ocpp-time.ts';

/*
 * OCPP 1.6 meter values as the charge services' readings: the energy register (in Wh), the power
 * and the state of charge. Measurands the back office does not use (currents, voltages, a vendor's
 * own) are passed over, never refused; the message log keeps the frames as they came.
 */

/** One sampled value; the schema lets a vendor's own measurand and extra fields through (ocpp-schemas.ts). */
export interface SampledValue {
  value: string;
  context?: string;
  format?: 'Raw' | 'SignedData';
  measurand?: string;
  phase?: string;
  location?: string;
  unit?: string;
}

export interface MeterValue {
  timestamp: string;
  sampledValue: SampledValue[];
}

/** OCPP's default measurand (a sampled value without one) and unit (without one). */
const ENERGY = 'Energy.Active.Import.Register';
const POWER = 'Power.Active.Import';
const SOC = 'SoC';
/** Multipliers of the units the back office reads, to Wh and W. */
const ENERGY_UNITS: Record<string, number> = { Wh: 1, kWh: 1000 };
const POWER_UNITS: Record<string, number> = { W: 1, kW: 1000 };

/** The samples of `measurand` that hold a plain number (signed data does not), the station's total (no phase) first. */
function samplesOf(sampled: readonly SampledValue[], measurand: string) {
  return sampled
    .filter((sample) => (sample.measurand ?? ENERGY) === measurand && sample.format !== 'SignedData' && sample.value.trim() !== '')
    .map((sample) => ({ ...sample, number: Number(sample.value) }))
    .filter((sample) => Number.isFinite(sample.number))
    .sort((a, b) => Number(a.phase !== undefined) - Number(b.phase !== undefined));
}

/** A sample in the unit of `units`' 1, rounded to whole units; undefined for a unit not among them. */
function inUnits(sample: { number: number; unit?: string | undefined }, units: Record<string, number>, defaultUnit: string): number | undefined {
  const multiplier = units[sample.unit ?? defaultUnit];
  // A register in kWh has at most a few decimals; rounding to the whole Wh absorbs the float's error.
  return multiplier === undefined ? undefined : Math.round(sample.number * multiplier);
}

/** The register: the total one (no phase), at the outlet when the station reports several places. */
function energyWh(sampled: readonly SampledValue[]): number | undefined {
  const registers = samplesOf(sampled, ENERGY).filter((sample) => sample.phase === undefined);
  const register = registers.find((sample) => (sample.location ?? 'Outlet') === 'Outlet') ?? registers[0];
  const wh = register && inUnits(register, ENERGY_UNITS, 'Wh');
  return wh !== undefined && Number.isSafeInteger(wh) && wh >= 0 ? wh : undefined;
}

/** The total power, or the sum of the phases' when only those are sent. */
function powerW(sampled: readonly SampledValue[]): number | undefined {
  const samples = samplesOf(sampled, POWER);
  const total = samples.filter((sample) => sample.phase === undefined);
  const parts = (total.length ? total.slice(0, 1) : samples).map((sample) => inUnits(sample, POWER_UNITS, 'W'));
  if (!parts.length || parts.some((watts) => watts === undefined || watts < 0)) return undefined;
  const watts = parts.reduce((sum: number, part) => sum + part!, 0);
  return watts <= 2 ** 31 - 1 ? watts : undefined;
}

function socPercent(sampled: readonly SampledValue[]): number | undefined {
  const [soc] = samplesOf(sampled, SOC);
  return soc && soc.number >= 0 && soc.number <= 100 ? Math.round(soc.number) : undefined;
}

/**
 * The readings in a MeterValues or a StopTransaction's transactionData, oldest first: one per
 * meter value that carries the energy register (the services follow the register; power or state
 * of charge alone moves nothing).
 */
export function meterReadings(meterValues: readonly MeterValue[]): MeterReading[] {
  const readings: MeterReading[] = [];
  for (const meterValue of meterValues) {
    const meterWh = energyWh(meterValue.sampledValue);
    if (meterWh === undefined) continue;
    readings.push({ meterWh, at: chargePointTime(meterValue.timestamp), powerW: powerW(meterValue.sampledValue), socPercent: socPercent(meterValue.sampledValue) });
  }
  return readings.sort((a, b) => a.at.getTime() - b.at.getTime());
}
