import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../lib/test-fetch.ts';
import { GeocoderError, reverseGeocode, searchPlace } from './geocoder.ts';

const GEOCODER = 'http://geo.test/nominatim';
const BISHKEK = { latitude: 42.8746213456, longitude: 74.5698 };

describe('reverse geocoding', () => {
  it("asks Nominatim for the point's address in the interface language", async () => {
    const { calls } = stubFetch({
      'GET /nominatim/reverse': () => jsonResponse(200, { display_name: 'Чуй проспекти, Бишкек, Кыргызстан' }),
    });
    expect(await reverseGeocode(GEOCODER, BISHKEK, 'ky')).toBe('Чуй проспекти, Бишкек, Кыргызстан');
    const { url } = calls[0]!;
    expect(`${url.origin}${url.pathname}`).toBe('http://geo.test/nominatim/reverse');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      format: 'json',
      lat: '42.874621',
      lon: '74.569800',
      'accept-language': 'ky',
    });
  });

  it('answers null where there is no address (Nominatim says so with a 200)', async () => {
    stubFetch({ 'GET /nominatim/reverse': () => jsonResponse(200, { error: 'Unable to geocode' }) });
    expect(await reverseGeocode(GEOCODER, { latitude: 0, longitude: -30 }, 'en')).toBeNull();
  });

  it('fails with a GeocoderError when the geocoder refuses or cannot be reached', async () => {
    stubFetch({ 'GET /nominatim/reverse': () => jsonResponse(503, { detail: 'busy' }) });
    await expect(reverseGeocode(GEOCODER, BISHKEK, 'ru')).rejects.toThrow(new GeocoderError('/reverse: HTTP 503'));
    stubFetch({
      'GET /nominatim/reverse': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(reverseGeocode(GEOCODER, BISHKEK, 'ru')).rejects.toBeInstanceOf(GeocoderError);
  });
});

describe('place search', () => {
  it('asks for the one best match and answers its point and name', async () => {
    const { calls } = stubFetch({
      'GET /nominatim/search': () =>
        jsonResponse(200, [{ lat: '42.4907', lon: '78.3936', display_name: 'Karakol, Issyk-Kul Region' }]),
    });
    expect(await searchPlace(GEOCODER, 'Karakol', 'en')).toEqual({
      point: { latitude: 42.4907, longitude: 78.3936 },
      name: 'Karakol, Issyk-Kul Region',
    });
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
      format: 'json',
      q: 'Karakol',
      limit: '1',
      'accept-language': 'en',
    });
  });

  it('answers null when nothing matches, and fails on an answer that is not a list', async () => {
    stubFetch({ 'GET /nominatim/search': () => jsonResponse(200, []) });
    expect(await searchPlace(GEOCODER, 'Atlantis', 'en')).toBeNull();
    stubFetch({ 'GET /nominatim/search': () => jsonResponse(200, { error: 'Bad request' }) });
    await expect(searchPlace(GEOCODER, 'Atlantis', 'en')).rejects.toBeInstanceOf(GeocoderError);
  });
});
