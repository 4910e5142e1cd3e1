import { and, eq, type SQL } from 'drizzle-orm';
import type { Lang } from '@evcms/contracts/i18n';
import type { Db } from '../../db/client.ts';
import { countries, districts, settlements } from '../../db/schema/locations.ts';
import { localizedSelection, type LocalizedColumnKey } from '../../db/schema/localized.ts';
import type { LocationIds, LocationRows } from './locations.rules.ts';

/** A reference row's id and name; typed per table, so a left join's nullability carries over. */
function named<T extends typeof countries | typeof districts | typeof settlements>(
  table: T,
): { id: T['id']; name: Record<Lang, T[LocalizedColumnKey<'name'>]> } {
  return { id: table.id, name: localizedSelection(table, 'name') };
}

export function listCountries(db: Db) {
  return db
    .select({ ...named(countries), code: countries.code })
    .from(countries)
    .orderBy(countries.id);
}

export function listDistricts(db: Db, filter: { countryId?: number | undefined }) {
  const where = filter.countryId === undefined ? undefined : eq(districts.countryId, filter.countryId);
  return db
    .select({ ...named(districts), countryId: districts.countryId })
    .from(districts)
    .where(where)
    .orderBy(districts.id);
}

export function listSettlements(db: Db, filter: { countryId?: number | undefined; districtId?: number | undefined }) {
  const conditions: SQL[] = [];
  if (filter.countryId !== undefined) conditions.push(eq(settlements.countryId, filter.countryId));
  if (filter.districtId !== undefined) conditions.push(eq(settlements.districtId, filter.districtId));
  return db
    .select({ ...named(settlements), countryId: settlements.countryId, districtId: settlements.districtId })
    .from(settlements)
    .where(and(...conditions))
    .orderBy(settlements.id);
}

/**
 * What the database holds for the ids of a location. The reads run one after the other: callers
 * pass a transaction, one connection, on which pg refuses overlapping queries.
 */
export async function findLocationRows(db: Db, ids: LocationIds): Promise<LocationRows> {
  const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, ids.country));
  const [district] =
    ids.district === null
      ? []
      : await db
          .select({ id: districts.id, countryId: districts.countryId })
          .from(districts)
          .where(eq(districts.id, ids.district));
  const [city] = await db
    .select({ id: settlements.id, countryId: settlements.countryId, districtId: settlements.districtId })
    .from(settlements)
    .where(eq(settlements.id, ids.city));
  return { country, district, city };
}
