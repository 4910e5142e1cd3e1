import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Localized } from '@evcms/contracts/localized';
import { statusOf, type Status } from '@evcms/contracts/status';
import type { Db } from '../../db/client.ts';
import { countries, districts, settlements } from '../../db/schema/locations.ts';
import { localizedSelection } from '../../db/schema/localized.ts';
import type { StoredScheduleItem } from '../../db/schema/columns.ts';
import { merchantInfrastructure, merchants, merchantTags } from '../../db/schema/merchants.ts';
import { lockInIdOrder } from '../../lib/bulk.ts';
import { recordSearch } from '../../lib/search.ts';

export type MerchantValues = Omit<typeof merchants.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'searchText'>;

export interface Named {
  id: number;
  name: Localized;
}

/** A merchant as the service works with it: its location named, its creator's name. */
export interface MerchantRecord {
  id: number;
  name: Localized;
  agreementNumber: string;
  legalName: string;
  countryId: number;
  countryName: Localized;
  districtId: number | null;
  /** Null when the merchant names no district. */
  districtName: Localized | null;
  cityId: number;
  cityName: Localized;
  street: string;
  phone: string;
  email: string;
  schedule: StoredScheduleItem[];
  /** The agency share in basis points (hundredths of a percent). */
  percentageBp: number;
  status: Status;
  /** The manager who created it; null when that manager's account is gone. */
  createdBy: number | null;
  createdAt: Date;
}

/**
 * Location names are read by join from the reference tables (migrations own them; nothing here
 * writes them): one query per page whatever its size. The schedule (at most 14 small entries)
 * comes along in lists too: one column set, one join shape.
 */
function selectMerchants(db: Db) {
  return db
    .select({
      id: merchants.id,
      name: localizedSelection(merchants, 'name'),
      agreementNumber: merchants.agreementNumber,
      legalName: merchants.legalName,
      countryId: merchants.countryId,
      countryName: localizedSelection(countries, 'name'),
      districtId: merchants.districtId,
      districtName: localizedSelection(districts, 'name'),
      cityId: merchants.cityId,
      cityName: localizedSelection(settlements, 'name'),
      street: merchants.street,
      phone: merchants.phone,
      email: merchants.email,
      schedule: merchants.schedule,
      percentageBp: merchants.percentageBp,
      status: merchants.status,
      createdBy: merchants.createdBy,
      createdAt: merchants.createdAt,
    })
    .from(merchants)
    .innerJoin(countries, eq(countries.id, merchants.countryId))
    .leftJoin(districts, eq(districts.id, merchants.districtId))
    .innerJoin(settlements, eq(settlements.id, merchants.cityId));
}

export interface MerchantFilter {
  search?: string | undefined;
  active?: boolean | undefined;
  status?: number | undefined;
}

/**
 * `search` matches the id exactly when it is a number, and any searched text (names, agreement
 * number, legal name, phone, email: the generated `search_text`) ignoring case; a search typed
 * with the phone mask also matches by its digits.
 */
function merchantWhere(filter: MerchantFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.search) conditions.push(recordSearch(merchants, filter.search));
  if (filter.active !== undefined) conditions.push(eq(merchants.status, statusOf(filter.active)));
  if (filter.status !== undefined) conditions.push(eq(merchants.status, filter.status as Status));
  return and(...conditions);
}

/** Newest first: one query for the page, one for the count. */
export async function listMerchants(db: Db, filter: MerchantFilter, window: { limit: number; offset: number }) {
  const where = merchantWhere(filter);
  const [rows, [total]] = await Promise.all([
    selectMerchants(db).where(where).orderBy(desc(merchants.id)).limit(window.limit).offset(window.offset),
    db.select({ value: count() }).from(merchants).where(where),
  ]);
  return { rows: rows satisfies MerchantRecord[], total: total?.value ?? 0 };
}

export function listMerchantsByIds(db: Db, ids: number[]): Promise<MerchantRecord[]> {
  return selectMerchants(db).where(inArray(merchants.id, ids));
}

export async function findMerchant(db: Db, id: number): Promise<MerchantRecord | undefined> {
  const [row] = await selectMerchants(db).where(eq(merchants.id, id)).limit(1);
  return row;
}

/** The merchant's location ids, locked for a change; undefined when there is no such merchant. */
export async function findMerchantLocation(db: Db, id: number) {
  const [row] = await db
    .select({ country: merchants.countryId, district: merchants.districtId, city: merchants.cityId })
    .from(merchants)
    .where(eq(merchants.id, id))
    .for('update');
  return row;
}

/** The ids of the merchant's tags and infrastructure items, ascending. */
export async function findMerchantItemIds(db: Db, merchantId: number) {
  const [tagRows, itemRows] = await Promise.all([
    db.select({ id: merchantTags.tagId }).from(merchantTags).where(eq(merchantTags.merchantId, merchantId)),
    db
      .select({ id: merchantInfrastructure.itemId })
      .from(merchantInfrastructure)
      .where(eq(merchantInfrastructure.merchantId, merchantId)),
  ]);
  return { tagIds: tagRows.map((row) => row.id), infrastructureIds: itemRows.map((row) => row.id) };
}

export async function insertMerchant(db: Db, values: MerchantValues): Promise<number> {
  const [row] = await db.insert(merchants).values(values).returning({ id: merchants.id });
  return row!.id;
}

export async function updateMerchant(db: Db, id: number, values: Partial<MerchantValues>): Promise<void> {
  await db
    .update(merchants)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(merchants.id, id));
}

export async function replaceMerchantTags(db: Db, merchantId: number, tagIds: number[]): Promise<void> {
  await db.delete(merchantTags).where(eq(merchantTags.merchantId, merchantId));
  if (tagIds.length) await db.insert(merchantTags).values(tagIds.map((tagId) => ({ merchantId, tagId })));
}

export async function replaceMerchantInfrastructure(db: Db, merchantId: number, itemIds: number[]): Promise<void> {
  await db.delete(merchantInfrastructure).where(eq(merchantInfrastructure.merchantId, merchantId));
  if (itemIds.length) await db.insert(merchantInfrastructure).values(itemIds.map((itemId) => ({ merchantId, itemId })));
}

/** Sets the status of those of `ids` that exist. */
export async function setMerchantStatuses(db: Db, ids: number[], status: Status): Promise<void> {
  await lockInIdOrder(db, merchants, merchants.id, ids);
  await db.update(merchants).set({ status, updatedAt: new Date() }).where(inArray(merchants.id, ids));
}

/** The merchant picker: names only, newest first; it searches as the list does. */
export async function listMerchantOptions(db: Db, filter: MerchantFilter, window: { limit: number; offset: number }) {
  const where = merchantWhere(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: merchants.id, name: localizedSelection(merchants, 'name') })
      .from(merchants)
      .where(where)
      .orderBy(desc(merchants.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ value: count() }).from(merchants).where(where),
  ]);
  return { rows: rows satisfies Named[], total: total?.value ?? 0 };
}
