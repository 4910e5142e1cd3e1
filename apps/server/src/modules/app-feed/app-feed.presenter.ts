import type { AppFeed, AppFeedFullscreen } from '@evcms/contracts/app-feed';
import { FULLSCREEN_CATEGORY_KEYS, type FullscreenCategory } from '@evcms/contracts/banners';
import { DECIMALS, fromMinorUnits } from '@evcms/contracts/decimal';
import type { Lang } from '@evcms/contracts/i18n';
import { mediaUrl } from '../../lib/uploads.ts';
import type { AppFeedRecords } from './app-feed.service.ts';

/** The feed as the app reads it: names in the request's language, money in som, the discount in percent. */

const money = (tyiyn: number) => fromMinorUnits(tyiyn, DECIMALS.money);

export function presentAppFeed(records: AppFeedRecords, lang: Lang): AppFeed {
  const fullscreens = Object.fromEntries(FULLSCREEN_CATEGORY_KEYS.map((key) => [key, []])) as unknown as Record<
    FullscreenCategory,
    AppFeedFullscreen[]
  >;
  const banners: AppFeed['banners'] = [];
  for (const item of records.banners) {
    const period = { start_at: item.startAt.toISOString(), end_at: item.endAt.toISOString() };
    const shown = { id: item.id, name: item.name, image: mediaUrl(item.image), link: item.link };
    // The table's checks hold a banner's button and a fullscreen's category and destination.
    if (item.type === 'banner')
      banners.push({
        ...shown,
        button_name: item.buttonName!,
        button_colour: item.buttonColour!,
        station_ids: item.stationIds,
        ...period,
      });
    else fullscreens[item.category!].push({ ...shown, destination: item.destination!, ...period });
  }
  return {
    banners,
    fullscreens,
    promotions: records.promotions.map((promotion) => ({
      id: promotion.id,
      name: promotion.title[lang],
      image: mediaUrl(promotion.image),
      discount_percent:
        promotion.discountBasisPoints === null ? null : fromMinorUnits(promotion.discountBasisPoints, DECIMALS.percent),
      discount_amount: promotion.discountTyiyn === null ? null : money(promotion.discountTyiyn),
      min_charge_amount: money(promotion.minChargeTyiyn),
      min_charges: promotion.minCharges,
      happy_hours_start: promotion.happyHoursStart,
      happy_hours_end: promotion.happyHoursEnd,
      start_at: promotion.startAt.toISOString(),
      end_at: promotion.endAt.toISOString(),
      stations: promotion.stations.map((station) => ({
        id: station.id,
        name: station.name[lang],
        latitude: station.latitude,
        longitude: station.longitude,
      })),
    })),
  };
}
