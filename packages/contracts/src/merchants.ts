import { email } from './accounts.ts';
import { DECIMALS, decimalUnits } from './decimal.ts';
import { localizedOutput, localizedText } from './localized.ts';
import { booleanParam, pageParams, searchParam } from './query.ts';
import { scheduleEntry, weeklySchedule } from './schedule.ts';
import { optionalFields, requiredText, z } from './schema.ts';
import { status, statusParam } from './status.ts';

/*
 * Merchants: the owners of charging networks. Write requests name locations, tags and
 * infrastructure by id; read responses add the labels in the request's language.
 */

export const MERCHANT_NAME_MAX = 100;
export const AGREEMENT_NUMBER_MAX = 50;
export const LEGAL_NAME_MAX = 200;
export const STREET_MAX = 200;
export const PHONE_DIGITS = 12;
export const PERCENTAGE_MAX = 100;
/** Tags and infrastructure items on one merchant. */
export const MERCHANT_ITEMS_MAX = 1000;

const id = z.number().check(z.int());
const refId = z
  .number({ error: (issue) => (issue.input == null || issue.input === '' ? 'field_blank' : 'invalid_choice') })
  .check(z.int({ error: 'invalid_choice' }), z.positive({ error: 'invalid_choice' }));

/**
 * A phone number of exactly 12 digits. The mask's characters (`+`, spaces, brackets, dashes) are
 * dropped first, so `+996 (555) 12-34-56` and `996555123456` are the same number; the digits are kept.
 */
export const phone = z.pipe(
  z.string({ error: 'phone_required' }).check(z.trim(), z.minLength(1, { error: 'phone_required', abort: true })),
  z.pipe(
    z.transform((value: string) => value.replace(/[\s()+-]/g, '')),
    z.string().check(z.regex(new RegExp(`^\\d{${PHONE_DIGITS}}$`), { error: 'phone_format' })),
  ),
);

/**
 * The agency share: 0..100 with at most two decimals, as a number or numeric text (form posts send
 * text). Parsed exactly to basis points (12.5 -> 1250), which is what the server stores.
 */
export const percentage = decimalUnits({
  decimals: DECIMALS.percent,
  min: 0,
  max: PERCENTAGE_MAX,
  error: 'percentage_invalid',
});

const idList = z.array(refId).check(z.maxLength(MERCHANT_ITEMS_MAX, { error: 'number_max' }));

/** The fields a merchant is created with; the lists and the status have defaults on create. */
const merchantFields = {
  ...localizedText('name', MERCHANT_NAME_MAX),
  agreement_number: requiredText(AGREEMENT_NUMBER_MAX),
  legal_name: requiredText(LEGAL_NAME_MAX),
  country: refId,
  district: z.nullable(refId),
  city: refId,
  street: requiredText(STREET_MAX),
  phone,
  email,
  tags: idList,
  environment: idList,
  schedule: weeklySchedule,
  percentage,
  status,
};

/** POST /merchants/: every field but district, tags, environment, schedule and status is required. */
export const merchantCreateRequest = z.object({
  ...merchantFields,
  district: z.optional(merchantFields.district),
  tags: z._default(idList, []),
  environment: z._default(idList, []),
  schedule: z._default(weeklySchedule, []),
  status: z._default(status, 0),
});
export type MerchantCreateRequest = z.input<typeof merchantCreateRequest>;
/** As parsed: `percentage` in basis points. */
export type MerchantCreate = z.output<typeof merchantCreateRequest>;

/** PATCH /merchants/{id}/: only the fields sent change; a list sent replaces the whole list. */
export const merchantUpdateRequest = z.object(optionalFields(merchantFields));
export type MerchantUpdateRequest = z.input<typeof merchantUpdateRequest>;
export type MerchantUpdate = z.output<typeof merchantUpdateRequest>;

/** GET /merchants/: `search` matches the id, the three names, agreement number, legal name, phone or email. */
export const merchantListQuery = z.object({
  ...pageParams,
  search: searchParam,
  active: booleanParam,
  /** The same filter as `active`, as a status number (0 active, 1 inactive). */
  status: statusParam,
});
export type MerchantListQuery = z.input<typeof merchantListQuery>;

/** GET /merchants/for-promotion/: the merchant picker of the promotion form. */
export const merchantOptionsQuery = z.object({ ...pageParams, search: searchParam, active: booleanParam });
export type MerchantOptionsQuery = z.input<typeof merchantOptionsQuery>;

export const merchantOption = z.object({ id, name: z.string() });
export type MerchantOption = z.infer<typeof merchantOption>;

/** A stored schedule entry; a day's working entry has id day + 1 and its break id day + 8 (spec: break id = entry id + 7). */
export const storedScheduleEntry = z.object({
  id,
  day: scheduleEntry.shape.day,
  start_time: z.string(),
  end_time: z.string(),
  is_break: z.boolean(),
});
export type StoredScheduleEntry = z.infer<typeof storedScheduleEntry>;

/** A row of the merchant list: labels in the request's language, counts of its stations. */
export const merchantListItem = z.object({
  id,
  ...localizedOutput('name'),
  agreement_number: z.string(),
  legal_name: z.string(),
  country: id,
  district: z.nullable(id),
  city: id,
  country_name: z.string(),
  district_name: z.nullable(z.string()),
  city_name: z.string(),
  street: z.string(),
  phone: z.string(),
  email: z.string(),
  percentage: z.number(),
  status,
  stations_count: z.number().check(z.int()),
  active_stations: z.number().check(z.int()),
  inactive_stations: z.number().check(z.int()),
  /** The name of the manager who created it; null when that account is gone. */
  created_by: z.nullable(z.string()),
  created_at: z.string(),
});
export type MerchantListItem = z.infer<typeof merchantListItem>;

export const merchantTagItem = z.object({ id, title: z.string(), active: z.boolean() });
export const merchantEnvironmentItem = z.object({ id, title: z.string(), icon_path: z.string(), active: z.boolean() });
export type MerchantTagItem = z.infer<typeof merchantTagItem>;
export type MerchantEnvironmentItem = z.infer<typeof merchantEnvironmentItem>;

const chosenItems = {
  tags: z.array(id),
  environment: z.array(id),
  /** The tags and infrastructure of `tags` / `environment`, titled, for display and for the form's pickers. */
  tag_items: z.array(merchantTagItem),
  environment_items: z.array(merchantEnvironmentItem),
  schedule: z.array(storedScheduleEntry),
};

/** GET /merchants/{id}/, and the answer of POST and PATCH. */
export const merchant = z.extend(merchantListItem, chosenItems);
export type Merchant = z.infer<typeof merchant>;

/** GET /merchants/for-update/{id}/: the editable fields as the form sends them back. */
export const merchantForUpdate = z.extend(
  z.omit(merchantListItem, {
    name: true,
    country_name: true,
    district_name: true,
    city_name: true,
    stations_count: true,
    active_stations: true,
    inactive_stations: true,
    created_by: true,
    created_at: true,
  }),
  chosenItems,
);
export type MerchantForUpdate = z.infer<typeof merchantForUpdate>;
