import type { Location } from '@evcms/contracts/catalog';

/** The settlements the city select offers: the country's, or the chosen district's only. */
export function citiesOf(settlements: readonly Location[] | undefined, districtId: number | null | undefined) {
  if (districtId == null) return settlements;
  return settlements?.filter((city) => city.district_id === districtId);
}

/**
 * Whether a chosen city stays after the district changed to `districtId`: a cleared district
 * keeps it (every settlement of the country is listed then), another district only when the
 * city lies in it. A city missing from the country's list cannot be checked and goes.
 */
export function keepsCity(
  cityId: number | null | undefined,
  districtId: number | null | undefined,
  settlements: readonly Location[] | undefined,
): boolean {
  if (cityId == null || districtId == null) return true;
  return settlements?.find((city) => city.id === cityId)?.district_id === districtId;
}
