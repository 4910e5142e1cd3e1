import * as L from 'leaflet';

/*
 * leaflet.heat extends the global `L` as it loads. Leaflet's own build sets `window.L`, but a
 * bundler's or a test runner's module wrapper may not: imported before the plugin, this makes sure.
 */
const scope = globalThis as { L?: typeof L };
scope.L ??= L;
