import { wholeNumber as id } from './common.ts';
import { blankOr, choice, formIdList, formRefId, formInt } from './form-values.ts';
import type { MessageKey } from './messages.ts';
import { namesKeys, type Names } from './names.ts';
import { cropData, cropDataOut, instant } from './promotions.ts';
import { booleanParam, pageParams, searchParam } from './query.ts';
import { optionalFields, requiredText, z } from './schema.ts';
import { status } from './status.ts';

/*
 * Banners and fullscreens (spec 3 'Banner', 'Fullscreen', PRODUCT.md 'Banners and fullscreens'):
 * what the drivers' app shows as a strip with a button (a banner) or over a whole screen (a
 * fullscreen), each with an image, a link and a period. One resource with a `type`: the fields of
 * the other type are left out. In the archive when inactive or when its end has passed.
 */

export const BANNER_TYPES = ['banner', 'fullscreen'] as const;
export type BannerType = (typeof BANNER_TYPES)[number];

export const BANNER_NAME_MAX = 100;
export const BANNER_LINK_MAX = 200;
export const BANNER_BUTTON_NAME_MAX = 40;
/** Stations one banner is shown at: a network's worth. */
export const BANNER_STATIONS_MAX = 10_000;
/** Spec 9: images up to 2 MB (jpg, jpeg, png). */
export const BANNER_IMAGE_MAX_MB = 2;
export const BANNER_IMAGE_MAX_BYTES = BANNER_IMAGE_MAX_MB * 1024 * 1024;
/** Spec 9: a fullscreen's image is cropped to the iPhone's 9:19.5. */
export const FULLSCREEN_IMAGE_ASPECT = 9 / 19.5;

/** The app's screen a fullscreen is shown over (spec 3). */
export const FULLSCREEN_CATEGORIES = {
  main: { ru: 'Главная', en: 'Main', ky: 'Башкы бет' },
  list: { ru: 'Список', en: 'List', ky: 'Тизме' },
  maps: { ru: 'Карта', en: 'Map', ky: 'Карта' },
  stock_promotions: { ru: 'Акции', en: 'Promotions', ky: 'Акциялар' },
  notifications: { ru: 'Уведомления', en: 'Notifications', ky: 'Билдирүүлөр' },
} as const satisfies Record<string, Names>;
export type FullscreenCategory = keyof typeof FULLSCREEN_CATEGORIES;
export const FULLSCREEN_CATEGORY_KEYS = namesKeys(FULLSCREEN_CATEGORIES);

/** Where a fullscreen's link opens when tapped (docs/decisions.md 'Banners'): the phone's browser or inside the app. */
export const FULLSCREEN_DESTINATIONS = {
  browser: { ru: 'В браузере', en: 'In the browser', ky: 'Браузерде' },
  app: { ru: 'В приложении', en: 'In the app', ky: 'Колдонмодо' },
} as const satisfies Record<string, Names>;
export type FullscreenDestination = keyof typeof FULLSCREEN_DESTINATIONS;
export const FULLSCREEN_DESTINATION_KEYS = namesKeys(FULLSCREEN_DESTINATIONS);

/** An http(s) address with a dotted host. */
const link = requiredText(BANNER_LINK_MAX).check(
  z.regex(/^https?:\/\/[^\s/?#:@]+\.[^\s/?#:@]+(:\d{1,5})?([/?#]\S*)?$/i, { error: 'url_invalid' }),
);

/** `#rrggbb`, stored lower-case. */
const colour = z.pipe(
  requiredText(7).check(z.regex(/^#[0-9a-fA-F]{6}$/, { error: 'colour_invalid' })),
  z.transform((value: string) => value.toLowerCase()),
);

const bannerFields = {
  name: requiredText(BANNER_NAME_MAX),
  link,
  merchant: blankOr(formRefId),
  start_at: instant,
  end_at: instant,
  status: z.pipe(formInt({ min: 0, max: 1, error: 'invalid_choice' }), status),
  crop: cropData,
  /** Banners only. */
  button_name: blankOr(requiredText(BANNER_BUTTON_NAME_MAX)),
  button_colour: blankOr(colour),
  /** A multipart body cannot send an empty list: `stations` sent once as '' says "none" (an edit removing them all). */
  stations: z.pipe(
    z.transform((value: unknown) => (value === '' ? [] : value)),
    formIdList(BANNER_STATIONS_MAX),
  ),
  /** Fullscreens only. */
  category: blankOr(choice(FULLSCREEN_CATEGORY_KEYS)),
  destination: blankOr(choice(FULLSCREEN_DESTINATION_KEYS)),
};

/** POST /ads/banners/ (without `image`, which the route adds): a new one is active unless `status: 1` is sent. */
export const bannerCreateRequest = z.object({
  type: choice(BANNER_TYPES),
  ...bannerFields,
  merchant: z._default(bannerFields.merchant, null),
  status: z._default(bannerFields.status, 0),
  crop: z.optional(cropData),
  button_name: z._default(bannerFields.button_name, null),
  button_colour: z._default(bannerFields.button_colour, null),
  stations: z._default(bannerFields.stations, []),
  category: z._default(bannerFields.category, null),
  destination: z._default(bannerFields.destination, null),
});
export type BannerCreateRequest = z.input<typeof bannerCreateRequest>;
export type BannerCreate = z.output<typeof bannerCreateRequest>;

/** PATCH /ads/banners/{id}/: only the fields sent change; the type stays. */
export const bannerUpdateRequest = z.object(optionalFields(bannerFields));
export type BannerUpdateRequest = z.input<typeof bannerUpdateRequest>;
export type BannerUpdate = z.output<typeof bannerUpdateRequest>;

/** What the cross-field rules read of a banner or fullscreen as it will be stored. */
export interface BannerTerms {
  type: BannerType;
  buttonName: string | null;
  buttonColour: string | null;
  category: FullscreenCategory | null;
  destination: FullscreenDestination | null;
  startAt: Date;
  endAt: Date;
}

export interface BannerProblem {
  field: string;
  message: MessageKey;
}

/** Spec 3 and 5: a banner's button, a fullscreen's category and destination, the end after the start; in the form's order. */
export function bannerTermsProblems(terms: BannerTerms): BannerProblem[] {
  const problems: BannerProblem[] = [];
  const required = (field: string, value: unknown) => {
    if (value === null) problems.push({ field, message: 'field_blank' });
  };
  if (terms.type === 'banner') {
    required('button_name', terms.buttonName);
    required('button_colour', terms.buttonColour);
  } else {
    required('category', terms.category);
    required('destination', terms.destination);
  }
  if (terms.endAt <= terms.startAt) problems.push({ field: 'end_at', message: 'banner_end_before_start' });
  return problems;
}

// ---- Lists

/** GET /ads/banners/: one type's list, newest first; `archive` keeps the archived (true) or the current (false) ones. */
export const bannerListQuery = z.object({
  ...pageParams,
  type: choice(BANNER_TYPES),
  archive: booleanParam,
  search: searchParam,
});
export type BannerListQuery = z.input<typeof bannerListQuery>;
export type BannerFilters = z.output<typeof bannerListQuery>;

export const bannerStation = z.object({ id, name: z.string() });

const bannerOutputFields = {
  id,
  type: z.enum(BANNER_TYPES),
  name: z.string(),
  /** The image's URL. */
  image: z.string(),
  crop: cropDataOut,
  link: z.string(),
  merchant: z.nullable(id),
  merchant_name: z.nullable(z.string()),
  start_at: z.string(),
  end_at: z.string(),
  /** As shown: inactive once its end has passed. */
  status,
  active: z.boolean(),
  /** Inactive or past its end. */
  archived: z.boolean(),
  button_name: z.nullable(z.string()),
  button_colour: z.nullable(z.string()),
  stations_count: id,
  category: z.nullable(z.enum(FULLSCREEN_CATEGORY_KEYS)),
  category_name: z.nullable(z.string()),
  destination: z.nullable(z.enum(FULLSCREEN_DESTINATION_KEYS)),
  destination_name: z.nullable(z.string()),
  created_at: z.string(),
};

/** A row of the list (and the answer of the bulk status change). */
export const bannerListItem = z.object(bannerOutputFields);
export type BannerListItem = z.infer<typeof bannerListItem>;

/** One banner or fullscreen with its stations (GET, and the answers of POST, PATCH and copy). */
export const banner = z.object({ ...bannerOutputFields, stations: z.array(bannerStation) });
export type Banner = z.infer<typeof banner>;
