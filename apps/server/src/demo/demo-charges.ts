import { driverUpdateRequest } from '@evcms/contracts/drivers';
import type { ChargeStatus } from '@evcms/contracts/charges';
import type { Db } from '../db/client.ts';
import {
  cancelCharge,
  completeCharge,
  markNotCompleted,
  markStopRequested,
  recordMeterProgress,
  setChargeSuspended,
} from '../modules/charges/charge-lifecycle.service.ts';
import { initiateCharge, openCharge } from '../modules/charges/charge-start.service.ts';
import { updateDriver } from '../modules/drivers/drivers.service.ts';
import { aCard, topUp, topUpBefore, type DemoDriver } from './demo-drivers.ts';
import {
  aPlan,
  anEnding,
  bishkekMidnight,
  DAY,
  HOUR,
  MINUTE,
  startTimes,
  type Ending,
  type Plan,
} from './demo-history.ts';
import type { Random } from './demo-random.ts';
import type { DemoStation } from './demo-stations.ts';

/*
 * The demo's charges, played through the charge services as the OCPP central system would drive
 * them (remote start, StartTransaction, MeterValues, StopTransaction, a reboot, a timeout), with
 * the charge points' own timestamps, so prices, debits and statuses come out of the real rules.
 * Each day of history is one transaction (the services' own become savepoints in it).
 */

export interface ChargesInput {
  db: Db;
  random: Random;
  managerId: number;
  drivers: DemoDriver[];
  stations: DemoStation[];
  historyStart: number;
  now: number;
  perDay: number;
  cards: Set<string>;
}

export type StatusCounts = Partial<Record<ChargeStatus, number>>;

// Each service call costs a few queries; these shares keep the whole demo under two minutes on PGlite.
/** Charges started from the app (a remote start first), of the app's users. */
const APP_STARTS = 0.25;
/** Charges with a meter reading halfway (power and charge level on the charge's card). */
const METERED = 0.3;
const STOP_REASONS = ['EVDisconnected', 'EVDisconnected', 'EVDisconnected', 'Local', 'Local', 'Remote'];

/** One attempt from start to end; answers the charge's status. */
async function play(tx: Db, input: ChargesInput, plan: Plan, ending: Ending): Promise<ChargeStatus> {
  const { random } = input;
  const { driver, station, connector, start } = plan;
  const site = { stationId: station.id, ocppConnectorId: connector.ocppId };
  if (ending === 'canceled') {
    // A remote start from the app that the car never took up.
    const initiated = await initiateCharge(tx, {
      ...site,
      idTag: random.pick(driver.idTags),
      source: 'app',
      at: new Date(start),
    });
    driver.freeAt = start + 15 * MINUTE;
    return (await cancelCharge(tx, initiated.id)).status;
  }
  const idTag = ending === 'unknown_card' ? aCard(random, input.cards) : random.pick(driver.idTags);
  if (ending !== 'unknown_card') {
    await topUpBefore(tx, random, driver, start, input.managerId);
    if (driver.online && random.chance(APP_STARTS))
      await initiateCharge(tx, { ...site, idTag, source: 'app', at: new Date(start - 40_000) });
  }
  const meterStartWh = connector.meterWh;
  const opened = await openCharge(tx, { ...site, idTag, meterStartWh, startedAt: new Date(start) });
  if (opened.charge.status === 'unauthorized') {
    // The charge point was told not to start, and reports the stop at once.
    await completeCharge(tx, opened.chargeId, {
      meterStopWh: meterStartWh,
      finishedAt: new Date(start + 30_000),
      reason: 'DeAuthorized',
    });
    driver.freeAt = start + 20 * MINUTE;
    return 'unauthorized';
  }
  const share = ending === 'stopped' ? random.between(0.2, 0.7) : ending === 'no_energy' ? 0 : 1;
  const energyWh = Math.round(plan.energyWh * share);
  const finish = start + (ending === 'no_energy' ? 3 * MINUTE : Math.round(plan.durationMs * share));
  const halfway = {
    meterWh: meterStartWh + Math.round(energyWh / 2),
    at: new Date((start + finish) / 2),
    powerW: plan.powerW,
    socPercent: plan.socHalfway,
  };
  if (energyWh > 0 && random.chance(METERED)) await recordMeterProgress(tx, opened.chargeId, halfway);
  connector.meterWh += energyWh;
  connector.freeAt = finish + 2 * MINUTE;
  driver.freeAt = finish + (random.between(3, 30) * HOUR) / Math.sqrt(driver.activity);
  if (ending === 'not_completed') {
    // The station rebooted mid-charge and its stop never came.
    await markNotCompleted(tx, { stationId: station.id, before: new Date(halfway.at.getTime() + MINUTE) });
    return 'not_completed';
  }
  if (ending === 'stopped') await markStopRequested(tx, opened.chargeId, new Date(finish - 30_000));
  const reason =
    ending === 'stopped' ? 'Remote' : ending === 'no_energy' ? 'EVDisconnected' : random.pick(STOP_REASONS);
  const completed = await completeCharge(tx, opened.chargeId, {
    meterStopWh: meterStartWh + energyWh,
    finishedAt: new Date(finish),
    reason,
    bookedAt: new Date(finish),
  });
  if (completed.charge.totalTyiyn > 0) {
    driver.balanceTyiyn -= completed.charge.totalTyiyn;
    driver.lastEntryAt = finish;
  }
  return completed.charge.status;
}

const count = (counts: StatusCounts, status: ChargeStatus) => (counts[status] = (counts[status] ?? 0) + 1);

/** Every driver's first top-up, soon after registering; then day after day of charges up to about now. */
export async function playHistory(input: ChargesInput): Promise<StatusCounts> {
  const { db, random, drivers, now } = input;
  const counts: StatusCounts = {};
  await db.transaction(async (tx) => {
    for (const driver of drivers)
      await topUp(tx, random, driver, driver.registeredAt + random.between(5, 40) * MINUTE, input.managerId);
  });
  const today = bishkekMidnight(now);
  for (let day = input.historyStart; day <= today; day += DAY) {
    // A manager blocks a driver (outside the day's transaction: the driver service reads in parallel).
    for (const driver of drivers.filter(
      (candidate) => candidate.blockedFrom !== null && candidate.blockedFrom < day + DAY,
    )) {
      await updateDriver({ db }, driver.id, driverUpdateRequest.parse({ blocked: true }));
      driver.blockedFrom = null;
      driver.activity = 0.2;
    }
    await db.transaction(async (tx) => {
      for (const start of startTimes(
        random,
        day,
        (day - input.historyStart) / (today - input.historyStart || 1),
        input.perDay,
      )) {
        const plan = aPlan(random, start, drivers, input.stations);
        // Today's charges that would still be running are left to playNow.
        if (!plan || start + plan.durationMs > now - 10 * MINUTE) continue;
        count(counts, await play(tx, input, plan, anEnding(random)));
      }
    });
  }
  return counts;
}

/** A handful of charges running now (one of them paused, the car full for the moment), and a remote start waiting for its car. */
export async function playNow(input: ChargesInput): Promise<StatusCounts> {
  const { db, random, now } = input;
  const counts: StatusCounts = {};
  const running = Math.max(2, Math.round(input.stations.length / 5));
  await db.transaction(async (tx) => {
    for (let i = 0; i <= running; i += 1) {
      const plan = aPlan(random, now - random.between(5, 80) * MINUTE, input.drivers, input.stations);
      if (!plan) continue;
      const { driver, station, connector, start } = plan;
      const site = { stationId: station.id, ocppConnectorId: connector.ocppId };
      connector.freeAt = now + DAY;
      driver.freeAt = now + DAY;
      if (i === running) {
        count(
          counts,
          (await initiateCharge(tx, { ...site, idTag: driver.idTags[0], source: 'app', at: new Date(now - 20_000) }))
            .status,
        );
        continue;
      }
      if (driver.balanceTyiyn < 50_000)
        await topUp(tx, random, driver, Math.max(driver.lastEntryAt + MINUTE, start - HOUR), input.managerId);
      const opened = await openCharge(tx, {
        ...site,
        idTag: driver.idTags[0]!,
        meterStartWh: connector.meterWh,
        startedAt: new Date(start),
      });
      if (opened.charge.status === 'unauthorized') {
        await completeCharge(tx, opened.chargeId, {
          meterStopWh: connector.meterWh,
          finishedAt: new Date(start + 30_000),
          reason: 'DeAuthorized',
        });
        count(counts, 'unauthorized');
        continue;
      }
      const at = now - random.between(0.5, 3) * MINUTE;
      const meterWh = connector.meterWh + Math.round((plan.powerW * (at - start)) / HOUR);
      await recordMeterProgress(tx, opened.chargeId, {
        meterWh,
        at: new Date(at),
        powerW: plan.powerW,
        socPercent: plan.socHalfway,
      });
      const charge = i === 1 ? await setChargeSuspended(tx, opened.chargeId, true) : opened.charge;
      count(counts, charge.status);
    }
  });
  return counts;
}
