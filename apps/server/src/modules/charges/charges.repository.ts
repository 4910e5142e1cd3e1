import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { LANGUAGES, type Lang } from '@evcms/contracts/i18n';
import type { Localized } from '@evcms/contracts/localized';
import type { Db } from '../../db/client.ts';
import { charges } from '../../db/schema/charges.ts';
import { drivers } from '../../db/schema/drivers.ts';
import { localizedSelection } from '../../db/schema/localized.ts';
import { stationConnectors, stations } from '../../db/schema/stations.ts';
import { countCharges } from './charges-count.repository.ts';
import { chargeWhere, type ChargeFilter } from './charges-filter.ts';
import { OPEN_STATUSES, pageReading } from './charges.rules.ts';

/** A charge's row, as the charge services read and write it. */
export type ChargeRow = typeof charges.$inferSelect;
export type ChargeValues = Omit<typeof charges.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'finishedTime'>;

/** A charge with what the list shows of its driver and station. */
export interface ChargeRecord extends ChargeRow {
  driver: { id: number; surname: string; firstName: string; phone: string; account: string } | null;
  /** The station's name now, or the one it had at the start once it is deleted. */
  stationName: Localized;
}

/** Where a charge point's connector belongs: its station (names, merchant) and, if the station has it, the connector. */
export interface ChargeSite {
  stationId: number;
  merchantId: number;
  stationName: Localized;
  connector: { id: number; typo: string; customFeeTyiyn: number | null; powerW: number } | undefined;
}

export async function findChargeSite(
  db: Db,
  stationId: number,
  ocppConnectorId: number,
): Promise<ChargeSite | undefined> {
  const [row] = await db
    .select({
      stationId: stations.id,
      merchantId: stations.merchantId,
      stationName: localizedSelection(stations, 'name'),
      connectorId: stationConnectors.id,
      typo: stationConnectors.typo,
      customFeeTyiyn: stationConnectors.customFeeTyiyn,
      powerW: stationConnectors.powerW,
    })
    .from(stations)
    .leftJoin(
      stationConnectors,
      and(eq(stationConnectors.stationId, stations.id), eq(stationConnectors.ocpp16Id, ocppConnectorId)),
    )
    .where(eq(stations.id, stationId))
    .limit(1);
  if (!row) return undefined;
  const { connectorId, typo, customFeeTyiyn, powerW, ...site } = row;
  return {
    ...site,
    connector:
      connectorId === null || typo === null
        ? undefined
        : { id: connectorId, typo, customFeeTyiyn, powerW: powerW ?? 0 },
  };
}

export async function findChargeRow(
  db: Db,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<ChargeRow | undefined> {
  const query = db.select().from(charges).where(eq(charges.id, id));
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

/** What makes a StartTransaction the same one sent again. */
export interface StartKey {
  stationId: number;
  ocppConnectorId: number;
  idTag: string;
  meterStartWh: number;
  startedAt: Date;
}

/** A start's key but its time: the station, connector, tag and meter start. */
function sameStart(key: Omit<StartKey, 'startedAt'>) {
  return [
    eq(charges.stationId, key.stationId),
    eq(charges.ocppConnectorId, key.ocppConnectorId),
    eq(charges.idTag, key.idTag),
    eq(charges.meterStartWh, key.meterStartWh),
  ];
}

export async function findByStartKey(db: Db, key: StartKey): Promise<ChargeRow | undefined> {
  const [row] = await db
    .select()
    .from(charges)
    .where(and(...sameStart(key), eq(charges.startedAt, key.startedAt)));
  return row;
}

/**
 * A start whose time was replaced by the server's (it was marked for review), on this connector
 * with this tag and meter start, still open (or refused and not yet stopped): the same
 * StartTransaction sent again, whose time cannot tell it.
 */
export async function findReplacedStart(db: Db, key: Omit<StartKey, 'startedAt'>): Promise<ChargeRow | undefined> {
  const [row] = await db
    .select()
    .from(charges)
    .where(
      and(
        ...sameStart(key),
        isNotNull(charges.reviewReason),
        or(
          inArray(charges.status, [...OPEN_STATUSES]),
          and(eq(charges.status, 'unauthorized'), isNull(charges.finishedAt)),
        ),
      ),
    )
    .orderBy(desc(charges.id))
    .limit(1);
  return row;
}

/** Starts on a station whose time was replaced wait for each other here (findReplacedStart); plain reads and the charges' references to the station do not. */
export async function lockStationStarts(db: Db, stationId: number): Promise<void> {
  await db.select({ id: stations.id }).from(stations).where(eq(stations.id, stationId)).for('no key update');
}

/** Inserts a charge; undefined when a unique index already holds one like it (the start key). */
export async function insertCharge(db: Db, values: ChargeValues): Promise<ChargeRow | undefined> {
  const [row] = await db.insert(charges).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateCharge(db: Db, id: number, values: Partial<ChargeValues>): Promise<ChargeRow> {
  const [row] = await db
    .update(charges)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(charges.id, id))
    .returning();
  return row!;
}

/** The newest initiated charge on a connector waiting for this tag (or for any tag), locked. */
export async function findInitiatedCharge(
  db: Db,
  stationId: number,
  ocppConnectorId: number,
  idTag: string | null,
): Promise<ChargeRow | undefined> {
  const [row] = await db
    .select()
    .from(charges)
    .where(
      and(
        eq(charges.stationId, stationId),
        eq(charges.ocppConnectorId, ocppConnectorId),
        eq(charges.status, 'initiated'),
        idTag === null ? undefined : or(isNull(charges.idTag), sql`lower(${charges.idTag}) = lower(${idTag})`),
      ),
    )
    .orderBy(desc(charges.startedAt), desc(charges.id))
    .limit(1)
    .for('update');
  return row;
}

/** The newest open charge on a connector (initiated, charging or paused). */
export async function findOpenCharge(
  db: Db,
  stationId: number,
  ocppConnectorId: number,
): Promise<ChargeRow | undefined> {
  const [row] = await db
    .select()
    .from(charges)
    .where(
      and(
        eq(charges.stationId, stationId),
        eq(charges.ocppConnectorId, ocppConnectorId),
        inArray(charges.status, [...OPEN_STATUSES]),
      ),
    )
    .orderBy(desc(charges.startedAt), desc(charges.id))
    .limit(1);
  return row;
}

/** A station's open charges started before `before`, locked in id order (so two callers cannot deadlock). */
export async function lockOpenCharges(db: Db, stationId: number, before: Date): Promise<ChargeRow[]> {
  return db
    .select()
    .from(charges)
    .where(
      and(eq(charges.stationId, stationId), inArray(charges.status, [...OPEN_STATUSES]), lt(charges.startedAt, before)),
    )
    .orderBy(asc(charges.id))
    .for('update');
}

/**
 * Cancels the charges still initiated that were initiated before `before` (result failed). One
 * statement: a StartTransaction that takes such a charge over holds its row, and PostgreSQL then
 * checks the status again on the row it wrote, so a started charge is never canceled.
 */
export function cancelInitiatedBefore(db: Db, before: Date): Promise<ChargeRow[]> {
  return db
    .update(charges)
    .set({ status: 'canceled', result: 'failed', updatedAt: new Date() })
    .where(and(eq(charges.status, 'initiated'), lt(charges.startedAt, before)))
    .returning();
}

/** The stations with an open charge, read from the partial index of open charges. */
export async function findStationsWithOpenCharges(db: Db): Promise<number[]> {
  const rows = await db
    .selectDistinct({ stationId: charges.stationId })
    .from(charges)
    .where(and(inArray(charges.status, [...OPEN_STATUSES]), isNotNull(charges.stationId)));
  return rows.map((row) => row.stationId!);
}

// ---- The list

const currentName = localizedSelection(stations, 'name');
const startName = localizedSelection(charges, 'station_name');
const stationName = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, sql<string>`coalesce(${currentName[lang]}, ${startName[lang]})`]),
) as Record<Lang, SQL<string>>;

function selectCharges(db: Db) {
  return db
    .select({
      charge: charges,
      driver: {
        id: drivers.id,
        surname: drivers.surname,
        firstName: drivers.firstName,
        phone: drivers.phone,
        account: drivers.account,
      },
      stationName,
    })
    .from(charges)
    .leftJoin(drivers, eq(drivers.id, charges.driverId))
    .leftJoin(stations, eq(stations.id, charges.stationId));
}

type SelectedCharge = Awaited<ReturnType<ReturnType<typeof selectCharges>['execute']>>[number];

function toRecord({ charge, driver, stationName }: SelectedCharge): ChargeRecord {
  return { ...charge, driver: driver && driver.id !== null ? driver : null, stationName };
}

/**
 * Newest start first (then the highest number). The count and the page are two queries; the total
 * comes from the kept counts where the filter allows (countCharges). A page in the older half is
 * read from the oldest end (charges.rules.ts pageReading), so the last page walks as few index
 * entries as the first; the page's numbers are found first, from the filter's index alone where it
 * can, and only its rows are read and joined, not every row skipped on the way.
 */
export async function listCharges(db: Db, filter: ChargeFilter, window: { limit: number; offset: number }) {
  const where = chargeWhere(filter);
  const page = (reading: { ascending: boolean; limit: number; offset: number }) => {
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
  };
  const counted = countCharges(db, filter);
  if (window.offset === 0) {
    const [rows, total] = await Promise.all([page({ ascending: false, ...window }), counted]);
    return { rows, total };
  }
  const total = await counted;
  // A page past the end is empty, without walking the whole index to find so.
  if (window.offset >= total) return { rows: [], total };
  return { rows: await page(pageReading(window, total)), total };
}

export async function findCharge(db: Db, id: number): Promise<ChargeRecord | undefined> {
  const [row] = await selectCharges(db).where(eq(charges.id, id));
  return row && toRecord(row);
}

/** The open charges (initiated, charging, paused) of these stations, newest first. */
export async function findOpenChargesOf(db: Db, stationIds: readonly number[]): Promise<ChargeRecord[]> {
  if (!stationIds.length) return [];
  const rows = await selectCharges(db)
    .where(and(inArray(charges.stationId, [...stationIds]), inArray(charges.status, [...OPEN_STATUSES])))
    .orderBy(desc(charges.startedAt), desc(charges.id));
  return rows.map(toRecord);
}
