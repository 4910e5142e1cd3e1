import { driverCreateRequest } from '@evcms/contracts/drivers';
import type { Db } from '../db/client.ts';
import { createDriver } from '../modules/drivers/drivers.service.ts';
import { addIdTag, setIdTagBlocked } from '../modules/drivers/id-tags.service.ts';
import { postBalanceEntry } from '../modules/drivers/ledger.service.ts';
import { DAY, MINUTE } from './demo-history.ts';
import { aPerson, anRfidUid, type DemoCar } from './demo-people.ts';
import type { Town } from './demo-places.ts';
import type { Random } from './demo-random.ts';

/*
 * The demo's drivers, registered through the drivers service with their cards, and their
 * top-ups, booked through the ledger at the time they happen in the history. Each driver keeps a
 * copy of the balance the ledger answered, to decide when they would top up.
 */

export interface DemoDriver {
  id: number;
  /** The cards the driver charges with (a lost, blocked card is not among them). */
  idTags: string[];
  car: DemoCar;
  /** Where the driver mostly charges. */
  home: Town;
  registeredAt: number;
  /** How often the driver charges, relative to the others (a taxi driver charges daily). */
  activity: number;
  /** Pays in the app (online top-ups), or in the office (a manager tops up). */
  online: boolean;
  balanceTyiyn: number;
  /** The last ledger entry's date, so the driver's entries are dated in their chain's order. */
  lastEntryAt: number;
  /** When the driver is free to charge again. */
  freeAt: number;
  /** The moment a manager blocks the driver, if one does. */
  blockedFrom: number | null;
}

export interface DriversInput {
  db: Db;
  random: Random;
  managerId: number;
  count: number;
  /** Towns with stations, weighted by how many drivers live there. */
  homes: readonly { town: Town; weight: number }[];
  historyStart: number;
  now: number;
  /** Card numbers given out so far (one card belongs to one driver). */
  cards: Set<string>;
}

const ONLINE = ['Элсом', 'MBank', 'O!Деньги', 'Optima24', 'Bakai24', 'Visa'];
const OFFICE = ['Оплата наличными в офисе', 'Безналичный перевод по счёту', 'Пополнение по заявлению клиента'];
const AMOUNTS_SOM = [300, 500, 500, 1000, 1000, 1000, 1500, 2000, 2000, 3000, 5000];

export function aCard(random: Random, cards: Set<string>): string {
  let card: string;
  do card = anRfidUid(random);
  while (cards.has(card));
  cards.add(card);
  return card;
}

export async function createDrivers(input: DriversInput): Promise<DemoDriver[]> {
  const { db, random } = input;
  const phones = new Set<string>();
  const drivers: DemoDriver[] = [];
  for (let i = 0; i < input.count; i += 1) {
    const person = aPerson(random, phones, aCard(random, input.cards));
    const created = await createDriver({ db }, driverCreateRequest.parse(person.request), input.managerId);
    const span = input.now - input.historyStart;
    // A little over half came before the history; the rest join through it, the network growing.
    const registeredAt = random.chance(0.55)
      ? input.historyStart - random.between(1, 400) * DAY
      : input.historyStart + random.between(0, 0.97) * span;
    const taxi = random.chance(0.05);
    const driver: DemoDriver = {
      id: created.id,
      idTags: [created.idTags[0]!.idTag],
      car: person.car,
      home: random.weighted(input.homes, (home) => home.weight).town,
      registeredAt,
      activity: taxi ? 8 : random.pick([0.3, 0.5, 0.7, 1, 1, 1.5, 2, 3]),
      online: random.chance(0.8),
      balanceTyiyn: 0,
      lastEntryAt: registeredAt,
      freeAt: registeredAt + 30 * MINUTE,
      blockedFrom: i % 97 === 40 ? input.historyStart + random.between(0.2, 0.8) * span : null,
    };
    if (random.chance(0.12)) driver.idTags.push((await addIdTag({ db }, driver.id, aCard(random, input.cards))).idTag);
    // A lost card: blocked, and a new one bound in its place.
    if (random.chance(0.03)) {
      await setIdTagBlocked({ db }, driver.id, created.idTags[0]!.id, true);
      driver.idTags[0] = (await addIdTag({ db }, driver.id, aCard(random, input.cards))).idTag;
    }
    drivers.push(driver);
  }
  return drivers;
}

/** One top-up of `driver` dated `at` (the ledger's own date for it), through the ledger in its own transaction. */
export async function topUp(db: Db, random: Random, driver: DemoDriver, at: number, managerId: number): Promise<void> {
  const som = random.pick(AMOUNTS_SOM) * (driver.activity >= 8 ? 2 : 1);
  const entry = await db.transaction((tx) =>
    postBalanceEntry(tx, {
      driverId: driver.id,
      creditTyiyn: som * 100,
      method: driver.online ? 'online_top_up' : 'manager_top_up',
      reason: driver.online ? `Пополнение через ${random.pick(ONLINE)}` : random.pick(OFFICE),
      managerId: driver.online ? null : managerId,
      at: new Date(at),
    }),
  );
  driver.balanceTyiyn = entry.balanceAfterTyiyn;
  driver.lastEntryAt = at;
}

/**
 * Before a charge at `start`: a driver short of money mostly tops up first, some time after their
 * last entry; now and then one forgets, and the charge point refuses them.
 */
export async function topUpBefore(
  db: Db,
  random: Random,
  driver: DemoDriver,
  start: number,
  managerId: number,
): Promise<void> {
  const short = driver.balanceTyiyn < 50_000;
  if (!(short ? random.chance(0.92) : random.chance(0.02))) return;
  const earliest = Math.max(driver.lastEntryAt + MINUTE, start - 2 * DAY);
  await topUp(db, random, driver, earliest + random.next() * Math.max(0, start - MINUTE - earliest), managerId);
}
