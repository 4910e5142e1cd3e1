import * as L from 'leaflet';
import { MAP_MAX_ZOOM } from '@evcms/contracts/map';

/* The configured tile server's layer, shared by the map picker and the heat map. */

const ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noreferrer">OpenStreetMap</a>';

/**
 * Adds the tiles of `tileUrl` to `map`; `shown(false)` once a tile failed with none loaded (the
 * tile server is down), `shown(true)` when one loads.
 */
export function addTiles(map: L.Map, tileUrl: string, shown: (loaded: boolean) => void): L.TileLayer {
  // The page sends no referrer; tile servers (OpenStreetMap's policy) want to know the site.
  const tiles = L.tileLayer(tileUrl, {
    maxZoom: MAP_MAX_ZOOM,
    attribution: ATTRIBUTION,
    referrerPolicy: 'strict-origin',
  }).addTo(map);
  let anyLoaded = false;
  tiles.on('tileload', () => {
    anyLoaded = true;
    shown(true);
  });
  tiles.on('tileerror', () => {
    if (!anyLoaded) shown(false);
  });
  return tiles;
}
