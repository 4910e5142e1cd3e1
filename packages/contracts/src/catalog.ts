import { choice } from './form-values.ts';
import { localizedOutput, localizedText } from './localized.ts';
import { namesKeys, type Names } from './names.ts';
import { booleanParam, intParam, pageParams, searchParam } from './query.ts';
import { optionalFields, z } from './schema.ts';

/*
 * The catalogue: tags and infrastructure items (what is around a station), locations
 * (countries, districts, settlements) and the connector dictionaries.
 */

/** Tag and infrastructure titles, in each of the three languages. */
export const CATALOG_TITLE_MAX = 50;
/** Infrastructure icon: an svg of at most this size (1 KB = 1024 bytes). */
export const ICON_MAX_KB = 256;
export const ICON_MAX_BYTES = ICON_MAX_KB * 1024;

const id = z.number().check(z.int());

/** One of `values`; 'Field cannot be blank' when absent or empty, 'Select a valid choice' otherwise. */
const titles = localizedText('title', CATALOG_TITLE_MAX);

/** The list query of tags and infrastructure; pickers may ask for up to 1000 rows at once. */
export const catalogListQuery = z.object({ ...pageParams, search: searchParam, active: booleanParam });
export type CatalogListQuery = z.input<typeof catalogListQuery>;

// ---- Tags

/** `title` is the title in the request's language (Accept-Language). */
export const tag = z.object({ id, ...localizedOutput('title'), active: z.boolean() });
export type Tag = z.infer<typeof tag>;

/** A new tag is active unless it says otherwise. */
export const tagCreateRequest = z.object({ ...titles, active: z._default(z.boolean(), true) });
export type TagCreateRequest = z.input<typeof tagCreateRequest>;

export const tagUpdateRequest = z.object({ ...optionalFields(titles), active: z.optional(z.boolean()) });
export type TagUpdateRequest = z.input<typeof tagUpdateRequest>;

// ---- Infrastructure around stations ("surroundings" in the API's paths, "environment" on merchants and stations)

export const infrastructureItem = z.object({
  id,
  ...localizedOutput('title'),
  /** Where the sanitised svg is served, e.g. `/media/surroundings/abc.svg`. */
  icon_path: z.string(),
  active: z.boolean(),
});
export type InfrastructureItem = z.infer<typeof infrastructureItem>;

/** A multipart form sends every value as text; `active` is `true`/`false` there, a boolean in JSON. */
export const formBoolean = z.union([
  z.boolean(),
  z.pipe(
    z.enum(['true', 'false']),
    z.transform((value) => value === 'true'),
  ),
]);

/** What the icon checks need of a file: a browser `File` and the server's upload both have a size. */
export interface FileLike {
  size: number;
}

function isFileLike(value: unknown): value is FileLike {
  return typeof value === 'object' && value !== null && typeof (value as { size?: unknown }).size === 'number';
}

/** The size rule of the icon, written once for the web form and the server. */
export const iconWithinLimit = z.superRefine<FileLike>((file, ctx) => {
  if (file.size > ICON_MAX_BYTES) {
    // `maximum` in KB, so the message names the limit as the product states it.
    ctx.addIssue({ code: 'too_big', origin: 'file', maximum: ICON_MAX_KB, input: file, message: 'icon_too_large' });
  }
});

/** The icon file; the server also checks from the bytes that it is an svg, and sanitises it. */
export const iconFile = z.custom<FileLike>(isFileLike, { error: 'icon_required' }).check(iconWithinLimit);

export const infrastructureCreateRequest = z.object({
  ...titles,
  active: z._default(formBoolean, true),
  icon: iconFile,
});
export type InfrastructureCreateRequest = z.input<typeof infrastructureCreateRequest>;

export const infrastructureUpdateRequest = z.object({
  ...optionalFields(titles),
  active: z.optional(formBoolean),
  icon: z.optional(iconFile),
});
export type InfrastructureUpdateRequest = z.input<typeof infrastructureUpdateRequest>;

// ---- Locations

export const LOCATION_TYPES = ['countries', 'districts', 'settlements'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

export const locationsQuery = z.object({
  location_type: choice(LOCATION_TYPES),
  country_id: intParam(1),
  district_id: intParam(1),
});
export type LocationsQuery = z.input<typeof locationsQuery>;

/** A country, district or settlement; districts carry their country, settlements both (district may be null). */
export const location = z.object({
  id,
  ...localizedOutput('name'),
  country_id: z.optional(id),
  district_id: z.optional(z.nullable(id)),
});
export type Location = z.infer<typeof location>;

export const locationList = z.array(location);

// ---- Connector dictionaries

/** Connector types: the key is what a connector's `typo` holds and what rates are set for. */
export const CONNECTOR_TYPES = {
  type1: { ru: 'Type 1 (J1772)', en: 'Type 1 (J1772)', ky: 'Type 1 (J1772)' },
  type2: { ru: 'Type 2 (Mennekes)', en: 'Type 2 (Mennekes)', ky: 'Type 2 (Mennekes)' },
  ccs1: { ru: 'CCS Combo 1', en: 'CCS Combo 1', ky: 'CCS Combo 1' },
  ccs2: { ru: 'CCS Combo 2', en: 'CCS Combo 2', ky: 'CCS Combo 2' },
  chademo: { ru: 'CHAdeMO', en: 'CHAdeMO', ky: 'CHAdeMO' },
  gbt_ac: { ru: 'GB/T AC (переменный ток)', en: 'GB/T AC', ky: 'GB/T AC (өзгөрмө ток)' },
  gbt_dc: { ru: 'GB/T DC (постоянный ток)', en: 'GB/T DC', ky: 'GB/T DC (туруктуу ток)' },
  tesla: { ru: 'Tesla (NACS)', en: 'Tesla (NACS)', ky: 'Tesla (NACS)' },
  schuko: { ru: 'Бытовая розетка (Schuko)', en: 'Household socket (Schuko)', ky: 'Тиричилик розеткасы (Schuko)' },
} as const satisfies Record<string, Names>;
export type ConnectorType = keyof typeof CONNECTOR_TYPES;
export const CONNECTOR_TYPE_KEYS = namesKeys(CONNECTOR_TYPES);
export const connectorType = z.enum(CONNECTOR_TYPE_KEYS);

/** Where a connector sits on the station; a connector's `position` holds the key (default 1). */
export const CONNECTOR_POSITIONS = {
  1: { ru: 'Слева', en: 'Left', ky: 'Сол жакта' },
  2: { ru: 'Справа', en: 'Right', ky: 'Оң жакта' },
  3: { ru: 'Спереди', en: 'Front', ky: 'Алдыңкы жакта' },
  4: { ru: 'Сзади', en: 'Back', ky: 'Арткы жакта' },
  5: { ru: 'По центру', en: 'Centre', ky: 'Ортосунда' },
  6: { ru: 'Сверху', en: 'Top', ky: 'Үстүндө' },
  7: { ru: 'Снизу', en: 'Bottom', ky: 'Астында' },
} as const satisfies Record<number, Names>;
export type ConnectorPosition = keyof typeof CONNECTOR_POSITIONS;
export const CONNECTOR_POSITION_KEYS = Object.keys(CONNECTOR_POSITIONS).map(Number) as ConnectorPosition[];
export const DEFAULT_CONNECTOR_POSITION: ConnectorPosition = 1;

export const DICTIONARY_INFOS = ['types', 'positions'] as const;
export const dictionaryQuery = z.object({ info: choice(DICTIONARY_INFOS) });
export type DictionaryQuery = z.input<typeof dictionaryQuery>;

/** A dictionary as the API answers it: key -> name in the request's language. */
export const dictionary = z.record(z.string(), z.string());
export type Dictionary = z.infer<typeof dictionary>;
