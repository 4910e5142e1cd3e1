import { and, asc, count, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { Gender, Platform } from '@evcms/contracts/drivers';
import { queryRows, type Db } from '../../db/client.ts';
import { driverIdTags, drivers } from '../../db/schema/drivers.ts';
import { withinDays, withinTimesOfDay } from '../../lib/periods.ts';
import { containsPattern, searchTextMatches } from '../../lib/search.ts';

export type DriverValues = Omit<
  typeof drivers.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'searchText' | 'balanceTyiyn' | 'referralCode'
>;

/** A driver as the service works with it. */
export interface DriverRecord {
  id: number;
  account: string;
  surname: string;
  firstName: string;
  phone: string;
  email: string | null;
  gender: Gender | null;
  /** YYYY-MM-DD. */
  birthday: string | null;
  registeredAt: Date;
  balanceTyiyn: number;
  car: { make: string | null; model: string | null; year: number | null; colour: string | null };
  licence: string | null;
  appVersion: string | null;
  platform: Platform | null;
  blocked: boolean;
  /** Generated from the id (db/schema/drivers.ts): what the driver gives a friend to be named their inviter. */
  referralCode: string;
}

export interface IdTagRecord {
  id: number;
  driverId: number;
  idTag: string;
  blocked: boolean;
  createdAt: Date;
}

const driverColumns = {
  id: drivers.id,
  account: drivers.account,
  surname: drivers.surname,
  firstName: drivers.firstName,
  phone: drivers.phone,
  email: drivers.email,
  gender: drivers.gender,
  birthday: drivers.birthday,
  registeredAt: drivers.registeredAt,
  balanceTyiyn: drivers.balanceTyiyn,
  car: { make: drivers.carMake, model: drivers.carModel, year: drivers.carYear, colour: drivers.carColour },
  licence: drivers.licence,
  appVersion: drivers.appVersion,
  platform: drivers.platform,
  blocked: drivers.blocked,
  referralCode: drivers.referralCode,
};

const idTagColumns = {
  id: driverIdTags.id,
  driverId: driverIdTags.driverId,
  idTag: driverIdTags.idTag,
  blocked: driverIdTags.blocked,
  createdAt: driverIdTags.createdAt,
};

/** Rows whose lower-cased searched text contains `text` (ledger.repository.ts searches drivers the same way). */
export function searchTextContains(text: string): SQL {
  return searchTextMatches(drivers.searchText, text);
}

export interface DriverFilter {
  /** Digits anywhere in the phone number. */
  phone?: string | undefined;
  search?: string | undefined;
  id?: number | undefined;
  registeredFrom?: string | undefined;
  registeredTo?: string | undefined;
  registeredTimeFrom?: string | undefined;
  registeredTimeTo?: string | undefined;
}

function driverWhere(filter: DriverFilter): SQL | undefined {
  return and(
    filter.search ? searchTextContains(filter.search) : undefined,
    // The phone is in the searched text too: its trigram index finds the candidates, the column decides.
    ...(filter.phone
      ? [like(drivers.searchText, containsPattern(filter.phone)), like(drivers.phone, containsPattern(filter.phone))]
      : []),
    filter.id === undefined ? undefined : eq(drivers.id, filter.id),
    ...withinDays(drivers.registeredAt, filter.registeredFrom, filter.registeredTo),
    withinTimesOfDay(drivers.registeredAt, filter.registeredTimeFrom, filter.registeredTimeTo),
  );
}

/** Newest registration first: one query for the page, one for the count. */
export async function listDrivers(db: Db, filter: DriverFilter, window: { limit: number; offset: number }) {
  const where = driverWhere(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select(driverColumns)
      .from(drivers)
      .where(where)
      .orderBy(desc(drivers.registeredAt), desc(drivers.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ value: count() }).from(drivers).where(where),
  ]);
  return { rows: rows satisfies DriverRecord[], total: total?.value ?? 0 };
}

/**
 * The list's next `limit` rows after `last` in its order (newest registration first): a keyset
 * batch of an export, as cheap deep in the list as at its top.
 */
export function driversAfter(
  db: Db,
  filter: DriverFilter,
  last: DriverRecord | undefined,
  limit: number,
): Promise<DriverRecord[]> {
  // The last row's own stored time, not its JS Date: a Date keeps milliseconds and the column
  // microseconds, so rows registered in one transaction (one now()) would be skipped.
  const after =
    last &&
    sql`(${drivers.registeredAt}, ${drivers.id}) < (select registered_at, id from drivers where id = ${last.id})`;
  return db
    .select(driverColumns)
    .from(drivers)
    .where(and(driverWhere(filter), after))
    .orderBy(desc(drivers.registeredAt), desc(drivers.id))
    .limit(limit);
}

/** The driver; with `forUpdate` its row is locked until the transaction ends. */
export async function findDriver(
  db: Db,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<DriverRecord | undefined> {
  const query = db.select(driverColumns).from(drivers).where(eq(drivers.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The next number of the account sequence (drizzle/0007). */
export async function nextAccountSequence(db: Db): Promise<number> {
  const [row] = await queryRows<{ value: string | number }>(db, sql`select nextval('driver_account_seq') as value`);
  return Number(row!.value);
}

/** The id of the driver with `phone`, other than `exceptId`. */
export async function findPhoneHolder(db: Db, phone: string, exceptId?: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: drivers.id })
    .from(drivers)
    .where(and(eq(drivers.phone, phone), exceptId === undefined ? undefined : sql`${drivers.id} <> ${exceptId}`))
    .limit(1);
  return row?.id;
}

export async function insertDriver(db: Db, values: DriverValues): Promise<number> {
  const [row] = await db.insert(drivers).values(values).returning({ id: drivers.id });
  return row!.id;
}

export async function updateDriver(db: Db, id: number, values: Partial<DriverValues>): Promise<void> {
  await db
    .update(drivers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(drivers.id, id));
}

/** The id of the driver whose referral code is `code` (upper-case, as generated). */
export async function findReferralCodeHolder(db: Db, code: string): Promise<number | undefined> {
  const [row] = await db.select({ id: drivers.id }).from(drivers).where(eq(drivers.referralCode, code));
  return row?.id;
}

/** Who the drivers of `ids` are, as a list beside another record shows them. */
export function driverSummaries(db: Db, ids: readonly number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({
      id: drivers.id,
      surname: drivers.surname,
      firstName: drivers.firstName,
      phone: drivers.phone,
      account: drivers.account,
    })
    .from(drivers)
    .where(inArray(drivers.id, [...ids]));
}

// ---- Id tags

/** The driver's tags, oldest first. */
export function listIdTags(db: Db, driverId: number): Promise<IdTagRecord[]> {
  return db
    .select(idTagColumns)
    .from(driverIdTags)
    .where(eq(driverIdTags.driverId, driverId))
    .orderBy(asc(driverIdTags.id));
}

export async function countIdTags(db: Db, driverId: number): Promise<number> {
  const [row] = await db.select({ value: count() }).from(driverIdTags).where(eq(driverIdTags.driverId, driverId));
  return row?.value ?? 0;
}

export async function findIdTag(db: Db, driverId: number, tagId: number): Promise<IdTagRecord | undefined> {
  const [row] = await db
    .select(idTagColumns)
    .from(driverIdTags)
    .where(and(eq(driverIdTags.id, tagId), eq(driverIdTags.driverId, driverId)));
  return row;
}

/** The tag equal to `idTag` ignoring case (as OCPP compares them), with its driver's flags and balance. */
export async function findByIdTag(db: Db, idTag: string) {
  const [row] = await db
    .select({
      driverId: drivers.id,
      account: drivers.account,
      driverBlocked: drivers.blocked,
      balanceTyiyn: drivers.balanceTyiyn,
      idTagId: driverIdTags.id,
      idTag: driverIdTags.idTag,
      tagBlocked: driverIdTags.blocked,
    })
    .from(driverIdTags)
    .innerJoin(drivers, eq(drivers.id, driverIdTags.driverId))
    .where(sql`lower(${driverIdTags.idTag}) = lower(${idTag})`);
  return row;
}

export async function insertIdTag(db: Db, driverId: number, idTag: string): Promise<IdTagRecord> {
  const [row] = await db.insert(driverIdTags).values({ driverId, idTag }).returning(idTagColumns);
  return row!;
}

export async function setIdTagBlocked(db: Db, tagId: number, blocked: boolean): Promise<IdTagRecord> {
  const [row] = await db
    .update(driverIdTags)
    .set({ blocked })
    .where(eq(driverIdTags.id, tagId))
    .returning(idTagColumns);
  return row!;
}
