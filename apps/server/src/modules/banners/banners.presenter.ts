import {
  FULLSCREEN_CATEGORIES,
  FULLSCREEN_DESTINATIONS,
  type Banner,
  type BannerListItem,
} from '@evcms/contracts/banners';
import type { Lang } from '@evcms/contracts/i18n';
import { isActive, STATUS_INACTIVE } from '@evcms/contracts/status';
import { mediaUrl } from '../../lib/uploads.ts';
import type { BannerDetailRecord, BannerListRecord } from './banners.service.ts';

/** Banners and fullscreens as the API answers them: choices named in the request's language. */

export function presentBannerListItem(banner: BannerListRecord, lang: Lang): BannerListItem {
  // Past its end it is shown inactive whatever its stored status (no sweep stores it).
  const status = banner.archived ? STATUS_INACTIVE : banner.status;
  return {
    id: banner.id,
    type: banner.type,
    name: banner.name,
    image: mediaUrl(banner.image),
    crop: banner.crop,
    link: banner.link,
    merchant: banner.merchantId,
    merchant_name: banner.merchantName?.[lang] ?? null,
    start_at: banner.startAt.toISOString(),
    end_at: banner.endAt.toISOString(),
    status,
    active: isActive(status),
    archived: banner.archived,
    button_name: banner.buttonName,
    button_colour: banner.buttonColour,
    stations_count: banner.stationIds.length,
    category: banner.category,
    category_name: banner.category && FULLSCREEN_CATEGORIES[banner.category][lang],
    destination: banner.destination,
    destination_name: banner.destination && FULLSCREEN_DESTINATIONS[banner.destination][lang],
    created_at: banner.createdAt.toISOString(),
  };
}

export function presentBanner(banner: BannerDetailRecord, lang: Lang): Banner {
  return {
    ...presentBannerListItem(banner, lang),
    stations: banner.stations.map((station) => ({ id: station.id, name: station.name[lang] })),
  };
}
