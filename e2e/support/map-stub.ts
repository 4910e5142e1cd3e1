import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { png } from '../../apps/server/src/lib/png.ts';

/*
 * A stand-in for the map's outside world, on 127.0.0.1: every tile is one plain 256x256 PNG, and
 * Nominatim's /reverse and /search answer from canned data. Specs never reach the internet: the
 * server under test gets MAP_TILE_URL and GEOCODER_URL pointing here (and its CSP allows this
 * origin, as it would the real ones).
 *
 *   const map = useMapStub({ places: { Karakol: { latitude: 42.4907, longitude: 78.3936, name: 'Karakol' } } });
 *   const suite = useServerAndBrowser(map.env); // after useMapStub: its env is filled in first
 */

export interface StubPlace {
  latitude: number;
  longitude: number;
  name: string;
}

export interface MapStubOptions {
  /** What /reverse names every point; null answers Nominatim's "Unable to geocode". */
  address?: string | null;
  /** /search answers the place of a query (matched whole, case-insensitively), else nothing. */
  places?: Record<string, StubPlace>;
  /** A fixed port (for a server started by hand); a free one by default. */
  port?: number;
  /** Every tile answers 503, as a tile server that is down. */
  tilesDown?: boolean;
}

export interface MapStub {
  url: string;
  /** MAP_TILE_URL and GEOCODER_URL for startServer. */
  env: Record<string, string>;
  /** Every request seen, in order: `/tiles/13/5..`, `/nominatim/reverse?..`. */
  requests: URL[];
  close(): Promise<void>;
}

/** A 256x256 PNG of one pale colour, so a screenshot shows where the tiles are. */
const plainTile = (): Buffer => png(256, 256, () => [0xe8, 0xf1, 0xe4]);

/** Starts the stub on 127.0.0.1. */
export async function startMapStub(options: MapStubOptions = {}): Promise<MapStub> {
  const tile = plainTile();
  const requests: URL[] = [];
  const places = new Map(Object.entries(options.places ?? {}).map(([query, place]) => [query.toLowerCase(), place]));
  const address = options.address === undefined ? 'Chui Avenue 1, Bishkek, Kyrgyzstan' : options.address;

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    // The page calls the geocoder from its own origin: a cross-origin fetch.
    response.setHeader('access-control-allow-origin', '*');
    const json = (body: unknown) => {
      response.setHeader('content-type', 'application/json; charset=utf-8');
      response.end(JSON.stringify(body));
    };
    if (url.pathname.startsWith('/tiles/') && options.tilesDown) {
      response.statusCode = 503;
      response.end();
    } else if (url.pathname.startsWith('/tiles/')) {
      response.setHeader('content-type', 'image/png');
      response.end(tile);
    } else if (url.pathname === '/nominatim/reverse') {
      const [lat, lon] = [url.searchParams.get('lat'), url.searchParams.get('lon')];
      json(address === null ? { error: 'Unable to geocode' } : { lat, lon, display_name: address });
    } else if (url.pathname === '/nominatim/search') {
      const place = places.get((url.searchParams.get('q') ?? '').trim().toLowerCase());
      json(place ? [{ lat: String(place.latitude), lon: String(place.longitude), display_name: place.name }] : []);
    } else {
      response.statusCode = 404;
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    env: { MAP_TILE_URL: `${url}/tiles/{z}/{x}/{y}.png`, GEOCODER_URL: `${url}/nominatim` },
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/**
 * The stub for one spec file. Call it before useServerAndBrowser and pass it `.env`: the object
 * is filled in by this beforeAll, which runs before the server's.
 */
export function useMapStub(options: MapStubOptions = {}): MapStub {
  const stub = { env: {}, requests: [] } as unknown as MapStub;
  beforeAll(async () => {
    const started = await startMapStub(options);
    Object.assign(stub.env, started.env);
    Object.assign(stub, { url: started.url, requests: started.requests, close: started.close });
  });
  afterAll(() => stub.close?.());
  return stub;
}
