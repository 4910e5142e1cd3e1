import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mapSettings, type MapSettings } from '@evcms/contracts/map';

export interface MapDeps {
  /** From config.ts: MAP_TILE_URL and GEOCODER_URL. */
  mapTileUrl: string;
  geocoderUrl: string;
}

/**
 * Which tile server and geocoder the map picker uses, under /api/v1. Signed-in only: only the
 * station form shows a map. The page's CSP allows these same two origins (lib/security-headers.ts).
 */
export function mapRoutes(deps: MapDeps) {
  const settings: MapSettings = { tile_url: deps.mapTileUrl, geocoder_url: deps.geocoderUrl };
  return async function (app: FastifyInstance) {
    app.withTypeProvider<ZodTypeProvider>().get('/common/map-settings/', {
      schema: { tags: ['map'], response: { 200: mapSettings } },
      handler: async () => settings,
    });
  };
}
