import 'leaflet/dist/leaflet.css';
import * as L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useLatest } from '../../lib/use-latest.ts';
import { addTiles } from './map-tiles.ts';
import { MAP_HEIGHT, MAP_MAX_ZOOM } from '@evcms/contracts/map';
import type { MapView, Point } from './coordinates.ts';

/*
 * Leaflet behind a small React component. Only map-picker-modal.tsx loads this file, lazily: Leaflet
 * and its CSS (~45 KB gzip) come with the first map opened, not with the screens around it.
 */

export interface LeafletMapProps {
  /** A Leaflet URL template (the server's MAP_TILE_URL). */
  tileUrl: string;
  /** Where the map looks; a new object moves it there, even to the same place. */
  view: MapView;
  marker: Point;
  /** Shown in the marker's popup as text: an address from the geocoder is never read as HTML. */
  popup: string;
  markerLabel: string;
  onPick: (point: Point) => void;
  /**
   * Whether the map can be seen: false once a tile failed with none loaded (the tile server is
   * down or unreachable, and the map is a grey area), true again when one loads.
   */
  onTilesShown?: (shown: boolean) => void;
}

// Leaflet's own marker finds its images through a path that bundlers rewrite; a pin drawn inline
// needs no image at all.
const PIN = L.divIcon({
  className: 'map-picker-pin',
  html:
    '<svg width="30" height="42" viewBox="0 0 30 42" aria-hidden="true">' +
    '<path d="M15 1C7.3 1 1 7.2 1 14.9 1 25.4 15 41 15 41s14-15.6 14-26.1C29 7.2 22.7 1 15 1z" fill="#087575" stroke="#fff" stroke-width="2"/>' +
    '<circle cx="15" cy="15" r="5.5" fill="#fff"/></svg>',
  iconSize: [30, 42],
  iconAnchor: [15, 41],
  popupAnchor: [0, -36],
});

const toLatLng = (point: Point) => L.latLng(point.latitude, point.longitude);

function textContent(text: string): HTMLElement {
  const element = document.createElement('span');
  element.textContent = text;
  return element;
}

export function LeafletMap(props: LeafletMapProps) {
  const { tileUrl, view, marker, popup } = props;
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const pin = useRef<L.Marker | null>(null);
  // The map is made once per tile server; later props reach it through the effects below.
  const latest = useLatest(props);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const start = latest.current;
    const created = L.map(element, {
      center: toLatLng(start.view.center),
      zoom: start.view.zoom,
      maxZoom: MAP_MAX_ZOOM,
    });
    addTiles(created, tileUrl, (loaded) => latest.current.onTilesShown?.(loaded));
    pin.current = L.marker(toLatLng(start.marker), { icon: PIN, title: start.markerLabel, alt: start.markerLabel })
      // Esc belongs to the dialog (it closes the map): Leaflet would stop every Esc while the map has
      // the focus, to close a popup it still counts as open after the first.
      .bindPopup(textContent(start.popup), { closeOnEscapeKey: false })
      .addTo(created)
      .openPopup();
    created.on('click', (event: L.LeafletMouseEvent) =>
      latest.current.onPick({ latitude: event.latlng.lat, longitude: event.latlng.lng }),
    );
    // The dialog around the map opens with an animation: the size Leaflet measured first is wrong.
    const resize = new ResizeObserver(() => created.invalidateSize());
    resize.observe(element);
    map.current = created;
    return () => {
      resize.disconnect();
      created.remove();
      map.current = null;
      pin.current = null;
    };
  }, [tileUrl, latest]);

  useEffect(() => {
    map.current?.setView(toLatLng(view.center), view.zoom);
  }, [view]);

  useEffect(() => {
    pin.current?.setLatLng(L.latLng(marker.latitude, marker.longitude));
  }, [marker.latitude, marker.longitude]);

  useEffect(() => {
    pin.current?.setPopupContent(textContent(popup)).openPopup();
  }, [popup]);

  return <div ref={container} data-testid="map" style={{ height: MAP_HEIGHT, width: '100%' }} />;
}
