import { formBoolean } from './catalog.ts';
import { wholeNumber as id } from './common.ts';
import { blankList, formIdList, formInt, formRefId, isBlank, optionalText } from './form-values.ts';
import { localizedOutput, localizedText } from './localized.ts';
import { merchantEnvironmentItem, merchantTagItem, storedScheduleEntry } from './merchants.ts';
import type { MessageKey } from './messages.ts';
import { connectorCharge, ocppStatus, stationOcppFields } from './ocpp.ts';
import { booleanParam, intParam, pageParams, searchParam } from './query.ts';
import { weeklySchedule } from './schedule.ts';
import { optionalFields, requiredText, z } from './schema.ts';
import { connector, connectorChanges, connectorList, deletedConnectorIds } from './station-connectors.ts';
import { MEDIA_FILES_MAX, stationMediaFile } from './station-media.ts';
import { status, statusParam } from './status.ts';

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
export const COORDINATE_DECIMALS = 6;
export const EXECUTION_TYPES = ['wall', 'floor', 'mobile'] as const;
export type ExecutionType = (typeof EXECUTION_TYPES)[number];
export const DEFAULT_EXECUTION_TYPE: ExecutionType = 'wall';
/**
 * OCPP 1.6 security profiles: 1 Basic auth (on ws:// or wss://), 2 Basic auth over TLS only,
 * 3 TLS with the charge point's client certificate, whose CN is its identity.
 */
export const SECURITY_PROFILES = [1, 2, 3] as const;
export type SecurityProfile = (typeof SECURITY_PROFILES)[number];
/** Profile 1 works without certificates on either side, so a new station connects as before. */
export const DEFAULT_SECURITY_PROFILE: SecurityProfile = 1;
const securityProfileValue = z.union([z.literal(1), z.literal(2), z.literal(3)]);
/** Tags and infrastructure items on one station. */
export const STATION_ITEMS_MAX = 1000;

const IDENTITY_PATTERN = /^[A-Za-z0-9._:-]+$/;
/** The OCPP charge point id: it ends the station's WebSocket URL, so only characters a URL path keeps as they are. */
export const identity = requiredText(IDENTITY_MAX).check(
  z.regex(IDENTITY_PATTERN, { error: 'station_identity_chars' }),
);

const PASSWORD_PATTERN = /^[A-Za-z0-9]+$/;
/** OCPP 1.6 security profile 1: the Basic-auth key, 16 to 40 letters and digits. */
export const stationPassword = z.string({ error: 'field_blank' }).check(
  z.minLength(1, { error: 'field_blank', abort: true }),
  z.superRefine((value, ctx) => {
    if (value.length >= STATION_PASSWORD_MIN && value.length <= STATION_PASSWORD_MAX) return;
    ctx.addIssue({
      code: 'custom',
      input: value,
      message: 'station_password_length',
      minimum: STATION_PASSWORD_MIN,
      maximum: STATION_PASSWORD_MAX,
      abort: true,
    } as never);
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
    z.union([z.string(), z.number()], {
      error: (issue) => (isBlank(issue.input) ? 'field_blank' : 'coordinate_invalid'),
    }),
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

// ---- Station requests

const stationFields = {
  ...localizedText('name', STATION_NAME_MAX),
  identity,
  password: stationPassword,
  pic: requiredText(PIC_MAX),
  manufacturer: optionalText(MANUFACTURER_MAX),
  execution_type: z.enum(EXECUTION_TYPES, {
    error: (issue) => (isBlank(issue.input) ? 'field_blank' : 'invalid_choice'),
  }),
  // A form sends the number as text.
  security_profile: z.pipe(formInt({ min: 1, max: 3, error: 'invalid_choice' }), securityProfileValue),
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
  security_profile: z._default(stationFields.security_profile, DEFAULT_SECURITY_PROFILE),
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
 * `connectors`, as the connectors call takes them, change (with an id) or add (without one)
 * connectors in the same transaction: a refused connector leaves the fields as they were.
 */
export const stationUpdateRequest = z.object({
  ...optionalFields(stationFields),
  password: z.optional(
    z.pipe(
      z.transform((value: unknown) => (value === '' ? undefined : value)),
      z.optional(stationPassword),
    ),
  ),
  status: z.optional(z.pipe(formInt({ min: 0, max: 1, error: 'invalid_choice' }), status)),
  is_new: flag,
  delete_tags: flag,
  delete_environment: flag,
  deleted_media_ids: z._default(formIdList(MEDIA_FILES_MAX), []),
  connectors: z.optional(connectorChanges),
  deleted_conns_ids: deletedConnectorIds,
});
export type StationUpdateRequest = z.input<typeof stationUpdateRequest>;
export type StationUpdate = z.output<typeof stationUpdateRequest>;

// ---- Queries

/** What the station list and the station pickers both filter by; `search` matches the id, names, identity, addresses, responsible person, manufacturer. */
const stationFilters = { ...pageParams, merchant: intParam(1), search: searchParam, active: booleanParam };

/** GET /stations/: a merchant's stations. */
export const stationListQuery = z.object({ ...stationFilters, status: statusParam });
export type StationListQuery = z.input<typeof stationListQuery>;

/** GET /stations/for-transaction/ and /stations/for-promotion/: the station pickers. */
export const stationOptionsQuery = z.object(stationFilters);
export type StationOptionsQuery = z.input<typeof stationOptionsQuery>;

// ---- Answers

export const stationOption = z.object({ id, name: z.string() });
export type StationOption = z.infer<typeof stationOption>;

/** A connector on the card and the list: its last reported OCPP status (null until reported) and its charge in progress. */
export const connectorOnCard = z.extend(connector, {
  ocpp_status: z.nullable(ocppStatus),
  charge: z.nullable(connectorCharge),
});
export type ConnectorOnCard = z.infer<typeof connectorOnCard>;

/** A row of a merchant's station list. `location` is the city and address in the request's language. */
export const stationListItem = z.object({
  id,
  name: z.string(),
  identity: z.string(),
  location: z.string(),
  schedule: z.array(storedScheduleEntry),
  status,
  is_new: z.boolean(),
  connectors: z.array(connectorOnCard),
  tags: z.array(merchantTagItem),
  surroundings: z.array(merchantEnvironmentItem),
  /** Whether the charge point holds a connection now, and its last sign of life. */
  online: z.boolean(),
  last_seen_at: z.nullable(z.string()),
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
  security_profile: securityProfileValue,
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

/** GET /stations/{id}/, and the answer of POST and PATCH: the station's OCPP link and statuses too. */
export const station = z.object({
  ...stationEditable,
  ...stationOcppFields,
  connectors: z.array(connectorOnCard),
  location: z.string(),
  country_name: z.string(),
  city_name: z.string(),
  created_at: z.string(),
});
export type Station = z.infer<typeof station>;

/** GET /stations/update/{id}/: the fields as the edit form sends them back (`name` and `address` are the request language's). */
export const stationForUpdate = z.object(stationEditable);
export type StationForUpdate = z.infer<typeof stationForUpdate>;
