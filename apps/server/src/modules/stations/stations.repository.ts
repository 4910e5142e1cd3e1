import { and, count, desc, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { Localized } from '@evcms/contracts/localized';
import type { ExecutionType, SecurityProfile } from '@evcms/contracts/stations';
import { statusOf, STATUS_ACTIVE, type Status } from '@evcms/contracts/status';
import type { Db } from '../../db/client.ts';
import { countries, settlements } from '../../db/schema/locations.ts';
import { localizedSelection } from '../../db/schema/localized.ts';
import { ocppMessageBatches } from '../../db/schema/ocpp.ts';
import type { StoredScheduleItem } from '../../db/schema/columns.ts';
import { stationInfrastructure, stations, stationTags } from '../../db/schema/stations.ts';
import { setStatusEveryIdOrNone } from '../../lib/bulk.ts';
import { containsPattern, searchedId } from '../../lib/search.ts';

export type StationValues = Omit<typeof stations.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'searchText'>;

export interface Named {
  id: number;
  name: Localized;
}

/** A station as the service works with it (without its password hash), its location named. */
export interface StationRecord {
  id: number;
  name: Localized;
  identity: string;
  pic: string;
  manufacturer: string;
  executionType: ExecutionType;
  securityProfile: SecurityProfile;
  address: Localized;
  latitude: string;
  longitude: string;
  avatar: string | null;
  merchantId: number;
  countryId: number;
  countryName: Localized;
  cityId: number;
  cityName: Localized;
  schedule: StoredScheduleItem[];
  status: Status;
  isNew: boolean;
  createdAt: Date;
}

function selectStations(db: Db) {
  return db
    .select({
      id: stations.id,
      name: localizedSelection(stations, 'name'),
      identity: stations.identity,
      pic: stations.pic,
      manufacturer: stations.manufacturer,
      executionType: stations.executionType,
      securityProfile: stations.securityProfile,
      address: localizedSelection(stations, 'address'),
      latitude: stations.latitude,
      longitude: stations.longitude,
      avatar: stations.avatar,
      merchantId: stations.merchantId,
      countryId: stations.countryId,
      countryName: localizedSelection(countries, 'name'),
      cityId: stations.cityId,
      cityName: localizedSelection(settlements, 'name'),
      schedule: stations.schedule,
      status: stations.status,
      isNew: stations.isNew,
      createdAt: stations.createdAt,
    })
    .from(stations)
    .innerJoin(countries, eq(countries.id, stations.countryId))
    .innerJoin(settlements, eq(settlements.id, stations.cityId));
}

export interface StationFilter {
  merchant?: number | undefined;
  search?: string | undefined;
  active?: boolean | undefined;
  status?: number | undefined;
}

/** `search` matches the id when numeric, or any searched text (names, identity, addresses, pic, manufacturer) ignoring case. */
function stationWhere(filter: StationFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.merchant !== undefined) conditions.push(eq(stations.merchantId, filter.merchant));
  if (filter.search) {
    const id = searchedId(filter.search);
    conditions.push(
      or(
        like(stations.searchText, sql`lower(${containsPattern(filter.search)})`),
        id === undefined ? undefined : eq(stations.id, id),
      ),
    );
  }
  if (filter.active !== undefined) conditions.push(eq(stations.status, statusOf(filter.active)));
  if (filter.status !== undefined) conditions.push(eq(stations.status, filter.status as Status));
  return and(...conditions);
}

/** Newest first: one query for the page, one for the count. */
export async function listStations(db: Db, filter: StationFilter, window: { limit: number; offset: number }) {
  const where = stationWhere(filter);
  const [rows, [total]] = await Promise.all([
    selectStations(db).where(where).orderBy(desc(stations.id)).limit(window.limit).offset(window.offset),
    db.select({ value: count() }).from(stations).where(where),
  ]);
  return { rows: rows satisfies StationRecord[], total: total?.value ?? 0 };
}

/** The station pickers: names only, newest first; they search as the list does. */
export async function listStationOptions(db: Db, filter: StationFilter, window: { limit: number; offset: number }) {
  const where = stationWhere(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: stations.id, name: localizedSelection(stations, 'name') })
      .from(stations)
      .where(where)
      .orderBy(desc(stations.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ value: count() }).from(stations).where(where),
  ]);
  return { rows: rows satisfies Named[], total: total?.value ?? 0 };
}

export function listStationsByIds(db: Db, ids: number[]): Promise<StationRecord[]> {
  return selectStations(db).where(inArray(stations.id, ids));
}

export async function findStation(db: Db, id: number): Promise<StationRecord | undefined> {
  const [row] = await selectStations(db).where(eq(stations.id, id)).limit(1);
  return row;
}

/** What a change needs of the station, its row locked until the transaction ends. */
export async function lockStation(db: Db, id: number) {
  const [row] = await db
    .select({
      id: stations.id,
      identity: stations.identity,
      status: stations.status,
      avatar: stations.avatar,
      countryId: stations.countryId,
      cityId: stations.cityId,
    })
    .from(stations)
    .where(eq(stations.id, id))
    .for('update');
  return row;
}

/** Whether another station (not `exceptId`) has this identity. */
export async function identityTaken(db: Db, identity: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: stations.id })
    .from(stations)
    .where(
      and(eq(stations.identity, identity), exceptId === undefined ? undefined : sql`${stations.id} <> ${exceptId}`),
    )
    .limit(1);
  return row !== undefined;
}

/** What an OCPP connection is checked against. */
export async function findCredentials(db: Db, identity: string) {
  const [row] = await db
    .select({ id: stations.id, passwordHash: stations.passwordHash, securityProfile: stations.securityProfile })
    .from(stations)
    .where(eq(stations.identity, identity))
    .limit(1);
  return row;
}

export async function insertStation(db: Db, values: StationValues): Promise<number> {
  const [row] = await db.insert(stations).values(values).returning({ id: stations.id });
  return row!.id;
}

export async function updateStation(db: Db, id: number, values: Partial<StationValues>): Promise<void> {
  await db
    .update(stations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(stations.id, id));
}

export async function deleteStation(db: Db, id: number): Promise<void> {
  // The message log's rows are not bound to the station by a key (db/schema/ocpp.ts).
  await db.delete(ocppMessageBatches).where(eq(ocppMessageBatches.stationId, id));
  await db.delete(stations).where(eq(stations.id, id));
}

/**
 * Sets the status of every one of `ids`, or of none (404 naming the missing): one statement
 * (lib/bulk.ts). No index holds the columns it writes, so each row is a HOT update (db/schema/stations.ts).
 */
export function setStationStatuses(db: Db, ids: number[], status: Status): Promise<void> {
  return setStatusEveryIdOrNone(db, stations, ids, status);
}

// ---- Tags and infrastructure

/** The tag and infrastructure ids of each of `stationIds`, ascending. */
export async function findItemIds(db: Db, stationIds: readonly number[]) {
  const ids = [...stationIds];
  const [tagRows, itemRows] = ids.length
    ? await Promise.all([
        db
          .select({ stationId: stationTags.stationId, id: stationTags.tagId })
          .from(stationTags)
          .where(inArray(stationTags.stationId, ids)),
        db
          .select({ stationId: stationInfrastructure.stationId, id: stationInfrastructure.itemId })
          .from(stationInfrastructure)
          .where(inArray(stationInfrastructure.stationId, ids)),
      ])
    : [[], []];
  const group = (rows: { stationId: number; id: number }[]) => {
    const byStation = new Map<number, number[]>();
    for (const row of rows) byStation.set(row.stationId, [...(byStation.get(row.stationId) ?? []), row.id]);
    for (const list of byStation.values()) list.sort((a, b) => a - b);
    return byStation;
  };
  return { tagIds: group(tagRows), infrastructureIds: group(itemRows) };
}

export async function replaceStationTags(db: Db, stationId: number, tagIds: number[]): Promise<void> {
  await db.delete(stationTags).where(eq(stationTags.stationId, stationId));
  if (tagIds.length) await db.insert(stationTags).values(tagIds.map((tagId) => ({ stationId, tagId })));
}

export async function replaceStationInfrastructure(db: Db, stationId: number, itemIds: number[]): Promise<void> {
  await db.delete(stationInfrastructure).where(eq(stationInfrastructure.stationId, stationId));
  if (itemIds.length) await db.insert(stationInfrastructure).values(itemIds.map((itemId) => ({ stationId, itemId })));
}

// ---- Counts for merchants

/** Total and active stations of each merchant that has any: one grouped count. */
export function countByMerchant(db: Db, merchantIds: readonly number[]) {
  return db
    .select({
      merchantId: stations.merchantId,
      total: count(),
      active: sql<number>`count(*) filter (where ${stations.status} = ${STATUS_ACTIVE})`.mapWith(Number),
    })
    .from(stations)
    .where(inArray(stations.merchantId, [...merchantIds]))
    .groupBy(stations.merchantId);
}
