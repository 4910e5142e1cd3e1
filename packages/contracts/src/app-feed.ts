import { FULLSCREEN_CATEGORY_KEYS, FULLSCREEN_DESTINATION_KEYS, type FullscreenCategory } from './banners.ts';
import { wholeNumber as id } from './common.ts';
import { z } from './schema.ts';

/*
 * The drivers' app's feed (issue 32, PRODUCT.md 'Driver-app feed'): GET /app/feed/, public and
 * read-only. What is showing now: active banners, fullscreens by the screen they cover, active
 * promotions with the active stations they apply at, in the request's language. Only what the app
 * shows: no statuses, crops, authors or merchants (docs/decisions.md 'Driver-app feed').
 */

/** Seconds a client (or a proxy) may reuse an answer before asking again with If-None-Match. */
export const APP_FEED_MAX_AGE_SECONDS = 30;

const period = { start_at: z.string(), end_at: z.string() };

export const appFeedBanner = z.object({
  id,
  name: z.string(),
  /** The image's URL. */
  image: z.string(),
  link: z.string(),
  button_name: z.string(),
  button_colour: z.string(),
  /** The stations it is shown at; empty: every station. */
  station_ids: z.array(id),
  ...period,
});
export type AppFeedBanner = z.infer<typeof appFeedBanner>;

export const appFeedFullscreen = z.object({
  id,
  name: z.string(),
  image: z.string(),
  link: z.string(),
  destination: z.enum(FULLSCREEN_DESTINATION_KEYS),
  ...period,
});
export type AppFeedFullscreen = z.infer<typeof appFeedFullscreen>;

export const appFeedStation = z.object({ id, name: z.string(), latitude: z.string(), longitude: z.string() });
export type AppFeedStation = z.infer<typeof appFeedStation>;

export const appFeedPromotion = z.object({
  id,
  /** The title in the request's language. */
  name: z.string(),
  image: z.string(),
  /** Percent, or null when the discount is an amount. */
  discount_percent: z.nullable(z.number()),
  /** Som, or null when the discount is a percentage. */
  discount_amount: z.nullable(z.number()),
  /** Som; smaller charges get no discount. */
  min_charge_amount: z.number(),
  /** Earlier paid charges a driver needs. */
  min_charges: id,
  /** Daily, Bishkek time, or null: all day. */
  happy_hours_start: z.nullable(z.string()),
  happy_hours_end: z.nullable(z.string()),
  ...period,
  stations: z.array(appFeedStation),
});
export type AppFeedPromotion = z.infer<typeof appFeedPromotion>;

/** Every category is present, empty when nothing covers that screen. */
const fullscreensByCategory = z.object(
  Object.fromEntries(FULLSCREEN_CATEGORY_KEYS.map((key) => [key, z.array(appFeedFullscreen)])) as Record<
    FullscreenCategory,
    z.ZodMiniArray<typeof appFeedFullscreen>
  >,
);

/** The answer: newest first in each list. */
export const appFeed = z.object({
  banners: z.array(appFeedBanner),
  fullscreens: fullscreensByCategory,
  promotions: z.array(appFeedPromotion),
});
export type AppFeed = z.infer<typeof appFeed>;
