import type { MeterReading } from '../modules/charges/charge-lifecycle.service.ts';
import { chargePointTime, eventTime } from './ocpp-time.ts';

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

/** A sample holding a plain number (signed data does not), with that number. */
interface Numbered {
  sample: SampledValue;
  number: number;
}

/** A sample in the unit of `units`' 1, rounded to whole units; undefined for a unit not among them. */
function inUnits({ sample, number }: Numbered, units: Record<string, number>, defaultUnit: string): number | undefined {
  const multiplier = units[sample.unit ?? defaultUnit];
  // A register in kWh has at most a few decimals; rounding to the whole Wh absorbs the float's error.
  return multiplier === undefined ? undefined : Math.round(number * multiplier);
}

/** What one meter value's samples say, read in one pass: every MeterValues call goes through here. */
interface Read {
  /** The first total register (no phase), and the first of those at the outlet. */
  register?: Numbered;
  outletRegister?: Numbered;
  /** The first total power, and the phases' when no total is sent. */
  power?: Numbered;
  phasePowers: Numbered[];
  /** The first total state of charge, else the first of a phase. */
  soc?: Numbered;
  phaseSoc?: Numbered;
}

function readSamples(sampled: readonly SampledValue[]): Read {
  const read: Read = { phasePowers: [] };
  for (const sample of sampled) {
    const measurand = sample.measurand ?? ENERGY;
    if (
      (measurand !== ENERGY && measurand !== POWER && measurand !== SOC) ||
      sample.format === 'SignedData' ||
      sample.value.trim() === ''
    )
      continue;
    const number = Number(sample.value);
    if (!Number.isFinite(number)) continue;
    const numbered = { sample, number };
    const total = sample.phase === undefined;
    if (measurand === ENERGY) {
      if (!total) continue;
      read.register ??= numbered;
      if ((sample.location ?? 'Outlet') === 'Outlet') read.outletRegister ??= numbered;
    } else if (measurand === POWER) {
      if (total) read.power ??= numbered;
      else read.phasePowers.push(numbered);
    } else if (total) read.soc ??= numbered;
    else read.phaseSoc ??= numbered;
  }
  return read;
}

/** The register: the total one (no phase), at the outlet when the station reports several places. */
function energyWh(read: Read): number | undefined {
  const register = read.outletRegister ?? read.register;
  const wh = register && inUnits(register, ENERGY_UNITS, 'Wh');
  return wh !== undefined && Number.isSafeInteger(wh) && wh >= 0 ? wh : undefined;
}

/** The total power, or the sum of the phases' when only those are sent. */
function powerW(read: Read): number | undefined {
  const parts = (read.power ? [read.power] : read.phasePowers).map((sample) => inUnits(sample, POWER_UNITS, 'W'));
  if (!parts.length || parts.some((watts) => watts === undefined || watts < 0)) return undefined;
  const watts = parts.reduce((sum: number, part) => sum + part!, 0);
  return watts <= 2 ** 31 - 1 ? watts : undefined;
}

function socPercent(read: Read): number | undefined {
  const soc = read.soc ?? read.phaseSoc;
  return soc && soc.number >= 0 && soc.number <= 100 ? Math.round(soc.number) : undefined;
}

/** When the server received the readings, and how far ahead of it a station's clock may be (ocpp-time.ts eventTime). */
export interface Receipt {
  receivedAt: Date;
  skewMs?: number | undefined;
}

/**
 * The readings in a MeterValues or a StopTransaction's transactionData, oldest first: one per
 * meter value that carries the energy register (the services follow the register; power or state
 * of charge alone moves nothing). With `receipt`, a reading stamped too far ahead takes the receive
 * time (marked `clock_future`); of several such, only the last (the newest register) is kept, as
 * they now share one time.
 */
export function meterReadings(meterValues: readonly MeterValue[], receipt?: Receipt): MeterReading[] {
  const readings: MeterReading[] = [];
  for (const meterValue of meterValues) {
    const read = readSamples(meterValue.sampledValue);
    const meterWh = energyWh(read);
    if (meterWh === undefined) continue;
    readings.push({
      meterWh,
      at: chargePointTime(meterValue.timestamp),
      powerW: powerW(read),
      socPercent: socPercent(read),
    });
  }
  if (readings.length > 1) readings.sort((a, b) => a.at.getTime() - b.at.getTime());
  // Oldest first: only the last can be too far ahead when none of the others is.
  const last = readings.at(-1);
  if (!receipt || !last || eventTime(last.at, receipt.receivedAt, receipt.skewMs).review === null) return readings;
  let replaced: MeterReading | undefined;
  const believed = readings.filter((reading) => {
    const { at, review } = eventTime(reading.at, receipt.receivedAt, receipt.skewMs);
    if (review) replaced = { ...reading, at, review };
    return !review;
  });
  return replaced ? [...believed, replaced] : believed;
}
