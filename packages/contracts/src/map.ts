import { z } from './schema.ts';

/*
 * The map picker of the station form (spec 2.11 and 9). The browser fetches tiles and asks the
 * geocoder itself; which servers those are is the server's setting, so a deployment can point at
 * its own (and tests at a local stub) without a new build.
 */

/** Near Bishkek: where the map opens when a station has no coordinates yet. */
export const MAP_DEFAULT_CENTER = { latitude: 42.87, longitude: 74.59 } as const;
export const MAP_ZOOM = 13;
/** A place found by the search is shown at this zoom. */
export const MAP_SEARCH_ZOOM = 12;
export const MAP_MAX_ZOOM = 18;
export const MAP_HEIGHT = '60vh';

export const mapSettings = z.object({
  /** A Leaflet URL template: `https://tile.openstreetmap.org/{z}/{x}/{y}.png`. */
  tile_url: z.string(),
  /** A Nominatim-compatible API root, no trailing slash: `/reverse` and `/search` are below it. */
  geocoder_url: z.string(),
});
export type MapSettings = z.infer<typeof mapSettings>;
