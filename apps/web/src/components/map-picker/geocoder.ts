import { toCoordinateTexts, type Point } from './coordinates.ts';

/*
 * The geocoder the browser asks directly (Nominatim's API; its address is the server's
 * GEOCODER_URL setting): the address of a point, and the first place matching a search.
 */

export interface Place {
  point: Point;
  name: string;
}

/** The geocoder could not be asked or answered nonsense; "nothing there" is not an error. */
export class GeocoderError extends Error {
  override name = 'GeocoderError';
}

async function ask(base: string, path: string, params: Record<string, string>, signal?: AbortSignal): Promise<unknown> {
  const url = `${base}${path}?${new URLSearchParams({ format: 'json', ...params }).toString()}`;
  let response: Response;
  try {
    // The page sends no referrer; Nominatim's usage policy asks to know which site calls, and the
    // origin alone says it without the address (which may carry a token).
    response = await fetch(url, { signal: signal ?? null, referrerPolicy: 'strict-origin' });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new GeocoderError(`${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) throw new GeocoderError(`${path}: HTTP ${response.status}`);
  try {
    return await response.json();
  } catch {
    throw new GeocoderError(`${path}: not JSON`);
  }
}

function readName(value: unknown): string | null {
  const name = (value as { display_name?: unknown } | null)?.display_name;
  return typeof name === 'string' && name.trim() !== '' ? name.trim() : null;
}

/** The address at `point` in `lang`, or null when the geocoder knows none (the open sea). */
export async function reverseGeocode(
  base: string,
  point: Point,
  lang: string,
  signal?: AbortSignal,
): Promise<string | null> {
  const { latitude, longitude } = toCoordinateTexts(point);
  const answer = await ask(base, '/reverse', { lat: latitude, lon: longitude, 'accept-language': lang }, signal);
  // Nominatim answers 200 with { error: 'Unable to geocode' } where there is no address.
  return readName(answer);
}

/** The best match for `query` in `lang`, or null when nothing matches. */
export async function searchPlace(
  base: string,
  query: string,
  lang: string,
  signal?: AbortSignal,
): Promise<Place | null> {
  const answer = await ask(base, '/search', { q: query, limit: '1', 'accept-language': lang }, signal);
  if (!Array.isArray(answer)) throw new GeocoderError('/search: not a list');
  const first = answer[0] as { lat?: unknown; lon?: unknown } | undefined;
  if (first === undefined) return null;
  const latitude = Number(first.lat);
  const longitude = Number(first.lon);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude))
    throw new GeocoderError('/search: a place without coordinates');
  return { point: { latitude, longitude }, name: readName(first) ?? query };
}
