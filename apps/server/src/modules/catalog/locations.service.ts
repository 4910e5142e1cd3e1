import type { LocationType } from '@evcms/contracts/catalog';
import type { Localized } from '@evcms/contracts/localized';
import type { MessageKey } from '@evcms/contracts/messages';
import type { Db } from '../../db/client.ts';
import * as repo from './locations.repository.ts';
import { locationProblems, type LocationField, type LocationIds } from './locations.rules.ts';

export type { LocationIds } from './locations.rules.ts';

/** A country, district or settlement; districts carry their country, settlements both (district may be null). */
export interface LocationRecord {
  id: number;
  name: Localized;
  /** Countries only: ISO 3166-1 alpha-2. */
  code?: string;
  countryId?: number;
  districtId?: number | null;
}

export async function listLocations(
  db: Db,
  query: { location_type: LocationType; country_id?: number | undefined; district_id?: number | undefined },
): Promise<LocationRecord[]> {
  switch (query.location_type) {
    case 'countries':
      return repo.listCountries(db);
    case 'districts':
      return repo.listDistricts(db, { countryId: query.country_id });
    case 'settlements':
      return repo.listSettlements(db, { countryId: query.country_id, districtId: query.district_id });
  }
}

/**
 * For other modules: what is wrong with a location named by ids (nothing when it holds together).
 * `citySent: false` reports a city that no longer fits as still to be given.
 */
export async function checkLocation(
  db: Db,
  wanted: LocationIds,
  options: { citySent?: boolean } = {},
): Promise<Partial<Record<LocationField, MessageKey>>> {
  return locationProblems(wanted, await repo.findLocationRows(db, wanted), options);
}
