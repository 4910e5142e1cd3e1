import { bannerCreateRequest, type BannerCreateRequest } from '@evcms/contracts/banners';
import type { Database } from '../../db/client.ts';
import { createBanner, type BannersDeps } from '../../modules/banners/banners.service.ts';
import { theBuildersManager } from './accounts.ts';
import { next } from './sequence.ts';
import { TINY_PNG } from './stations.ts';

/** The banners service with a media store that "keeps" and "copies" an image under its name and writes nothing. */
export function bannersDeps(database: Database): BannersDeps {
  return {
    db: database.db,
    media: {
      keep: async (file, folder) => `${folder}/${file.filename}`,
      copy: async (stored, folder) => `${folder}/copy-${next()}-${stored.split('/').pop()}`,
      remove: async () => undefined,
    },
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The fields of a valid banner (or, with `type: 'fullscreen'`, fullscreen): active, from yesterday for 30 days, no stations. */
export function aBannerRequest(overrides: Partial<BannerCreateRequest> = {}): BannerCreateRequest {
  const fullscreen = overrides.type === 'fullscreen';
  return {
    type: 'banner',
    name: `Banner ${next()}`,
    link: 'https://example.kg/offer',
    start_at: new Date(Date.now() - DAY_MS).toISOString(),
    end_at: new Date(Date.now() + 30 * DAY_MS).toISOString(),
    ...(fullscreen ? { category: 'main', destination: 'browser' } : { button_name: 'Open', button_colour: '#1677ff' }),
    ...overrides,
  };
}

/** A banner made through the banners service (an image that is not written anywhere), by the builders' manager. */
export async function aBanner(database: Database, overrides: Partial<BannerCreateRequest> = {}) {
  const input = bannerCreateRequest.parse(aBannerRequest(overrides));
  const image = {
    filename: `banner-${next()}.png`,
    mimetype: 'image/png',
    size: TINY_PNG.length,
    type: 'png' as const,
    tempPath: '/nonexistent',
  };
  return createBanner(bannersDeps(database), { ...input, image }, await theBuildersManager(database));
}
