import { wholeNumber as id } from './common.ts';
import { dateRangeParams } from './dates.ts';
import { DECIMALS, decimalUnits } from './decimal.ts';
import { exportQueryOf } from './exports.ts';
import { blankOr, formInt } from './form-values.ts';
import type { MessageKey } from './messages.ts';
import type { Names } from './names.ts';
import { instant } from './promotions.ts';
import { booleanParam, pageParams, searchParam } from './query.ts';
import { optionalFields, requiredText, z } from './schema.ts';
import { status, statusParam } from './status.ts';

/*
 * Promo codes (PRODUCT.md 'Promo code'): a code a driver redeems for a bonus in som credited to the
 * balance through the ledger (method `promo_code`), within an optional validity, up to a number of
 * uses in all (empty: unlimited) and per driver. Made one at a time or generated as a batch.
 */

export const PROMO_CODE_MIN = 4;
export const PROMO_CODE_MAX = 32;
/** Letters, digits and dashes: what a driver can type from a flyer. */
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9-]{4,32}$/;
/** Som per redemption: a typing slip should not hand out a fortune. */
export const PROMO_BONUS_MIN = 0.01;
export const PROMO_BONUS_MAX = 100_000;
export const PROMO_TOTAL_USES_MAX = 1_000_000;
export const PROMO_USES_PER_DRIVER_MAX = 1000;
/** A generated batch: up to this many codes at once. */
export const PROMO_BATCH_MAX = 1000;
export const PROMO_PREFIX_MAX = 20;
/** A generated code is the prefix, a dash and this many characters of `PROMO_SUFFIX_ALPHABET`. */
export const PROMO_SUFFIX_LENGTH = 8;
/** Upper-case letters and digits a reader cannot confuse: no 0/O, 1/I/L. */
export const PROMO_SUFFIX_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const code = requiredText(PROMO_CODE_MAX).check(z.regex(PROMO_CODE_PATTERN, { error: 'promo_code_format' }));
const prefix = requiredText(PROMO_PREFIX_MAX).check(z.regex(/^[A-Za-z0-9-]+$/, { error: 'promo_code_format' }));

const termsFields = {
  /** Som, credited per redemption. */
  bonus: decimalUnits({ decimals: DECIMALS.money, min: PROMO_BONUS_MIN, max: PROMO_BONUS_MAX }),
  /** Instants; either may be left open. */
  valid_from: blankOr(instant),
  valid_to: blankOr(instant),
  /** Empty: unlimited. */
  total_uses: blankOr(formInt({ min: 1, max: PROMO_TOTAL_USES_MAX })),
  uses_per_driver: formInt({ min: 1, max: PROMO_USES_PER_DRIVER_MAX }),
  status: z.pipe(formInt({ min: 0, max: 1, error: 'invalid_choice' }), status),
};

const termsDefaults = {
  valid_from: z._default(termsFields.valid_from, null),
  valid_to: z._default(termsFields.valid_to, null),
  total_uses: z._default(termsFields.total_uses, null),
  uses_per_driver: z._default(termsFields.uses_per_driver, 1),
  status: z._default(termsFields.status, 0),
};

/** POST /ads/promo-codes/: one code; active unless `status: 1` is sent. */
export const promoCodeCreateRequest = z.object({ code, ...termsFields, ...termsDefaults });
export type PromoCodeCreateRequest = z.input<typeof promoCodeCreateRequest>;
/** As parsed: the bonus in tyiyn, the validity as dates. */
export type PromoCodeCreate = z.output<typeof promoCodeCreateRequest>;

/** PATCH /ads/promo-codes/{id}/: only the fields sent change (the code and bonus only until its first redemption). */
export const promoCodeUpdateRequest = z.object(optionalFields({ code, ...termsFields }));
export type PromoCodeUpdateRequest = z.input<typeof promoCodeUpdateRequest>;
export type PromoCodeUpdate = z.output<typeof promoCodeUpdateRequest>;

/** POST /ads/promo-codes/generate/: `count` new codes `PREFIX-XXXXXXXX`, all on the same terms. */
export const promoCodeGenerateRequest = z.object({
  prefix,
  count: formInt({ min: 1, max: PROMO_BATCH_MAX }),
  ...termsFields,
  ...termsDefaults,
});
export type PromoCodeGenerateRequest = z.input<typeof promoCodeGenerateRequest>;
export type PromoCodeGenerate = z.output<typeof promoCodeGenerateRequest>;

/** What the cross-field rule reads of a code's terms. */
export interface PromoCodeTerms {
  validFrom: Date | null;
  validTo: Date | null;
}

/** The validity's end after its start: the field and message, or none. */
export function promoCodeTermsProblem(terms: PromoCodeTerms): { field: string; message: MessageKey } | undefined {
  if (terms.validFrom && terms.validTo && terms.validTo <= terms.validFrom)
    return { field: 'valid_to', message: 'promo_code_end_before_start' };
  return undefined;
}

/** POST /users/{id}/promo-code/: the code a manager applies on the driver's card (any case); answers the driver. */
export const promoCodeRedeemRequest = z.object({ code: requiredText(PROMO_CODE_MAX) });
export type PromoCodeRedeemRequest = z.input<typeof promoCodeRedeemRequest>;

// ---- Lists

/**
 * GET /ads/promo-codes/: newest first. `search` matches part of the code ignoring case; `period`
 * keeps the codes whose validity meets those Bishkek days (an open end meets every day on its side).
 */
export const promoCodeListQuery = z.object({
  ...pageParams,
  search: searchParam,
  status: statusParam,
  /** The status filter of the list screens: true keeps the active ones, false the inactive. */
  active: booleanParam,
  ...dateRangeParams('period'),
});
export type PromoCodeListQuery = z.input<typeof promoCodeListQuery>;
export type PromoCodeFilters = z.output<typeof promoCodeListQuery>;

export const promoCodeExportQuery = exportQueryOf(promoCodeListQuery);
export type PromoCodeExportQuery = z.output<typeof promoCodeExportQuery>;

/** One code as answered (the list, GET, POST, PATCH, the bulk status change); money in som. */
export const promoCode = z.object({
  id,
  code: z.string(),
  bonus: z.number(),
  valid_from: z.nullable(z.string()),
  valid_to: z.nullable(z.string()),
  total_uses: z.nullable(id),
  uses_per_driver: id,
  /** Redemptions so far. */
  used_count: id,
  /** Redemptions left; null when unlimited. */
  remaining: z.nullable(id),
  batch: z.nullable(z.string()),
  status,
  active: z.boolean(),
  /** Its validity has ended. */
  expired: z.boolean(),
  created_at: z.string(),
});
export type PromoCode = z.infer<typeof promoCode>;

/** The answer of a generated batch: its label and the codes made, in the order made. */
export const promoCodeBatch = z.object({ batch: z.string(), items: z.array(promoCode) });
export type PromoCodeBatch = z.infer<typeof promoCodeBatch>;

/** GET /ads/promo-codes/{id}/redemptions/: newest first. */
export const promoCodeRedemptionListQuery = z.object({ ...pageParams });
export type PromoCodeRedemptionListQuery = z.input<typeof promoCodeRedemptionListQuery>;

export const promoCodeRedemption = z.object({
  id,
  date: z.string(),
  driver: z.object({ id, name: z.string(), phone: z.string(), account: z.string() }),
  /** The manager who applied it on the driver's card; null when the driver did, or the account is gone. */
  manager: z.nullable(z.string()),
  /** Som credited. */
  amount: z.number(),
});
export type PromoCodeRedemption = z.infer<typeof promoCodeRedemption>;

/** The export's sheet name and column headers, in each language (the web's list columns too). */
export const PROMO_CODE_LABELS = {
  sheet: { ru: 'Промокоды', en: 'Promo codes', ky: 'Промокоддор' },
  code: { ru: 'Код', en: 'Code', ky: 'Код' },
  bonus: { ru: 'Бонус, сом', en: 'Bonus, som', ky: 'Бонус, сом' },
  valid_from: { ru: 'Действует с', en: 'Valid from', ky: 'Күчүндө: башталышы' },
  valid_to: { ru: 'Действует по', en: 'Valid to', ky: 'Күчүндө: аягы' },
  total_uses: { ru: 'Всего использований', en: 'Total uses', ky: 'Бардык колдонуу' },
  uses_per_driver: { ru: 'На пользователя', en: 'Per user', ky: 'Колдонуучуга' },
  used_count: { ru: 'Использовано', en: 'Used', ky: 'Колдонулду' },
  remaining: { ru: 'Осталось', en: 'Remaining', ky: 'Калды' },
  batch: { ru: 'Партия', en: 'Batch', ky: 'Топтом' },
  status: { ru: 'Статус', en: 'Status', ky: 'Абалы' },
  created_at: { ru: 'Создан', en: 'Created', ky: 'Түзүлгөн' },
  unlimited: { ru: 'Без ограничений', en: 'Unlimited', ky: 'Чексиз' },
  active: { ru: 'Активен', en: 'Active', ky: 'Активдүү' },
  inactive: { ru: 'Неактивен', en: 'Inactive', ky: 'Активдүү эмес' },
} as const satisfies Record<string, Names>;
