import { CONNECTOR_POSITION_KEYS, CONNECTOR_TYPE_KEYS, DEFAULT_CONNECTOR_POSITION, formBoolean } from './catalog.ts';
import { DECIMALS, decimalUnits } from './decimal.ts';
import { formIdList, formInt, formRefId, isBlank, optionalText } from './form-values.ts';
import { localizedOutput, localizedText } from './localized.ts';
import { merchantEnvironmentItem, merchantTagItem, storedScheduleEntry } from './merchants.ts';
import type { MessageKey } from './messages.ts';
import { booleanParam, intParam, pageParams, searchParam } from './query.ts';
import { weeklySchedule } from './schedule.ts';
import { optionalFields, requiredText, z } from './schema.ts';
import { status } from './status.ts';

/*
 * Stations: charge points of a merchant, made of EVSE modules that hold connectors. `identity` is
 * the OCPP charge point id and `password` its Basic-auth key. Create and update come as multipart
 * forms, so every field here also takes the text a form sends ('12', 'true'); the connectors call
 * is JSON. Files are checked by the server's route (it knows their real type from the bytes).
 */

export const STATION_NAME_MAX = 80;
export const PIC_MAX = 80;
export const IDENTITY_MAX = 48;
export const STATION_PASSWORD_MIN = 16;
export const STATION_PASSWORD_MAX = 40;
export const MANUFACTURER_MAX = 50;
export const ADDRESS_MAX = 50;
/** The optional number printed on an EVSE module. */
export const EVSE_LABEL_MAX = 20;
export const COORDINATE_DECIMALS = 6;
export const EXECUTION_TYPES = ['wall', 'floor', 'mobile'] as const;
export type ExecutionType = (typeof EXECUTION_TYPES)[number];
export const DEFAULT_EXECUTION_TYPE: ExecutionType = 'wall';
/** Tags and infrastructure items on one station. */
export const STATION_ITEMS_MAX = 1000;
/** Each connector needs its own position, so there are never more than this many. */
export const CONNECTORS_MAX = CONNECTOR_POSITION_KEYS.length;
export const POWER_KW_MAX = 10_000;
export const CABLE_LENGTH_MAX = 32_767;
/** Personal tariff, som per kWh. */
export const CUSTOM_FEE_MAX = 100_000;

// ---- Uploads (1 MB = 1024 * 1024 bytes; the messages name the limit in MB)
export const PHOTO_MAX_MB = 2;
export const PHOTO_MAX_BYTES = PHOTO_MAX_MB * 1024 * 1024;
export const VIDEO_MAX_MB = 100;
export const VIDEO_MAX_BYTES = VIDEO_MAX_MB * 1024 * 1024;
export const MEDIA_FILES_MAX = 10;
export const AVATAR_MAX = 1;
export type MediaKind = 'photo' | 'video';
/** File types by their content, as the server detects them. */
export type DetectedType = 'jpeg' | 'png' | 'mp4' | null;

export function mediaKindOf(type: DetectedType): MediaKind | undefined {
  return type === 'jpeg' || type === 'png' ? 'photo' : type === 'mp4' ? 'video' : undefined;
}

/** What is wrong with a media file (a photo or video of the gallery), or undefined. */
export function mediaFileProblem(kind: MediaKind | undefined, size: number): { message: MessageKey; max?: number } | undefined {
  if (kind === undefined) return { message: 'media_type_invalid' };
  if (kind === 'photo' && size > PHOTO_MAX_BYTES) return { message: 'image_too_large', max: PHOTO_MAX_MB };
  if (kind === 'video' && size > VIDEO_MAX_BYTES) return { message: 'video_too_large', max: VIDEO_MAX_MB };
  return undefined;
}

/** What is wrong with an avatar (a photo only), or undefined. */
export function avatarProblem(kind: MediaKind | undefined, size: number): { message: MessageKey; max?: number } | undefined {
  if (kind !== 'photo') return { message: 'avatar_type_invalid' };
  return mediaFileProblem(kind, size);
}

const IDENTITY_PATTERN = /^[A-Za-z0-9._:-]+$/;
/** The OCPP charge point id: it ends the station's WebSocket URL, so only characters a URL path keeps as they are. */
export const identity = requiredText(IDENTITY_MAX).check(z.regex(IDENTITY_PATTERN, { error: 'station_identity_chars' }));

const PASSWORD_PATTERN = /^[A-Za-z0-9]+$/;
/** OCPP 1.6 security profile 1: the Basic-auth key, 16 to 40 letters and digits. */
export const stationPassword = z.string({ error: 'field_blank' }).check(
  z.minLength(1, { error: 'field_blank', abort: true }),
  z.superRefine((value, ctx) => {
    if (value.length >= STATION_PASSWORD_MIN && value.length <= STATION_PASSWORD_MAX) return;
    ctx.addIssue({ code: 'custom', input: value, message: 'station_password_length', minimum: STATION_PASSWORD_MIN, maximum: STATION_PASSWORD_MAX, abort: true } as never);
  }),
  z.regex(PASSWORD_PATTERN, { error: 'station_password_chars' }),
);

const COORDINATE_PATTERN = /^-?\d{1,3}(\.\d{1,6})?$/;

/** `42.87` -> `42.870000`: coordinates are kept as text with six decimals. */
export function formatCoordinate(text: string): string {
  const [whole = '0', fraction = ''] = text.replace(/^-/, '').split('.');
  const digits = `${Number(whole)}.${fraction.padEnd(COORDINATE_DECIMALS, '0')}`;
  return text.startsWith('-') && /[1-9]/.test(digits) ? `-${digits}` : digits;
}

/** Latitude (bound 90) or longitude (bound 180): optional minus, up to 3 digits, up to 6 decimals. */
function coordinate(bound: number) {
  return z.pipe(
    z.union([z.string(), z.number()], { error: (issue) => (isBlank(issue.input) ? 'field_blank' : 'coordinate_invalid') }),
    z.transform((value: string | number, ctx) => {
      const text = String(value).trim();
      const fail = (message: MessageKey, bound: object = {}) => {
        ctx.issues.push({ code: 'custom', input: value, message, ...bound } as never);
        return z.NEVER;
      };
      if (text === '') return fail('field_blank');
      if (!COORDINATE_PATTERN.test(text)) return fail('coordinate_invalid');
      if (Number(text) > bound) return fail('number_max', { maximum: bound });
      if (Number(text) < -bound) return fail('number_min', { minimum: -bound });
      return formatCoordinate(text);
    }),
  );
}

const blankList = (message: MessageKey) => (issue: { input?: unknown }) => (issue.input === undefined ? message : 'invalid_value');

/** The form's schedule entries (day, times and is_break as text) checked as a week. */
export const formSchedule = z.pipe(
  z
    .array(
      z.object({
        id: z.optional(formInt({ min: 0 })),
        day: formInt({ min: 0, max: 6 }),
        start_time: z.string(),
        end_time: z.string(),
        is_break: formBoolean,
      }),
      { error: blankList('schedule_required') },
    )
    .check(z.maxLength(14, { error: 'schedule_day_duplicate' })),
  weeklySchedule,
);

/** A station's week needs at least one working entry ('Specify operating mode'). */
const requiredSchedule = formSchedule.check(
  z.refine((entries) => entries.some((entry) => !entry.is_break), { error: 'schedule_required' }),
);

// ---- Connectors

const emptyToNull = (value: unknown) => (isBlank(value) ? null : value);

/** A positive whole number without a leading zero, or null when left empty. */
const cableLength = z.pipe(
  z.transform(emptyToNull),
  z.nullable(
    z.pipe(
      z.union([z.number(), z.string()], { error: 'cable_length_integer' }),
      z.transform((value: number | string, ctx) => {
        const text = String(value).trim();
        if (!/^[1-9]\d{0,8}$/.test(text)) {
          ctx.issues.push({ code: 'custom', input: value, message: 'cable_length_integer' });
          return z.NEVER;
        }
        const number = Number(text);
        if (number <= CABLE_LENGTH_MAX) return number;
        ctx.issues.push({ code: 'custom', input: value, message: 'number_max', maximum: CABLE_LENGTH_MAX } as never);
        return z.NEVER;
      }),
    ),
  ),
);

/** Personal tariff in som per kWh (parsed to tyiyn), or null when left empty. */
const customFee = z.pipe(
  z.transform(emptyToNull),
  z.nullable(decimalUnits({ decimals: DECIMALS.money, min: 0, max: CUSTOM_FEE_MAX })),
);

const connectorPosition = z._default(formInt({ min: 1, max: Math.max(...CONNECTOR_POSITION_KEYS), error: 'invalid_choice' }), DEFAULT_CONNECTOR_POSITION);

/**
 * One connector as the form sends it. `evse_id` names its module and `connector_id` its order in
 * the module; the server numbers modules 1..n, connectors 1..n per module and `ocpp_16_id` 1..n
 * across the station, so the numbers sent only give the order. `id` names an existing connector
 * (the connectors call); without it the connector is new.
 */
export const connectorRequest = z.object({
  id: z.optional(formInt()),
  evse_id: formInt(),
  evse: z.optional(z.nullable(optionalText(EVSE_LABEL_MAX))),
  connector_id: z.optional(z.nullable(formInt())),
  typo: z.enum(CONNECTOR_TYPE_KEYS, { error: (issue) => (isBlank(issue.input) ? 'field_blank' : 'invalid_choice') }),
  position: connectorPosition,
  /** Power in kW (up to 3 decimals), parsed to watts. */
  power_kWh: decimalUnits({ decimals: DECIMALS.energy, min: 0, max: POWER_KW_MAX }),
  cable_length: z._default(cableLength, null),
  custom_fee: z._default(customFee, null),
});
export type ConnectorRequest = z.input<typeof connectorRequest>;
export type ConnectorInput = z.output<typeof connectorRequest>;

/** Two connectors of one station never share a position: the index of each connector that repeats an earlier one. */
export function repeatedPositions(connectors: readonly { position: number }[]): number[] {
  const seen = new Set<number>();
  return connectors.flatMap((connector, index) => {
    if (!seen.has(connector.position)) {
      seen.add(connector.position);
      return [];
    }
    return [index];
  });
}

const connectorList = z.array(connectorRequest, { error: blankList('connectors_required') }).check(
  z.minLength(1, { error: 'connectors_required' }),
  z.maxLength(CONNECTORS_MAX, { error: 'connectors_max' }),
  z.superRefine((connectors, ctx) => {
    if (repeatedPositions(connectors).length) ctx.addIssue({ code: 'custom', message: 'connector_position_duplicate', input: connectors });
  }),
);

/** Ids to delete: indexed (`deleted_media_ids[0]`), repeated or a JSON list. */
const idArray = formIdList(STATION_ITEMS_MAX);

/** PATCH /stations/update/{id}/connectors/: connectors with an id change, without one are added. */
export const connectorsUpdateRequest = z.object({
  connectors: z._default(z.array(connectorRequest).check(z.maxLength(CONNECTORS_MAX, { error: 'connectors_max' })), []),
  deleted_conns_ids: z._default(idArray, []),
});
export type ConnectorsUpdateRequest = z.input<typeof connectorsUpdateRequest>;
export type ConnectorsUpdate = z.output<typeof connectorsUpdateRequest>;

// ---- Station requests

const stationFields = {
  ...localizedText('name', STATION_NAME_MAX),
  identity,
  password: stationPassword,
  pic: requiredText(PIC_MAX),
  manufacturer: optionalText(MANUFACTURER_MAX),
  execution_type: z.enum(EXECUTION_TYPES, { error: (issue) => (isBlank(issue.input) ? 'field_blank' : 'invalid_choice') }),
  ...localizedText('address', ADDRESS_MAX),
  latitude: coordinate(90),
  longitude: coordinate(180),
  merchant: formRefId,
  country: formRefId,
  city: formRefId,
  tags: formIdList(STATION_ITEMS_MAX),
  environment: formIdList(STATION_ITEMS_MAX),
  schedule: requiredSchedule,
};

/**
 * POST /stations/ (without its files: `media_files[i]`, `avatar`). A new station is inactive
 * (status 1) and new (`is_new`); its status changes by the switch or the bulk call.
 */
export const stationCreateRequest = z.object({
  ...stationFields,
  manufacturer: z._default(stationFields.manufacturer, ''),
  execution_type: z._default(stationFields.execution_type, DEFAULT_EXECUTION_TYPE),
  tags: z._default(stationFields.tags, []),
  environment: z._default(stationFields.environment, []),
  connectors: connectorList,
});
export type StationCreateRequest = z.input<typeof stationCreateRequest>;
export type StationCreate = z.output<typeof stationCreateRequest>;

/** A form flag (`delete_tags=true`). */
const flag = z.optional(formBoolean);

/**
 * PATCH /stations/update/{id}/ (without its files): only the fields sent change. A password left
 * empty stays as it is; `delete_tags` / `delete_environment` empty a list (a form cannot send an
 * empty repeated value); `deleted_media_ids` and `deleted_conns_ids` remove media and connectors.
 */
export const stationUpdateRequest = z.object({
  ...optionalFields(stationFields),
  password: z.optional(z.pipe(z.transform((value: unknown) => (value === '' ? undefined : value)), z.optional(stationPassword))),
  status: z.optional(z.pipe(formInt({ min: 0, max: 1, error: 'invalid_choice' }), status)),
  is_new: flag,
  delete_tags: flag,
  delete_environment: flag,
  deleted_media_ids: z._default(idArray, []),
  deleted_conns_ids: z._default(idArray, []),
});
export type StationUpdateRequest = z.input<typeof stationUpdateRequest>;
export type StationUpdate = z.output<typeof stationUpdateRequest>;

// ---- Queries

/** GET /stations/: a merchant's stations; `search` matches the id, names, identity, addresses, responsible person, manufacturer. */
export const stationListQuery = z.object({
  ...pageParams,
  merchant: intParam(1),
  search: searchParam,
  active: booleanParam,
  status: z.pipe(intParam(0), z.optional(z.number().check(z.lte(1)))),
});
export type StationListQuery = z.input<typeof stationListQuery>;

/** GET /stations/for-transaction/ and /stations/for-promotion/: the station pickers. */
export const stationOptionsQuery = z.object({ ...pageParams, merchant: intParam(1), search: searchParam, active: booleanParam });
export type StationOptionsQuery = z.input<typeof stationOptionsQuery>;

// ---- Answers

const id = z.number().check(z.int());

export const stationOption = z.object({ id, name: z.string() });
export type StationOption = z.infer<typeof stationOption>;

export const connector = z.object({
  id,
  evse_id: id,
  evse: z.nullable(z.string()),
  connector_id: id,
  ocpp_16_id: id,
  typo: z.string(),
  /** The type's name in the request's language. */
  typo_name: z.string(),
  position: id,
  position_name: z.string(),
  power_kWh: z.number(),
  cable_length: z.nullable(id),
  custom_fee: z.nullable(z.number()),
});
export type Connector = z.infer<typeof connector>;

export const stationMediaFile = z.object({ id, url: z.string(), kind: z.enum(['photo', 'video']), position: id });
export type StationMediaFile = z.infer<typeof stationMediaFile>;

/** A row of a merchant's station list. `location` is the city and address in the request's language. */
export const stationListItem = z.object({
  id,
  name: z.string(),
  identity: z.string(),
  location: z.string(),
  schedule: z.array(storedScheduleEntry),
  status,
  is_new: z.boolean(),
  connectors: z.array(connector),
  tags: z.array(merchantTagItem),
  surroundings: z.array(merchantEnvironmentItem),
});
export type StationListItem = z.infer<typeof stationListItem>;

/** What the card and the edit form share: every editable field but the password, and the station's parts. */
const stationEditable = {
  id,
  ...localizedOutput('name'),
  identity: z.string(),
  pic: z.string(),
  manufacturer: z.string(),
  execution_type: z.enum(EXECUTION_TYPES),
  ...localizedOutput('address'),
  latitude: z.string(),
  longitude: z.string(),
  /** The avatar's URL, or null. */
  avatar: z.nullable(z.string()),
  media_files: z.array(stationMediaFile),
  schedule: z.array(storedScheduleEntry),
  connectors: z.array(connector),
  status,
  is_new: z.boolean(),
  merchant: id,
  country: id,
  city: id,
  tags: z.array(id),
  environment: z.array(id),
  tag_items: z.array(merchantTagItem),
  environment_items: z.array(merchantEnvironmentItem),
};

/** GET /stations/{id}/, and the answer of POST and PATCH. */
export const station = z.object({
  ...stationEditable,
  location: z.string(),
  country_name: z.string(),
  city_name: z.string(),
  created_at: z.string(),
});
export type Station = z.infer<typeof station>;

/** GET /stations/update/{id}/: the fields as the edit form sends them back (`name` and `address` are the request language's). */
export const stationForUpdate = z.object(stationEditable);
export type StationForUpdate = z.infer<typeof stationForUpdate>;
