import { email } from './accounts.ts';
import { dateRangeParams, isCalendarDate, localDate, timeRangeParams } from './dates.ts';
import { exportQueryOf } from './exports.ts';
import { blankOr, choice, isBlank } from './form-values.ts';
import { phone, PHONE_DIGITS } from './merchants.ts';
import type { MessageKey } from './messages.ts';
import type { Names } from './names.ts';
import { intParam, pageParams, pathId, searchParam } from './query.ts';
import { referralCode, referralDriver } from './referrals.ts';
import { optionalFields, requiredText, z } from './schema.ts';

/*
 * Drivers: the app's users (the API's `/users/`), who charge with an id tag (an RFID card number
 * or an app token) bound to their account and pay from a balance (driver-balance.ts). The
 * app registers most of them; a manager registers card customers who have no app.
 */

export const DRIVER_NAME_MAX = 50;
export const LICENCE_MAX = 20;
export const CAR_TEXT_MAX = 50;
export const CAR_COLOUR_MAX = 30;
export const CAR_YEAR_MIN = 1900;
export const BIRTHDAY_MIN = '1900-01-01';
/** OCPP 1.6 IdToken is a CiString20: at most 20 characters, compared ignoring case. */
export const ID_TAG_MAX = 20;
/** Cards and tokens one driver may hold. */
export const DRIVER_ID_TAGS_MAX = 20;

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

/** The app's platform as the app reports it: 1 iOS, 2 Android (spec 3). */
export const PLATFORMS = { ios: 1, android: 2 } as const;
export type Platform = (typeof PLATFORMS)[keyof typeof PLATFORMS];
export const platform = z.union([z.literal(PLATFORMS.ios), z.literal(PLATFORMS.android)]);

const id = z.number().check(z.int());

/** One of `values`; 'Field cannot be blank' when absent or empty, 'Select a valid choice' otherwise. */
/** Optional text, trimmed; blank or null is no value (null). */
function nullableText(max: number) {
  return z.pipe(
    z.nullable(z.string().check(z.trim(), z.maxLength(max, { error: 'max_length' }))),
    z.transform((value) => value || null),
  );
}

/** Blank text and null are no value (null); anything else goes on to `schema`. */
function blankAsNull<T extends z.ZodMiniType<unknown, string>>(schema: T, error: MessageKey) {
  return z.pipe(
    z.pipe(
      z.nullable(z.string({ error }).check(z.trim())),
      z.transform((value) => value || null),
    ),
    z.nullable(schema),
  );
}

/** A date of birth: a real YYYY-MM-DD from 1900 up to today in Bishkek. */
export const birthday = z.string({ error: 'date_invalid' }).check(
  z.refine(isCalendarDate, { error: 'date_invalid', abort: true }),
  z.refine((value) => value >= BIRTHDAY_MIN && value <= localDate(), { error: 'birthday_range' }),
);

/** A car's model year: 1900 up to next year (a new model is sold the year before its model year). */
export const carYear = z.number({ error: (issue) => (isBlank(issue.input) ? 'field_blank' : 'integer_invalid') }).check(
  z.int({ error: 'integer_invalid' }),
  z.gte(CAR_YEAR_MIN, { error: 'number_min' }),
  z.superRefine((year: number, ctx) => {
    const maximum = new Date().getFullYear() + 1;
    if (year > maximum)
      ctx.addIssue({ code: 'too_big', origin: 'number', maximum, inclusive: true, input: year, message: 'number_max' });
  }),
);

/** The car, each part optional; sent on an update it replaces the whole car. */
export const carRequest = z.object({
  make: z.optional(nullableText(CAR_TEXT_MAX)),
  model: z.optional(nullableText(CAR_TEXT_MAX)),
  year: z.optional(z.nullable(carYear)),
  colour: z.optional(nullableText(CAR_COLOUR_MAX)),
});
export type CarRequest = z.output<typeof carRequest>;

/** An id tag: 1..20 printable ASCII characters without spaces, kept as typed. */
export const idTag = z
  .string({ error: (issue) => (isBlank(issue.input) ? 'field_blank' : 'id_tag_format') })
  .check(
    z.trim(),
    z.minLength(1, { error: 'field_blank', abort: true }),
    z.regex(new RegExp(`^[\\x21-\\x7e]{1,${ID_TAG_MAX}}$`), { error: 'id_tag_format' }),
  );

/** What a manager may set of a driver; the app sets `app_version` and `platform`, the ledger the balance. */
const driverFields = {
  surname: requiredText(DRIVER_NAME_MAX),
  first_name: requiredText(DRIVER_NAME_MAX),
  phone,
  email: blankAsNull(email, 'email_invalid'),
  gender: z.nullable(choice(GENDERS)),
  birthday: blankAsNull(birthday, 'date_invalid'),
  car: z.nullable(carRequest),
  licence: nullableText(LICENCE_MAX),
  blocked: z.boolean(),
};

/** POST /users/: a manager registers a driver without the app (a card customer); optionally with the first id tag and the inviter's referral code. */
export const driverCreateRequest = z.object({
  surname: driverFields.surname,
  first_name: driverFields.first_name,
  phone: driverFields.phone,
  ...optionalFields({
    email: driverFields.email,
    gender: driverFields.gender,
    birthday: driverFields.birthday,
    car: driverFields.car,
    licence: driverFields.licence,
    id_tag: idTag,
    /** The inviter's referral code; blank: nobody invited the driver. */
    referral_code: blankOr(referralCode),
  }),
  blocked: z._default(z.boolean(), false),
});
export type DriverCreateRequest = z.input<typeof driverCreateRequest>;
export type DriverCreate = z.output<typeof driverCreateRequest>;

/** PATCH /users/{id}/: only the fields sent change; `car` sent replaces the car, null clears an optional field. */
export const driverUpdateRequest = z.object(optionalFields(driverFields));
export type DriverUpdateRequest = z.input<typeof driverUpdateRequest>;
export type DriverUpdate = z.output<typeof driverUpdateRequest>;

/** A phone filter: digits, the mask's characters dropped; matches any part of the number. */
const phoneParam = z.pipe(
  z.optional(
    z.pipe(
      z.string().check(z.trim()),
      z.pipe(
        z.transform((value: string) => value.replace(/[\s()+-]/g, '')),
        z.string().check(z.regex(new RegExp(`^\\d{0,${PHONE_DIGITS}}$`), { error: 'phone_format' })),
      ),
    ),
  ),
  z.transform((value) => (value ? value : undefined)),
);

/**
 * GET /users/: newest registration first. `search` matches surname, first name (either order),
 * phone, email or account; dates and times are read in Bishkek, both ends included.
 */
export const driverListQuery = z.object({
  ...pageParams,
  phone: phoneParam,
  search: searchParam,
  search_by_user_id: intParam(1),
  ...dateRangeParams('registration_date'),
  ...timeRangeParams('registration_time'),
});
export type DriverListQuery = z.input<typeof driverListQuery>;

/** GET /users/export/: the list's filters (no paging) and `format` (xlsx or csv). */
export const driverExportQuery = exportQueryOf(driverListQuery);
export type DriverExportQuery = z.output<typeof driverExportQuery>;

/** The export's sheet name and column headers, in each language. */
export const DRIVER_EXPORT_LABELS = {
  sheet: { ru: 'Пользователи', en: 'Users', ky: 'Колдонуучулар' },
  id: { ru: 'ID', en: 'ID', ky: 'ID' },
  account: { ru: 'Лицевой счёт', en: 'Account', ky: 'Жеке эсеп' },
  surname: { ru: 'Фамилия', en: 'Surname', ky: 'Фамилиясы' },
  first_name: { ru: 'Имя', en: 'First name', ky: 'Аты' },
  phone: { ru: 'Телефон', en: 'Phone', ky: 'Телефон' },
  email: { ru: 'Эл. почта', en: 'Email', ky: 'Электрондук почта' },
  registered_at: { ru: 'Дата регистрации', en: 'Registered', ky: 'Катталган күнү' },
  balance: { ru: 'Баланс, сом', en: 'Balance, som', ky: 'Баланс, сом' },
  platform: { ru: 'Платформа', en: 'Platform', ky: 'Платформа' },
  app_version: { ru: 'Версия приложения', en: 'App version', ky: 'Колдонмонун версиясы' },
  blocked: { ru: 'Заблокирован', en: 'Blocked', ky: 'Бөгөттөлгөн' },
  yes: { ru: 'Да', en: 'Yes', ky: 'Ооба' },
  no: { ru: 'Нет', en: 'No', ky: 'Жок' },
} as const satisfies Record<string, Names>;

/** A row of the driver list (and the core of the detail). */
export const driverListItem = z.object({
  id,
  /** The personal account number: 8 digits, the last a check digit. */
  account: z.string(),
  surname: z.string(),
  first_name: z.string(),
  phone: z.string(),
  email: z.nullable(z.string()),
  registered_at: z.string(),
  /** Som; below zero when a charge cost more than the balance held. */
  balance: z.number(),
  platform: z.nullable(platform),
  app_version: z.nullable(z.string()),
  blocked: z.boolean(),
  /** What the driver gives a friend to be named their inviter (referrals.ts). */
  referral_code: z.string(),
});
export type DriverListItem = z.infer<typeof driverListItem>;

export const car = z.object({
  make: z.nullable(z.string()),
  model: z.nullable(z.string()),
  year: z.nullable(id),
  colour: z.nullable(z.string()),
});
export type Car = z.infer<typeof car>;

/** An id tag as answered; a blocked one is refused by the charge points. */
export const driverIdTag = z.object({ id, id_tag: z.string(), blocked: z.boolean(), created_at: z.string() });
export type DriverIdTag = z.infer<typeof driverIdTag>;

/** GET /users/{id}/, and the answer of POST, PATCH and the balance top-up. */
export const driver = z.extend(driverListItem, {
  gender: z.nullable(z.enum(GENDERS)),
  birthday: z.nullable(z.string()),
  /** Whole years today in Bishkek; null without a birthday. */
  age: z.nullable(id),
  car,
  licence: z.nullable(z.string()),
  id_tags: z.array(driverIdTag),
  /** The driver who invited this one (referrals), or null. */
  invited_by: z.nullable(referralDriver),
});
export type Driver = z.infer<typeof driver>;

/** POST /users/{id}/id-tags/. */
export const idTagCreateRequest = z.object({ id_tag: idTag });
export type IdTagCreateRequest = z.input<typeof idTagCreateRequest>;

/** PATCH /users/{id}/id-tags/{tagId}/: block or unblock the tag. */
export const idTagUpdateRequest = z.object({ blocked: z.boolean() });
export type IdTagUpdateRequest = z.input<typeof idTagUpdateRequest>;

/** `/users/{id}/id-tags/{tagId}/`. */
export const idTagPathParams = z.object({ id: pathId, tagId: pathId });
