import { wholeNumber as id } from './common.ts';
import { dateRangeParams } from './dates.ts';
import { DECIMALS, decimalUnits } from './decimal.ts';
import { exportQueryOf } from './exports.ts';
import { blankOr, formIdList, formInt, formRefId, isBlank } from './form-values.ts';
import { localizedOutput, localizedText } from './localized.ts';
import type { MessageKey } from './messages.ts';
import { namesKeys, type Names } from './names.ts';
import { booleanParam, idListParam, pageParams, searchParam } from './query.ts';
import { timeOfDay } from './schedule.ts';
import { optionalFields, z } from './schema.ts';
import { status, statusParam } from './status.ts';

/*
 * Promotions (spec 3 'Promotion', PRODUCT.md 'Promotions'): a discount the network gives on the
 * charges of some stations, within a period and optionally within daily happy hours (both in
 * Asia/Bishkek), to drivers past a number of paid charges, on charges past an amount. Created and
 * edited as one multipart request with the image (cropped in the browser) and its crop data.
 */

export const PROMOTION_TITLE_MAX = 100;
/** Spec 5 'Discount': up to 5 digits with up to 2 decimals. */
export const DISCOUNT_AMOUNT_MAX = 99_999.99;
export const DISCOUNT_PERCENT_MAX = 100;
/** Minimum number of earlier paid charges a driver needs. */
export const PROMOTION_MIN_CHARGES_MAX = 100_000;
/** Stations in one promotion: a network's worth. */
export const PROMOTION_STATIONS_MAX = 10_000;
/** Spec 9: promotion images up to 2 MB (jpg, jpeg, png). */
export const PROMOTION_IMAGE_MAX_MB = 2;
export const PROMOTION_IMAGE_MAX_BYTES = PROMOTION_IMAGE_MAX_MB * 1024 * 1024;
/** Spec 9 'Image crop': the aspect the promotion form crops to. */
export const PROMOTION_IMAGE_ASPECT = 16 / 9;

/** Who pays for the discount (spec 3): a merchant (named), the network's company, a payment system. */
export const PROMOTION_INITIATORS = {
  merchant: { ru: 'Мерчант', en: 'Merchant', ky: 'Мерчант' },
  company: { ru: 'Компания', en: 'Company', ky: 'Компания' },
  payment_system: { ru: 'Платёжная система', en: 'Payment system', ky: 'Төлөм системасы' },
} as const satisfies Record<string, Names>;
export type PromotionInitiator = keyof typeof PROMOTION_INITIATORS;
export const PROMOTION_INITIATOR_KEYS = namesKeys(PROMOTION_INITIATORS);

const money = (max: number) => decimalUnits({ decimals: DECIMALS.money, min: 0, max });

/** An instant with its offset (`2026-12-01T00:00:00+06:00` or `...Z`), as a form's date-time picker sends it. */
export const instant = z.pipe(
  z.string({ error: (issue) => (isBlank(issue.input) ? 'field_blank' : 'datetime_invalid') }).check(
    z.trim(),
    z.minLength(1, { error: 'field_blank', abort: true }),
    z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/, {
      error: 'datetime_invalid',
      abort: true,
    }),
    z.refine((value) => !Number.isNaN(Date.parse(value)), { error: 'datetime_invalid' }),
  ),
  z.transform((value: string) => new Date(value)),
);

/** Crop data of an uploaded image (spec 3): where the crop lies, in percent of the original and in its pixels. */
const cropBox = z.object({
  x: decimalUnits({ decimals: 4, min: -100_000, max: 100_000 }),
  y: decimalUnits({ decimals: 4, min: -100_000, max: 100_000 }),
  width: decimalUnits({ decimals: 4, min: 0, max: 100_000 }),
  height: decimalUnits({ decimals: 4, min: 0, max: 100_000 }),
});
export const cropData = z.object({ percent: z.optional(cropBox), pixels: z.optional(cropBox) });
export type CropDataInput = z.input<typeof cropData>;

const promotionFields = {
  ...localizedText('title', PROMOTION_TITLE_MAX),
  initiator: z.enum(PROMOTION_INITIATOR_KEYS, {
    error: (issue) => (isBlank(issue.input) ? 'field_blank' : 'invalid_choice'),
  }),
  /** The merchant that runs it: required for a merchant initiator, none otherwise. */
  merchant: blankOr(formRefId),
  /** Som; charges below it get no discount. */
  min_charge_amount: money(DISCOUNT_AMOUNT_MAX),
  /** Earlier completed, paid charges the driver needs. */
  min_charges: formInt({ min: 0, max: PROMOTION_MIN_CHARGES_MAX }),
  /** Percent of the charge's amount; exactly one of this and `discount_amount`. */
  discount_percent: blankOr(decimalUnits({ decimals: DECIMALS.percent, min: 0, max: DISCOUNT_PERCENT_MAX })),
  /** Som off the charge's amount. */
  discount_amount: blankOr(money(DISCOUNT_AMOUNT_MAX)),
  stations: formIdList(PROMOTION_STATIONS_MAX),
  start_at: instant,
  end_at: instant,
  /** Daily, Bishkek time, HH:mm:ss; both or neither; may cross midnight. */
  happy_hours_start: blankOr(timeOfDay),
  happy_hours_end: blankOr(timeOfDay),
  status: z.pipe(formInt({ min: 0, max: 1, error: 'invalid_choice' }), status),
  crop: cropData,
};

/** POST /ads/promotions/ (without `image`, which the route adds): a new promotion is active unless `status: 1` is sent. */
export const promotionCreateRequest = z.object({
  ...promotionFields,
  merchant: z._default(promotionFields.merchant, null),
  min_charge_amount: z._default(promotionFields.min_charge_amount, 0),
  min_charges: z._default(promotionFields.min_charges, 0),
  discount_percent: z._default(promotionFields.discount_percent, null),
  discount_amount: z._default(promotionFields.discount_amount, null),
  happy_hours_start: z._default(promotionFields.happy_hours_start, null),
  happy_hours_end: z._default(promotionFields.happy_hours_end, null),
  status: z._default(promotionFields.status, 0),
  crop: z.optional(cropData),
});
export type PromotionCreateRequest = z.input<typeof promotionCreateRequest>;
/** As parsed: money in tyiyn, the percentage in basis points, instants as dates. */
export type PromotionCreate = z.output<typeof promotionCreateRequest>;

/** PATCH /ads/promotions/{id}/: only the fields sent change; `stations` sent replaces the list; `image` only when a new one is chosen. */
export const promotionUpdateRequest = z.object(optionalFields(promotionFields));
export type PromotionUpdateRequest = z.input<typeof promotionUpdateRequest>;
export type PromotionUpdate = z.output<typeof promotionUpdateRequest>;

/** What the cross-field rules of spec 5 read of a promotion, as stored (tyiyn, basis points, dates). */
export interface PromotionTerms {
  initiator: PromotionInitiator;
  merchant: number | null;
  minChargeTyiyn: number;
  discountBasisPoints: number | null;
  discountTyiyn: number | null;
  stations: readonly number[];
  startAt: Date;
  endAt: Date;
  happyHoursStart: string | null;
  happyHoursEnd: string | null;
}

export interface TermsProblem {
  field: string;
  message: MessageKey;
}

/** Spec 5 and PRODUCT.md: what is wrong with a promotion's fields together, in the form's order; empty when nothing. */
export function promotionTermsProblems(terms: PromotionTerms): TermsProblem[] {
  const problems: TermsProblem[] = [];
  if (terms.initiator === 'merchant' && terms.merchant === null)
    problems.push({ field: 'merchant', message: 'promotion_merchant_required' });
  if ((terms.discountBasisPoints === null) === (terms.discountTyiyn === null))
    problems.push({ field: 'discount_percent', message: 'promotion_discount_one' });
  if (terms.discountTyiyn !== null && terms.discountTyiyn > terms.minChargeTyiyn)
    problems.push({ field: 'discount_amount', message: 'promotion_discount_over_minimum' });
  if (terms.stations.length === 0) problems.push({ field: 'stations', message: 'promotion_stations_required' });
  if (terms.endAt <= terms.startAt) problems.push({ field: 'end_at', message: 'promotion_end_before_start' });
  if ((terms.happyHoursStart === null) !== (terms.happyHoursEnd === null))
    problems.push({
      field: terms.happyHoursStart === null ? 'happy_hours_start' : 'happy_hours_end',
      message: 'happy_hours_both',
    });
  else if (terms.happyHoursStart !== null && terms.happyHoursStart === terms.happyHoursEnd)
    problems.push({ field: 'happy_hours_end', message: 'happy_hours_same' });
  return problems;
}

// ---- Lists

/**
 * GET /ads/promotions/: newest first. `search` matches the id or a title; `period` keeps the
 * promotions whose period meets those Bishkek days; `station_id__in` those with any of the stations.
 */
export const promotionListQuery = z.object({
  ...pageParams,
  search: searchParam,
  status: statusParam,
  active: booleanParam,
  ...dateRangeParams('period'),
  station_id__in: idListParam,
});
export type PromotionListQuery = z.input<typeof promotionListQuery>;
export type PromotionFilters = z.output<typeof promotionListQuery>;

const cropBoxOut = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });
/** Crop data as answered, in the form's decimals (promotions, banners). */
export const cropDataOut = z.nullable(z.object({ percent: z.optional(cropBoxOut), pixels: z.optional(cropBoxOut) }));

/** A promotion's station as the form's picker names it. */
export const promotionStation = z.object({ id, name: z.string(), merchant: z.nullable(id) });

const promotionOutputFields = {
  id,
  ...localizedOutput('title'),
  /** The title in the request's language (spec 3: 'title (shown as name)'). */
  name: z.string(),
  /** The image's URL. */
  image: z.string(),
  crop: cropDataOut,
  initiator: z.enum(PROMOTION_INITIATOR_KEYS),
  initiator_name: z.string(),
  merchant: z.nullable(id),
  merchant_name: z.nullable(z.string()),
  /** Som. */
  min_charge_amount: z.number(),
  min_charges: id,
  /** Percent, or null when the discount is an amount. */
  discount_percent: z.nullable(z.number()),
  /** Som, or null when the discount is a percentage. */
  discount_amount: z.nullable(z.number()),
  start_at: z.string(),
  end_at: z.string(),
  happy_hours_start: z.nullable(z.string()),
  happy_hours_end: z.nullable(z.string()),
  status,
  active: z.boolean(),
  /** Its end has passed: it cannot be activated until the end is moved. */
  expired: z.boolean(),
  stations_count: id,
  /** Charges it gave a discount to; such a promotion cannot be deleted. */
  charges_count: id,
  created_at: z.string(),
};

/** A row of the list (and the answer of the bulk status change). */
export const promotionListItem = z.object(promotionOutputFields);
export type PromotionListItem = z.infer<typeof promotionListItem>;

/** One promotion with its stations (GET, and the answers of POST and PATCH). */
export const promotion = z.object({ ...promotionOutputFields, stations: z.array(promotionStation) });
export type Promotion = z.infer<typeof promotion>;

// ---- The promotions report

/** GET /ads/promotions/report/: charges completed with a discount, per promotion, by the Bishkek day they started. */
export const promotionReportQuery = z.object({
  ...pageParams,
  ...dateRangeParams('period'),
  promotion_id__in: idListParam,
  station_id__in: idListParam,
});
export type PromotionReportQuery = z.input<typeof promotionReportQuery>;
export type PromotionReportFilters = z.output<typeof promotionReportQuery>;

export const promotionReportExportQuery = exportQueryOf(promotionReportQuery);
export type PromotionReportExportQuery = z.output<typeof promotionReportExportQuery>;

const reportFigures = {
  charges: id,
  drivers: id,
  /** kWh. */
  energy: z.number(),
  /** Som, before the discount. */
  turnover: z.number(),
  discount: z.number(),
  /** Som, what the drivers paid. */
  turnover_after: z.number(),
};

export const promotionReportRow = z.object({ promotion: id, name: z.string(), ...reportFigures });
export type PromotionReportRow = z.infer<typeof promotionReportRow>;

/** A page of rows and the totals of every row the filters keep. */
export const promotionReport = z.object({
  items: z.array(promotionReportRow),
  page: id,
  pages: id,
  size: id,
  total: id,
  totals: z.object(reportFigures),
});
export type PromotionReport = z.infer<typeof promotionReport>;

/** The report export's sheet name and column headers, in each language. */
export const PROMOTION_REPORT_LABELS = {
  sheet: { ru: 'Отчёт по акциям', en: 'Promotions report', ky: 'Акциялар боюнча отчёт' },
  promotion: { ru: '№ акции', en: 'Promotion No.', ky: 'Акциянын №' },
  name: { ru: 'Акция', en: 'Promotion', ky: 'Акция' },
  charges: { ru: 'Зарядки', en: 'Charges', ky: 'Кубаттоолор' },
  drivers: { ru: 'Пользователи', en: 'Users', ky: 'Колдонуучулар' },
  energy: { ru: 'Энергия, кВт·ч', en: 'Energy, kWh', ky: 'Энергия, кВт·с' },
  turnover: {
    ru: 'Оборот до скидки, сом',
    en: 'Turnover before discount, som',
    ky: 'Арзандатууга чейинки жүгүртүү, сом',
  },
  discount: { ru: 'Скидка, сом', en: 'Discount, som', ky: 'Арзандатуу, сом' },
  turnover_after: {
    ru: 'Оборот после скидки, сом',
    en: 'Turnover after discount, som',
    ky: 'Арзандатуудан кийинки жүгүртүү, сом',
  },
  totals: { ru: 'Итого', en: 'Total', ky: 'Жыйынтык' },
} as const satisfies Record<string, Names>;
