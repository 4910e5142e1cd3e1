import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ChargeStatus } from '@evcms/contracts/charges';
import { LANGUAGES, type Lang } from '@evcms/contracts/i18n';
import type { Localized } from '@evcms/contracts/localized';
import type { Db } from '../../db/client.ts';
import { chargeDayCounts, charges, chargeStatusCounts } from '../../db/schema/charges.ts';
import { drivers } from '../../db/schema/drivers.ts';
import { localizedSelection } from '../../db/schema/localized.ts';
import { stationConnectors, stations } from '../../db/schema/stations.ts';
import { dayStart, withinDays } from '../../lib/periods.ts';
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
  connector: { id: number; typo: string; customFeeTyiyn: number | null } | undefined;
}

export async function findChargeSite(db: Db, stationId: number, ocppConnectorId: number): Promise<ChargeSite | undefined> {
  const [row] = await db
    .select({
      stationId: stations.id,
      merchantId: stations.merchantId,
      stationName: localizedSelection(stations, 'name'),
      connectorId: stationConnectors.id,
      typo: stationConnectors.typo,
      customFeeTyiyn: stationConnectors.customFeeTyiyn,
    })
    .from(stations)
    .leftJoin(stationConnectors, and(eq(stationConnectors.stationId, stations.id), eq(stationConnectors.ocpp16Id, ocppConnectorId)))
    .where(eq(stations.id, stationId))
    .limit(1);
  if (!row) return undefined;
  const { connectorId, typo, customFeeTyiyn, ...site } = row;
  return { ...site, connector: connectorId === null || typo === null ? undefined : { id: connectorId, typo, customFeeTyiyn } };
}

export async function findChargeRow(db: Db, id: number, options: { forUpdate?: boolean } = {}): Promise<ChargeRow | undefined> {
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

export async function findByStartKey(db: Db, key: StartKey): Promise<ChargeRow | undefined> {
  const [row] = await db
    .select()
    .from(charges)
    .where(
      and(
        eq(charges.stationId, key.stationId),
        eq(charges.ocppConnectorId, key.ocppConnectorId),
        eq(charges.idTag, key.idTag),
        eq(charges.meterStartWh, key.meterStartWh),
        eq(charges.startedAt, key.startedAt),
      ),
    );
  return row;
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
export async function findInitiatedCharge(db: Db, stationId: number, ocppConnectorId: number, idTag: string | null): Promise<ChargeRow | undefined> {
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
export async function findOpenCharge(db: Db, stationId: number, ocppConnectorId: number): Promise<ChargeRow | undefined> {
  const [row] = await db
    .select()
    .from(charges)
    .where(and(eq(charges.stationId, stationId), eq(charges.ocppConnectorId, ocppConnectorId), inArray(charges.status, [...OPEN_STATUSES])))
    .orderBy(desc(charges.startedAt), desc(charges.id))
    .limit(1);
  return row;
}

/** A station's open charges started before `before`, locked in id order (so two callers cannot deadlock). */
export async function lockOpenCharges(db: Db, stationId: number, before: Date): Promise<ChargeRow[]> {
  return db
    .select()
    .from(charges)
    .where(and(eq(charges.stationId, stationId), inArray(charges.status, [...OPEN_STATUSES]), lt(charges.startedAt, before)))
    .orderBy(asc(charges.id))
    .for('update');
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

export interface ChargeFilter {
  id?: number | undefined;
  stationIds?: number[] | undefined;
  statuses?: ChargeStatus[] | undefined;
  /** Bishkek days of the start, both included. */
  startedFrom?: string | undefined;
  startedTo?: string | undefined;
  /** Bishkek days of the finish, both included. */
  finishedFrom?: string | undefined;
  finishedTo?: string | undefined;
  /** Bishkek time of day of the finish, HH:mm:ss, both included; a window starting later than it ends runs across midnight. */
  finishedTimeFrom?: string | undefined;
  finishedTimeTo?: string | undefined;
  driverId?: number | undefined;
}

/** The stored finish time of day within `from`..`to` (lib/periods.ts withinTimesOfDay, read from the indexed column). */
function finishedTimeWithin(from: string | undefined, to: string | undefined): SQL | undefined {
  const time = charges.finishedTime;
  if (from === undefined && to === undefined) return undefined;
  if (to === undefined) return sql`${time} >= ${from}::time`;
  if (from === undefined) return sql`${time} <= ${to}::time`;
  if (from <= to) return sql`${time} between ${from}::time and ${to}::time`;
  return sql`(${time} >= ${from}::time or ${time} <= ${to}::time)`;
}

/**
 * A charge finished on `from` or later started on or after the earliest start day of the charges
 * finished since then, which the kept day counts know: the oldest-first walk of a finish-filtered
 * list's last pages then begins near its first row, not at the oldest charge.
 */
function startBoundOfFinishedFrom(from: string | undefined): SQL | undefined {
  if (from === undefined) return undefined;
  const days = chargeDayCounts;
  const earliest = sql`(select min(${days.startedOn}) from ${days} where ${days.finishedOn} >= ${from} and ${days.charges} > 0)`;
  return sql`${charges.startedAt} >= ${dayStart(earliest)}`;
}

/** The list's filters as a condition (the list, its count and the export). */
export function chargeWhere(filter: ChargeFilter): SQL | undefined {
  return and(
    filter.id === undefined ? undefined : eq(charges.id, filter.id),
    filter.stationIds ? inArray(charges.stationId, filter.stationIds) : undefined,
    filter.statuses ? inArray(charges.status, filter.statuses) : undefined,
    filter.driverId === undefined ? undefined : eq(charges.driverId, filter.driverId),
    ...withinDays(charges.startedAt, filter.startedFrom, filter.startedTo),
    ...withinDays(charges.finishedAt, filter.finishedFrom, filter.finishedTo),
    // Nothing finishes before it starts (a check constraint): the finish's bound is also the start's,
    // which lets the newest-first walk begin at the right place.
    ...withinDays(charges.startedAt, undefined, filter.finishedTo),
    startBoundOfFinishedFrom(filter.finishedFrom),
    finishedTimeWithin(filter.finishedTimeFrom, filter.finishedTimeTo),
  );
}

const currentName = localizedSelection(stations, 'name');
const startName = localizedSelection(charges, 'station_name');
const stationName = Object.fromEntries(LANGUAGES.map((lang) => [lang, sql<string>`coalesce(${currentName[lang]}, ${startName[lang]})`])) as Record<
  Lang,
  SQL<string>
>;

function selectCharges(db: Db) {
  return db
    .select({
      charge: charges,
      driver: { id: drivers.id, surname: drivers.surname, firstName: drivers.firstName, phone: drivers.phone, account: drivers.account },
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

function countByStatus(db: Db, statuses: ChargeStatus[] | undefined) {
  return db
    .select({ value: sql<number>`coalesce(sum(${chargeStatusCounts.charges}), 0)::int` })
    .from(chargeStatusCounts)
    .where(statuses ? inArray(chargeStatusCounts.status, statuses) : undefined);
}

/** Days from `from` to `to`, both included; either end may be open. */
function daysWithin(column: typeof chargeDayCounts.startedOn | typeof chargeDayCounts.finishedOn, from: string | undefined, to: string | undefined) {
  return [from === undefined ? undefined : gte(column, from), to === undefined ? undefined : lte(column, to)];
}

function countByDay(db: Db, filter: ChargeFilter) {
  const days = chargeDayCounts;
  return db
    .select({ value: sql<number>`coalesce(sum(${days.charges}), 0)::int` })
    .from(days)
    .where(
      and(
        filter.statuses ? inArray(days.status, filter.statuses) : undefined,
        ...daysWithin(days.startedOn, filter.startedFrom, filter.startedTo),
        ...daysWithin(days.finishedOn, filter.finishedFrom, filter.finishedTo),
      ),
    );
}

const DAY_COUNTED: readonly (keyof ChargeFilter)[] = ['statuses', 'startedFrom', 'startedTo', 'finishedFrom', 'finishedTo'];

/**
 * The list's total: a filter of statuses at most sums the kept count of each status, one of
 * statuses, start days and finish days the kept day counts; any other is counted from the indexes.
 */
async function countCharges(db: Db, filter: ChargeFilter): Promise<number> {
  const given = (Object.keys(filter) as (keyof ChargeFilter)[]).filter((key) => filter[key] !== undefined);
  const { finishedTimeFrom: from, finishedTimeTo: to } = filter;
  if (from !== undefined && to !== undefined && from > to) {
    // Across midnight the window is two disjoint ranges; counted apart, each reads only its part of the index (an OR reads all of it).
    const halves = await Promise.all([countCharges(db, { ...filter, finishedTimeTo: undefined }), countCharges(db, { ...filter, finishedTimeFrom: undefined })]);
    return halves[0] + halves[1];
  }
  const valueOf = async (counted: Promise<{ value: number }[]>) => (await counted)[0]?.value ?? 0;
  if (given.every((key) => key === 'statuses')) return valueOf(countByStatus(db, filter.statuses));
  if (given.every((key) => DAY_COUNTED.includes(key))) return valueOf(countByDay(db, filter));
  return valueOf(db.select({ value: count() }).from(charges).where(chargeWhere(filter)));
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
    const order = reading.ascending ? [asc(charges.startedAt), asc(charges.id)] : [desc(charges.startedAt), desc(charges.id)];
    const numbers = db.select({ id: charges.id }).from(charges).where(where).orderBy(...order).limit(reading.limit).offset(reading.offset).as('page');
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
