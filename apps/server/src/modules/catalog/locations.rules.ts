import type { MessageKey } from '@evcms/contracts/messages';

/** Rules of locations (country, district, city) named by id, as merchants and stations name them. */

export type LocationField = 'country' | 'district' | 'city';

export interface LocationIds {
  country: number;
  district: number | null;
  city: number;
}

/** What the database holds for the ids of a location; undefined where an id is unknown. */
export interface LocationRows {
  country: { id: number } | undefined;
  district: { id: number; countryId: number } | undefined;
  city: { id: number; countryId: number; districtId: number | null } | undefined;
}

/**
 * A location holds together: the country exists, the district (optional) lies in the country, and
 * the city lies in the country and, when a district is given, in that district. An unknown country
 * is reported alone, as nothing else can be judged against it. A field the request did not send
 * (a partial update) that no longer fits is reported too: the city as still to be given.
 */
export function locationProblems(
  wanted: LocationIds,
  found: LocationRows,
  options: { citySent?: boolean } = {},
): Partial<Record<LocationField, MessageKey>> {
  if (!found.country) return { country: 'invalid_choice' };
  const problems: Partial<Record<LocationField, MessageKey>> = {};
  const districtFits = wanted.district === null || found.district?.countryId === wanted.country;
  if (!districtFits) problems.district = 'invalid_choice';
  const city = found.city;
  const cityFits =
    city !== undefined &&
    city.countryId === wanted.country &&
    (wanted.district === null || !districtFits || city.districtId === wanted.district);
  if (!cityFits) problems.city = options.citySent === false ? 'field_blank' : 'invalid_choice';
  return problems;
}
