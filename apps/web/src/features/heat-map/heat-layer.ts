import type * as Leaflet from 'leaflet';
import './leaflet-global.ts';
import 'leaflet.heat';

/*
 * leaflet.heat's layer. The plugin adds `heatLayer` to the global `L` (leaflet-global.ts makes sure
 * there is one, and imports before it); a bundler's namespace object of Leaflet was copied before
 * the plugin ran and lacks it, so the layer is taken from the global.
 */
export function heatLayer(points: Leaflet.HeatLatLngTuple[], options: Leaflet.HeatMapOptions): Leaflet.HeatLayer {
  const { L } = globalThis as unknown as { L: typeof Leaflet };
  return L.heatLayer(points, options);
}
