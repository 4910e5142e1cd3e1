import 'leaflet/dist/leaflet.css';
import * as L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useLatest } from '../../lib/use-latest.ts';
import { addTiles } from '../../components/map-picker/map-tiles.ts';
import { MAP_DEFAULT_CENTER, MAP_MAX_ZOOM, MAP_ZOOM } from '@evcms/contracts/map';
import type { HeatMapStation } from '@evcms/contracts/heat-map';
import { heatLayer } from './heat-layer.ts';
import { HEAT_GRADIENT, markerRadius } from './heat-map-scale.ts';

/*
 * Leaflet with leaflet.heat behind a small React component, loaded lazily by heat-map-view.tsx:
 * Leaflet, its CSS and the heat layer come with the heat map, not with the screens around it.
 */

export interface MapStation extends HeatMapStation {
  /** The chosen figure's share of the largest (0 to 1): the heat's weight and the circle's size. */
  share: number;
  /** The popup's lines: the name (linked to the card) and the figures, as texts. */
  popup: { name: string; path: string; lines: string[] };
}

export interface LeafletHeatMapProps {
  tileUrl: string;
  stations: readonly MapStation[];
  height: string;
  /** A station's name in a popup was followed: the app's router goes there. */
  onOpen: (path: string) => void;
  /** False once a tile failed with none loaded (the tile server is down), true when one loads. */
  onTilesShown?: (shown: boolean) => void;
}

// Stations closer than this zoom would crowd a whole city into one blob.
const FIT_MAX_ZOOM = 14;

// leaflet.heat draws on a canvas; without one (jsdom) the map shows the circles alone.
const canDrawHeat = () => document.createElement('canvas').getContext('2d') !== null;

function popupContent(station: MapStation, onOpen: (path: string) => void): HTMLElement {
  const element = document.createElement('div');
  const link = document.createElement('a');
  link.href = station.popup.path;
  link.textContent = station.popup.name;
  link.addEventListener('click', (event) => {
    event.preventDefault();
    onOpen(station.popup.path);
  });
  const title = document.createElement('strong');
  title.append(link);
  element.append(title);
  for (const line of station.popup.lines) {
    const row = document.createElement('div');
    row.textContent = line;
    element.append(row);
  }
  return element;
}

export function LeafletHeatMap(props: LeafletHeatMapProps) {
  const { tileUrl, stations, height } = props;
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const overlays = useRef<{ heat: L.HeatLayer | null; markers: L.LayerGroup } | null>(null);
  const latest = useLatest(props);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const created = L.map(element, {
      center: L.latLng(MAP_DEFAULT_CENTER.latitude, MAP_DEFAULT_CENTER.longitude),
      zoom: MAP_ZOOM,
      maxZoom: MAP_MAX_ZOOM,
      // Circles as SVG paths: each its own element (tests and screen readers find them), and no canvas needed.
      renderer: L.svg(),
    });
    addTiles(created, tileUrl, (loaded) => latest.current.onTilesShown?.(loaded));
    // A constant weight at every zoom (maxZoom 0): leaflet.heat would fade points zoomed out by default.
    const heat = canDrawHeat()
      ? heatLayer([], { radius: 30, blur: 20, max: 1, maxZoom: 0, minOpacity: 0.2, gradient: HEAT_GRADIENT }).addTo(
          created,
        )
      : null;
    overlays.current = { heat, markers: L.layerGroup().addTo(created) };
    // The full-screen dialog opens with an animation: the size Leaflet measured first is wrong.
    const resize = new ResizeObserver(() => created.invalidateSize());
    resize.observe(element);
    map.current = created;
    return () => {
      resize.disconnect();
      // leaflet.heat redraws on the next frame; it must not find its map gone.
      const frame = (heat as { _frame?: number } | null)?._frame;
      if (frame) L.Util.cancelAnimFrame(frame);
      created.remove();
      map.current = null;
      overlays.current = null;
    };
  }, [tileUrl, latest]);

  useEffect(() => {
    const created = map.current;
    const layers = overlays.current;
    if (!created || !layers) return;
    layers.heat?.setLatLngs(stations.map((station) => [station.latitude, station.longitude, station.share]));
    layers.markers.clearLayers();
    for (const station of stations) {
      L.circleMarker([station.latitude, station.longitude], {
        radius: markerRadius(station.share),
        color: '#ffffff',
        weight: 2,
        fillColor: '#087575',
        fillOpacity: 0.85,
        className: 'heat-map-station',
      })
        // Esc belongs to the full-screen dialog, as in the map picker (leaflet-map.tsx).
        .bindPopup(
          popupContent(station, (path) => latest.current.onOpen(path)),
          { closeOnEscapeKey: false },
        )
        .bindTooltip(station.popup.name)
        .addTo(layers.markers);
    }
    if (stations.length > 0) {
      const bounds = L.latLngBounds(stations.map((station) => [station.latitude, station.longitude]));
      created.fitBounds(bounds, { padding: [40, 40], maxZoom: FIT_MAX_ZOOM });
    }
  }, [stations, latest]);

  return <div ref={container} data-testid="heat-map" style={{ height, width: '100%' }} />;
}
