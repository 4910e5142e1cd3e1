import { queryOptions } from '@tanstack/react-query';
import type { MapSettings } from '@evcms/contracts/map';
import { http } from '../../lib/http.ts';
import { toCoordinateTexts, type Point } from './coordinates.ts';
import { reverseGeocode } from './geocoder.ts';

/** The tile server and geocoder the server is set up with; they change only with a restart. */
export function mapSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['map', 'settings'],
    queryFn: ({ signal }) => http.get<MapSettings>('/common/map-settings/', { signal }),
    staleTime: Infinity,
  });
}

/**
 * The address at a point, cached per saved precision and language so a point asked twice is one
 * call (Nominatim allows about one a second). A failed lookup is logged and answers null: the
 * popup then shows its default text (spec 8), and asking again would not help.
 */
export function addressQueryOptions(geocoderUrl: string, point: Point, lang: string) {
  const { latitude, longitude } = toCoordinateTexts(point);
  return queryOptions({
    queryKey: ['map', 'address', geocoderUrl, latitude, longitude, lang],
    queryFn: async ({ signal }) => {
      try {
        const address = await reverseGeocode(geocoderUrl, point, lang, signal);
        if (address === null) console.warn(`Reverse geocoding found no address at ${latitude}, ${longitude}`);
        return address;
      } catch (error) {
        if (signal.aborted) throw error;
        console.warn(`Reverse geocoding failed at ${latitude}, ${longitude}:`, error);
        return null;
      }
    },
    staleTime: Infinity,
    retry: false,
  });
}
