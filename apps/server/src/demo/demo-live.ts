import { generatePassword, type SimulatedStation } from '@evcms/simulator/api';
import { Fleet } from '@evcms/simulator/fleet';
import { MAX_PAGE_SIZE } from '@evcms/contracts/common';
import { stationUpdateRequest } from '@evcms/contracts/stations';
import { STATUS_ACTIVE } from '@evcms/contracts/status';
import { listDrivers } from '../modules/drivers/drivers.service.ts';
import { listIdTags } from '../modules/drivers/id-tags.service.ts';
import { priceFor } from '../modules/rates/rates.service.ts';
import { listStations, type StationListRecord } from '../modules/stations/station-queries.service.ts';
import { updateStation, type StationsDeps } from '../modules/stations/stations.service.ts';
import { DEMO_IDENTITY } from './demo-stations.ts';

/*
 * `npm run demo`'s live part: a few of the demo's stations connected as simulated charge points
 * (apps/simulator) to the running back office, charging demo drivers session after session until
 * stopped. Chosen so as not to spoil the story: active stations whose every connector is priced
 * and that hold no open charge (a booting charge point reports its connectors Available, which
 * leaves a charge still running there not completed, and the demo's charges "running now" should
 * stay so), and drivers with money, an unblocked card and no charge running.
 */

export const LIVE_STATIONS = 4;
/** 300 som: many sessions' worth, so the prepaid protection seldom has to stop one. */
const LIVE_BALANCE_TYIYN = 30_000;

export interface LiveStation extends SimulatedStation {
  stationId: number;
  name: string;
  /** What its slowest connector gives: the simulated cars charge at it on every connector. */
  powerKw: number;
}

export interface LivePlan {
  stations: LiveStation[];
  idTags: string[];
}

export interface LiveOptions {
  sessionSeconds?: number;
  meterIntervalSeconds?: number;
  finishingSeconds?: number;
  log?: (line: string, error: boolean) => void;
}

export interface LiveRun {
  /** Charge points connected and booted now. */
  online(): number;
  /** Ends the running sessions (their charges finish) and closes every charge point. */
  stop(): Promise<void>;
}

/** Every connector but one charges at once, so a live station shows both; a single connector charges. */
const sessionsAt = (station: SimulatedStation) => Math.max(1, station.connectors - 1);

const roundTheClock = (station: StationListRecord) =>
  station.schedule.every((day) => day.start_time === '00:00:00' && day.end_time === '00:00:00');

async function allPriced(deps: StationsDeps, station: StationListRecord): Promise<boolean> {
  for (const connector of station.connectors) {
    const price = await priceFor(deps.db, {
      merchantId: station.merchantId,
      typo: connector.typo,
      customFee: connector.customFeeTyiyn,
    });
    if (price.priceTyiyn === null) return false;
  }
  return true;
}

/** Connectors numbered 1..n, as a simulated charge point numbers its own. */
function numberedInOrder(station: StationListRecord): boolean {
  const ids = station.connectors.map((connector) => connector.ocpp16Id).sort((a, b) => a - b);
  return ids.length > 0 && ids.every((id, index) => id === index + 1);
}

/** One unblocked card each of up to `wanted` unblocked drivers with money and no charge running. */
async function liveIdTags(deps: StationsDeps, busyDrivers: ReadonlySet<number>, wanted: number): Promise<string[]> {
  const tags: string[] = [];
  for (let page = 1; tags.length < wanted; page += 1) {
    const drivers = await listDrivers(deps, { page, size: MAX_PAGE_SIZE });
    for (const driver of drivers.items) {
      if (tags.length >= wanted) break;
      if (driver.blocked || driver.balanceTyiyn < LIVE_BALANCE_TYIYN || busyDrivers.has(driver.id)) continue;
      const card = (await listIdTags(deps, driver.id)).find((tag) => !tag.blocked);
      if (card) tags.push(card.idTag);
    }
    if (page >= drivers.pages) break;
  }
  return tags;
}

/**
 * Up to `count` of the demo's stations to run live (round-the-clock ones first) and id tags for
 * them; undefined when the database holds none that fit. Each chosen station gets a new OCPP
 * password through the stations service (which keeps only its hash); its charge point is told it here.
 */
export async function prepareLive(deps: StationsDeps, count = LIVE_STATIONS): Promise<LivePlan | undefined> {
  const listed = (await listStations(deps, { search: 'KG-', status: STATUS_ACTIVE, size: MAX_PAGE_SIZE })).items.filter(
    (station) => DEMO_IDENTITY.test(station.identity),
  );
  const busyDrivers = new Set(
    listed.flatMap((station) => [...station.openCharges.values()].flatMap((charge) => charge.driverId ?? [])),
  );
  const candidates = listed
    .filter((station) => station.openCharges.size === 0 && numberedInOrder(station))
    .sort((a, b) => Number(roundTheClock(b)) - Number(roundTheClock(a)) || a.id - b.id);
  const chosen: StationListRecord[] = [];
  for (const station of candidates) {
    if (chosen.length < count && (await allPriced(deps, station))) chosen.push(station);
  }
  if (!chosen.length) return undefined;

  const stations: LiveStation[] = [];
  for (const station of chosen) {
    const password = generatePassword();
    await updateStation(deps, station.id, stationUpdateRequest.parse({ password }));
    const powerKw = Math.min(...station.connectors.map((connector) => connector.powerW)) / 1000;
    stations.push({
      stationId: station.id,
      identity: station.identity,
      password,
      connectors: station.connectors.length,
      name: station.name.en,
      powerKw,
    });
  }
  // Twice the sessions, so a driver can leave before the same card comes back.
  const sessions = stations.reduce((sum, station) => sum + sessionsAt(station), 0);
  return { stations, idTags: await liveIdTags(deps, busyDrivers, 2 * sessions) };
}

/**
 * Connects the plan's charge points to `endpoint` (ws://host:port/ocpp) and lets the drivers in:
 * each station its own fleet, charging at its own power with its share of the cards. Resolves
 * once every charge point has connected and booted, or failed to (logged).
 */
export async function startLive(endpoint: string, plan: LivePlan, options: LiveOptions = {}): Promise<LiveRun> {
  const fleets = plan.stations.map(
    (station, index) =>
      new Fleet({
        endpoint,
        stations: [station],
        idTags: plan.idTags.filter((_, tag) => tag % plan.stations.length === index),
        sessions: sessionsAt(station),
        sessionSeconds: options.sessionSeconds ?? 120,
        meterIntervalSeconds: options.meterIntervalSeconds ?? 5,
        finishingSeconds: options.finishingSeconds ?? 3,
        powerKw: station.powerKw,
        log: options.log,
      }),
  );
  await Promise.all(fleets.map((fleet) => fleet.start()));
  return {
    online: () => fleets.reduce((sum, fleet) => sum + fleet.stats.booted, 0),
    stop: async () => {
      await Promise.all(fleets.map((fleet) => fleet.stop()));
    },
  };
}
