import type { Location } from '@evcms/contracts/catalog';
import { jsonResponse, type SeenRequest } from '../lib/test-fetch.ts';

/* The locations API as the screen tests need it: Kyrgyzstan, no districts, Bishkek. */

/** A country, district or settlement, named alike in every language. */
export const aPlace = (id: number, name: string, extra: Partial<Location> = {}): Location => ({
  id,
  name,
  name_ru: name,
  name_en: name,
  name_ky: name,
  ...extra,
});

/** GET /common/locations/ by `location_type`: country 1 Kyrgyzstan, city 2 Bishkek. */
export function bishkekLocations(request: SeenRequest) {
  const type = request.url.searchParams.get('location_type');
  if (type === 'countries') return jsonResponse(200, [aPlace(1, 'Kyrgyzstan')]);
  if (type === 'districts') return jsonResponse(200, []);
  return jsonResponse(200, [aPlace(2, 'Bishkek', { country_id: 1, district_id: null })]);
}
