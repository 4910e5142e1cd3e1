import { and, asc, count, desc, eq, getTableColumns, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { countries, districts, settlements, surroundings, tags } from '../../db/schema/catalog.ts';
import { managers } from '../../db/schema/managers.ts';
import { merchantSurroundings, merchants, merchantTags } from '../../db/schema/merchants.ts';
import { containsPattern, searchedId } from '../../lib/search.ts';
import { statusOf } from '../../lib/status.ts';
import type { LocationIds, LocationRows } from './merchants.rules.ts';
import { phoneSearchText } from './merchants.rules.ts';

export type MerchantValues = Omit<typeof merchants.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/**
 * Station counts of each merchant. There is no stations table yet, so they are 0 here; the
 * stations issue replaces these three expressions with counts over its table (correlated on
 * `merchants.id`), so the list stays one query per page and the detail gets them too.
 */
function stationCountColumns() {
  return {
    stationsCount: sql<number>`0`.mapWith(Number),
    activeStations: sql<number>`0`.mapWith(Number),
    inactiveStations: sql<number>`0`.mapWith(Number),
  };
}

// The schedule (at most 14 small entries) comes along in lists too: one column set, one join shape.
const { searchText: _searchText, ...storedColumns } = getTableColumns(merchants);
const merchantColumns = {
  ...storedColumns,
  countryRu: countries.nameRu,
  countryEn: countries.nameEn,
  countryKy: countries.nameKy,
  districtRu: districts.nameRu,
  districtEn: districts.nameEn,
  districtKy: districts.nameKy,
  cityRu: settlements.nameRu,
  cityEn: settlements.nameEn,
  cityKy: settlements.nameKy,
  createdByName: managers.name,
  ...stationCountColumns(),
};

/** Merchants with their location names and creator, by join: one query whatever the page size. */
function selectMerchants(db: Db) {
  return db
    .select(merchantColumns)
    .from(merchants)
    .innerJoin(countries, eq(countries.id, merchants.countryId))
    .leftJoin(districts, eq(districts.id, merchants.districtId))
    .innerJoin(settlements, eq(settlements.id, merchants.cityId))
    .leftJoin(managers, eq(managers.id, merchants.createdBy));
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
  if (filter.search) {
    const texts = [...new Set([filter.search, phoneSearchText(filter.search)])];
    const id = searchedId(filter.search);
    conditions.push(
      or(
        // lower() in SQL, as on the column, so both sides are lower-cased by the same rules.
        ...texts.map((text) => like(merchants.searchText, sql`lower(${containsPattern(text)})`)),
        id === undefined ? undefined : eq(merchants.id, id),
      ),
    );
  }
  if (filter.active !== undefined) conditions.push(eq(merchants.status, statusOf(filter.active)));
  if (filter.status !== undefined) conditions.push(eq(merchants.status, filter.status));
  return and(...conditions);
}

/** Newest first: one query for the page, one for the count. */
export async function listMerchants(db: Db, filter: MerchantFilter, window: { limit: number; offset: number }) {
  const where = merchantWhere(filter);
  const [rows, [total]] = await Promise.all([
    selectMerchants(db).where(where).orderBy(desc(merchants.id)).limit(window.limit).offset(window.offset),
    db.select({ value: count() }).from(merchants).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}
export type MerchantRow = Awaited<ReturnType<typeof listMerchants>>['rows'][number];

export async function listMerchantsByIds(db: Db, ids: number[]): Promise<MerchantRow[]> {
  return selectMerchants(db).where(inArray(merchants.id, ids));
}

export async function findMerchant(db: Db, id: number): Promise<MerchantRow | undefined> {
  const [row] = await selectMerchants(db).where(eq(merchants.id, id)).limit(1);
  return row;
}

/** The merchant's location, locked for a change; undefined when there is no such merchant. */
export async function findMerchantLocation(db: Db, id: number): Promise<LocationIds | undefined> {
  const [row] = await db
    .select({ country: merchants.countryId, district: merchants.districtId, city: merchants.cityId })
    .from(merchants)
    .where(eq(merchants.id, id))
    .for('update');
  return row;
}

/** The merchant's tags and infrastructure, by id, with what the detail shows of them. */
export async function findMerchantItems(db: Db, merchantId: number) {
  const [tagRows, surroundingRows] = await Promise.all([
    db
      .select({ id: tags.id, titleRu: tags.titleRu, titleEn: tags.titleEn, titleKy: tags.titleKy, status: tags.status })
      .from(merchantTags)
      .innerJoin(tags, eq(tags.id, merchantTags.tagId))
      .where(eq(merchantTags.merchantId, merchantId))
      .orderBy(asc(tags.id)),
    db
      .select({
        id: surroundings.id,
        titleRu: surroundings.titleRu,
        titleEn: surroundings.titleEn,
        titleKy: surroundings.titleKy,
        icon: surroundings.icon,
        status: surroundings.status,
      })
      .from(merchantSurroundings)
      .innerJoin(surroundings, eq(surroundings.id, merchantSurroundings.surroundingId))
      .where(eq(merchantSurroundings.merchantId, merchantId))
      .orderBy(asc(surroundings.id)),
  ]);
  return { tags: tagRows, surroundings: surroundingRows };
}
export type MerchantItems = Awaited<ReturnType<typeof findMerchantItems>>;

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

export async function replaceMerchantSurroundings(db: Db, merchantId: number, surroundingIds: number[]): Promise<void> {
  await db.delete(merchantSurroundings).where(eq(merchantSurroundings.merchantId, merchantId));
  if (surroundingIds.length) {
    await db.insert(merchantSurroundings).values(surroundingIds.map((surroundingId) => ({ merchantId, surroundingId })));
  }
}

/** Sets the status of those of `ids` that exist. */
export async function setMerchantStatuses(db: Db, ids: number[], status: number): Promise<void> {
  await db.update(merchants).set({ status, updatedAt: new Date() }).where(inArray(merchants.id, ids));
}

/** The merchant picker: names only, newest first; it searches as the list does. */
export async function listMerchantOptions(db: Db, filter: MerchantFilter, window: { limit: number; offset: number }) {
  const where = merchantWhere(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: merchants.id, nameRu: merchants.nameRu, nameEn: merchants.nameEn, nameKy: merchants.nameKy })
      .from(merchants)
      .where(where)
      .orderBy(desc(merchants.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ value: count() }).from(merchants).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

// ---- References a merchant names by id

export async function findLocationRows(db: Db, ids: LocationIds): Promise<LocationRows> {
  const [[country], [district], [city]] = await Promise.all([
    db.select({ id: countries.id }).from(countries).where(eq(countries.id, ids.country)),
    ids.district === null
      ? Promise.resolve([])
      : db.select({ id: districts.id, countryId: districts.countryId }).from(districts).where(eq(districts.id, ids.district)),
    db
      .select({ id: settlements.id, countryId: settlements.countryId, districtId: settlements.districtId })
      .from(settlements)
      .where(eq(settlements.id, ids.city)),
  ]);
  return { country, district, city };
}

/** Those of `ids` that are tags, locked against deletion until the transaction ends. */
export async function existingTagIds(db: Db, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.select({ id: tags.id }).from(tags).where(inArray(tags.id, ids)).for('key share');
  return rows.map((row) => row.id);
}

/** Those of `ids` that are infrastructure items, locked against deletion until the transaction ends. */
export async function existingSurroundingIds(db: Db, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.select({ id: surroundings.id }).from(surroundings).where(inArray(surroundings.id, ids)).for('key share');
  return rows.map((row) => row.id);
}
