import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { LANGUAGES, type Lang } from '@evcms/contracts/i18n';
import type { Localized } from '@evcms/contracts/localized';
import type { Db } from '../../db/client.ts';
import { charges } from '../../db/schema/charges.ts';
import { drivers, listedDriverColumns, type ListedDriver } from '../../db/schema/drivers.ts';
import { localizedSelection } from '../../db/schema/localized.ts';
import { promotions } from '../../db/schema/promotions.ts';
import { stations } from '../../db/schema/stations.ts';

/*
 * The charge list's read across domains: charges with their drivers', stations' and promotions' names. The
 * charges module says which charges (its filters' conditions, charges-filter.ts) and pages them;
 * this reads them with the names, one statement each.
 */

type ChargeRow = typeof charges.$inferSelect;

/** A charge with what the list shows of its driver, station and promotion. */
export interface ChargeRecord extends ChargeRow {
  driver: ListedDriver | null;
  /** The station's name now, or the one it had at the start once it is deleted. */
  stationName: Localized;
  /** The title of the promotion that gave the discount; null when none did. */
  promotionName: Localized | null;
}

const currentName = localizedSelection(stations, 'name');
const startName = localizedSelection(charges, 'station_name');
const stationName = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, sql<string>`coalesce(${currentName[lang]}, ${startName[lang]})`]),
) as Record<Lang, SQL<string>>;

function selectCharges(db: Db) {
  return db
    .select({
      charge: charges,
      driver: listedDriverColumns,
      stationName,
      promotionName: localizedSelection(promotions, 'title'),
    })
    .from(charges)
    .leftJoin(drivers, eq(drivers.id, charges.driverId))
    .leftJoin(stations, eq(stations.id, charges.stationId))
    .leftJoin(promotions, eq(promotions.id, charges.promotionId));
}

type SelectedCharge = Awaited<ReturnType<ReturnType<typeof selectCharges>['execute']>>[number];

function toRecord({ charge, driver, stationName, promotionName }: SelectedCharge): ChargeRecord {
  return {
    ...charge,
    driver: driver && driver.id !== null ? driver : null,
    stationName,
    promotionName: promotionName && promotionName.ru !== null ? (promotionName as Localized) : null,
  };
}

/**
 * One page of the charges `where` selects, in the list's order (newest start first, then the
 * highest number), read from the oldest end when `ascending` (charges.rules.ts pageReading). The
 * page's numbers are found first, from the filter's index alone where it can, and only its rows
 * are read and joined, not every row skipped on the way.
 */
export function chargeListPage(
  db: Db,
  where: SQL | undefined,
  reading: { ascending: boolean; limit: number; offset: number },
): Promise<ChargeRecord[]> {
  const order = reading.ascending
    ? [asc(charges.startedAt), asc(charges.id)]
    : [desc(charges.startedAt), desc(charges.id)];
  const numbers = db
    .select({ id: charges.id })
    .from(charges)
    .where(where)
    .orderBy(...order)
    .limit(reading.limit)
    .offset(reading.offset)
    .as('page');
  return selectCharges(db)
    .innerJoin(numbers, eq(numbers.id, charges.id))
    .orderBy(...order)
    .then((rows) => (reading.ascending ? rows.reverse() : rows).map(toRecord));
}

export async function findChargeRecord(db: Db, id: number): Promise<ChargeRecord | undefined> {
  const [row] = await selectCharges(db).where(eq(charges.id, id));
  return row && toRecord(row);
}

/** The charges `where` selects, newest first (the station cards' open charges). */
export async function findChargeRecords(db: Db, where: SQL): Promise<ChargeRecord[]> {
  const rows = await selectCharges(db).where(where).orderBy(desc(charges.startedAt), desc(charges.id));
  return rows.map(toRecord);
}
