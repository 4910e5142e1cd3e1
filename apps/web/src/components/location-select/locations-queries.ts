import { queryOptions } from '@tanstack/react-query';
import type { Location, LocationType } from '@evcms/contracts/catalog';
import { http } from '../../lib/http.ts';

/*
 * Countries, districts and settlements: reference data that changes only with a migration, so
 * the lists are kept for long. A language switch still refetches them (the shell invalidates every
 * query then), as `name` comes in the request's language.
 */
const LOCATIONS_STALE_TIME = 24 * 60 * 60_000;

export const locationQueryKeys = { all: ['locations'] as const };

/** The API's query, with ids as numbers (the contract's input type is the query-string text). */
export type LocationsParams = {
  location_type: LocationType;
  country_id?: number | undefined;
  district_id?: number | undefined;
};

export function listLocations(query: LocationsParams, signal?: AbortSignal): Promise<Location[]> {
  return http.get<Location[]>('/common/locations/', { query, signal });
}

/** Kyrgyzstan first (the server puts it there), the rest by name. */
export function countriesQueryOptions() {
  return queryOptions({
    queryKey: [...locationQueryKeys.all, 'countries'],
    queryFn: ({ signal }) => listLocations({ location_type: 'countries' }, signal),
    staleTime: LOCATIONS_STALE_TIME,
  });
}

export function districtsQueryOptions(countryId: number) {
  return queryOptions({
    queryKey: [...locationQueryKeys.all, 'districts', countryId],
    queryFn: ({ signal }) => listLocations({ location_type: 'districts', country_id: countryId }, signal),
    staleTime: LOCATIONS_STALE_TIME,
  });
}

/** A country's settlements, or only one district's when `districtId` is given. */
export function settlementsQueryOptions(countryId: number, districtId?: number) {
  return queryOptions({
    queryKey: [...locationQueryKeys.all, 'settlements', countryId, districtId ?? null],
    queryFn: ({ signal }) =>
      listLocations({ location_type: 'settlements', country_id: countryId, district_id: districtId }, signal),
    staleTime: LOCATIONS_STALE_TIME,
  });
}
