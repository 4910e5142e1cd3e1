import type { Random } from './demo-random.ts';
import type { DemoDriver } from './demo-drivers.ts';
import type { DemoConnector, DemoStation } from './demo-stations.ts';

/*
 * What happens in the demo network, as plain decisions: how many charges a day, at what times
 * (busier evenings), who charges where on which connector, how much energy over how long, and how
 * each charge ends. demo-charges.ts plays these through the charge services.
 */

export const MINUTE = 60 * 1000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** Bishkek keeps UTC+6 all year. */
const BISHKEK_OFFSET = 6 * HOUR;

/** Relative share of charges starting in each hour of a Bishkek day. */
const HOURS = [
  0.3, 0.15, 0.1, 0.1, 0.1, 0.2, 0.5, 1.2, 2.2, 2.4, 2, 1.8, 2, 2, 1.8, 1.8, 2, 2.6, 3.4, 3.8, 3.6, 2.8, 1.6, 0.8,
];
const HOUR_KEYS = HOURS.map((_, hour) => hour);
/** Monday first, as `bishkekWeekday` counts. */
const WEEKDAYS = [1, 1, 1, 1.05, 1.1, 1.15, 0.85];

/** Midnight in Bishkek of the day `at` falls on. */
export function bishkekMidnight(at: number): number {
  return Math.floor((at + BISHKEK_OFFSET) / DAY) * DAY - BISHKEK_OFFSET;
}

const bishkekHour = (at: number) => Math.floor(((at + BISHKEK_OFFSET) % DAY) / HOUR);
const bishkekWeekday = (at: number) => (Math.floor((at + BISHKEK_OFFSET) / DAY) + 3) % 7; // 1970-01-01 was a Thursday

/** Start times of one day's charges, in order: the network grows through the history, Saturdays are busiest. */
export function startTimes(random: Random, day: number, progress: number, perDay: number): number[] {
  const count = Math.round(
    perDay * (0.65 + 0.6 * progress) * WEEKDAYS[bishkekWeekday(day)]! * random.between(0.85, 1.15),
  );
  return Array.from(
    { length: count },
    () => day + random.weighted(HOUR_KEYS, (hour) => HOURS[hour]!) * HOUR + Math.floor(random.next() * HOUR),
  ).sort((a, b) => a - b);
}

export type Ending = 'finished' | 'stopped' | 'not_completed' | 'no_energy' | 'canceled' | 'unknown_card';

/** How a charge attempt ends, before the balance and the blocks have their say. */
export function anEnding(random: Random): Ending {
  const roll = random.next();
  if (roll < 0.03) return 'canceled';
  if (roll < 0.05) return 'unknown_card';
  if (roll < 0.08) return 'stopped';
  if (roll < 0.1) return 'not_completed';
  if (roll < 0.11) return 'no_energy';
  return 'finished';
}

export interface Plan {
  driver: DemoDriver;
  station: DemoStation;
  connector: DemoConnector;
  start: number;
  energyWh: number;
  durationMs: number;
  /** Power the car draws, W, and its charge level, %, halfway. */
  powerW: number;
  socHalfway: number;
}

function isOpen(station: DemoStation, at: number): boolean {
  if (station.openedAt > at) return false;
  if (!station.hours) return true;
  const hour = bishkekHour(at);
  return hour >= station.hours[0] && hour < station.hours[1];
}

/** Energy and time of a charge of `driver`'s car on `connector`: 5 to 60 kWh, DC at a fraction of its peak, AC at the car's rate. */
function session(random: Random, driver: DemoDriver, connector: DemoConnector) {
  const dc = connector.kw >= 40;
  const powerKw = dc
    ? Math.min(connector.kw, driver.car.dcKw) * random.between(0.55, 0.85)
    : Math.min(connector.kw, driver.car.acKw) * 0.95;
  const most = Math.min(60, driver.car.batteryKwh * 0.9, dc ? 60 : powerKw * 9);
  const kwh = 5 + (most - 5) * Math.sqrt(random.next()) * random.between(0.5, 1);
  const durationMs = (kwh / powerKw) * HOUR + random.between(2, 6) * MINUTE;
  return { energyWh: Math.round(kwh * 1000), durationMs: Math.round(durationMs), powerW: Math.round(powerKw * 1000) };
}

/**
 * Who charges where at `start`: a free driver (weighted by how often they charge), mostly at a
 * station of their town (weighted by how busy it is), on a free connector their car fits. Undefined
 * when nobody can (everyone busy, every fitting connector taken): the attempt is dropped.
 */
export function aPlan(
  random: Random,
  start: number,
  drivers: readonly DemoDriver[],
  stations: readonly DemoStation[],
): Plan | undefined {
  const free = drivers.filter((driver) => driver.registeredAt < start && driver.freeAt < start);
  if (!free.length) return undefined;
  const driver = random.weighted(free, (candidate) => candidate.activity);
  const open = stations.filter((station) => isOpen(station, start));
  const local = open.filter((station) => station.town === driver.home);
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const pool = local.length && random.chance(0.92) ? local : open;
    if (!pool.length) return undefined;
    const station = random.weighted(pool, (candidate) => candidate.popularity);
    const fitting = station.connectors.filter(
      (connector) => driver.car.plugs.includes(connector.typo) && connector.freeAt < start,
    );
    if (!fitting.length) continue;
    // A fast connector first, when the car takes it.
    const connector = fitting.reduce((best, candidate) => (candidate.kw > best.kw ? candidate : best));
    const { energyWh, durationMs, powerW } = session(random, driver, connector);
    return { driver, station, connector, start, energyWh, durationMs, powerW, socHalfway: random.int(35, 75) };
  }
  return undefined;
}
