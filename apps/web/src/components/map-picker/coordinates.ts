import { MAP_DEFAULT_CENTER } from '@evcms/contracts/map';
import { COORDINATE_DECIMALS } from '@evcms/contracts/stations';

/*
 * Between the form's coordinate texts ('42.870000', the API's six-decimal strings) and the map's
 * numbers. Kept free of Leaflet so the rules run without a map.
 */

export interface Point {
  latitude: number;
  longitude: number;
}

/** Where the map looks. */
export interface MapView {
  center: Point;
  zoom: number;
}

/** What the form holds and the station API takes: text with six decimals. */
export interface CoordinateTexts {
  latitude: string;
  longitude: string;
}

/** The form's value as it may be: texts, numbers, or nothing yet. */
export interface CoordinateValue {
  latitude?: string | number | null;
  longitude?: string | number | null;
}

/** The station contract's shape of a coordinate: optional minus, up to 3 digits, up to 6 decimals. */
const COORDINATE_TEXT = /^-?\d{1,3}(\.\d{1,6})?$/;

/** `74.5912345678` -> `'74.591235'`; never `'-0.000000'`. */
export function coordinateText(value: number): string {
  const text = value.toFixed(COORDINATE_DECIMALS);
  return /^-0\.0+$/.test(text) ? text.slice(1) : text;
}

/**
 * The texts to save for a point of the map. A map panned round the world answers longitudes past
 * ±180; they are brought back into range, as the contract allows no other.
 */
export function toCoordinateTexts(point: Point): CoordinateTexts {
  const latitude = Math.min(90, Math.max(-90, point.latitude));
  const longitude = ((((point.longitude + 180) % 360) + 360) % 360) - 180;
  return { latitude: coordinateText(latitude), longitude: coordinateText(longitude) };
}

function parseCoordinate(value: string | number | null | undefined, bound: number): number | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (!COORDINATE_TEXT.test(text)) return null;
  const number = Number(text);
  return Math.abs(number) <= bound ? number : null;
}

/** The form's coordinates as a point, or null while either is missing or not a valid coordinate. */
export function parsePoint(value: CoordinateValue | null | undefined): Point | null {
  const latitude = parseCoordinate(value?.latitude, 90);
  const longitude = parseCoordinate(value?.longitude, 180);
  return latitude === null || longitude === null ? null : { latitude, longitude };
}

/** Where the map opens: at the station when it has coordinates, else near Bishkek. */
export function startingPoint(value: CoordinateValue | null | undefined): Point {
  return parsePoint(value) ?? { ...MAP_DEFAULT_CENTER };
}
