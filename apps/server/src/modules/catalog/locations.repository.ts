import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { countries, districts, settlements } from '../../db/schema/catalog.ts';

export type CountryRow = typeof countries.$inferSelect;
export type DistrictRow = typeof districts.$inferSelect;
export type SettlementRow = typeof settlements.$inferSelect;

export function listCountries(db: Db): Promise<CountryRow[]> {
  return db.select().from(countries).orderBy(countries.id);
}

export function listDistricts(db: Db, filter: { countryId?: number | undefined }): Promise<DistrictRow[]> {
  const where = filter.countryId === undefined ? undefined : eq(districts.countryId, filter.countryId);
  return db.select().from(districts).where(where).orderBy(districts.id);
}

export function listSettlements(db: Db, filter: { countryId?: number | undefined; districtId?: number | undefined }): Promise<SettlementRow[]> {
  const conditions: SQL[] = [];
  if (filter.countryId !== undefined) conditions.push(eq(settlements.countryId, filter.countryId));
  if (filter.districtId !== undefined) conditions.push(eq(settlements.districtId, filter.districtId));
  return db
    .select()
    .from(settlements)
    .where(and(...conditions))
    .orderBy(settlements.id);
}
