import { email } from './accounts.ts';
import { calendarDate } from './dates.ts';
import { DECIMALS, decimalUnits } from './decimal.ts';
import { exportQueryOf } from './exports.ts';
import { localizedOutput, localizedText } from './localized.ts';
import { phone } from './merchants.ts';
import type { Names } from './names.ts';
import { booleanParam, pageParams, searchParam } from './query.ts';
import { optionalFields, requiredText, z } from './schema.ts';
import { status, statusParam } from './status.ts';

/*
 * Software rental partners (PRODUCT.md 'Software rental partner'): operators that rent this
 * software, paid a fixed sum a month or a share of their merchants' turnover. A merchant is
 * operated by one partner at most. Money in som (tyiyn on the server), the share in percent
 * (basis points on the server).
 */

export const PARTNER_NAME_MAX = 100;
export const PARTNER_LEGAL_NAME_MAX = 200;
export const CONTRACT_NUMBER_MAX = 50;
export const CONTACT_PERSON_MAX = 100;
/** Som a month: a typing slip should not bill a fortune. */
export const PARTNER_FEE_FIXED_MAX = 100_000_000;
/** Merchants named in one request. */
export const PARTNER_MERCHANTS_MAX = 1000;

export const PARTNER_FEE_MODELS = ['fixed', 'percent'] as const;
export type PartnerFeeModel = (typeof PARTNER_FEE_MODELS)[number];

const id = z.number().check(z.int());
const refId = z
  .number({ error: (issue) => (issue.input == null || issue.input === '' ? 'field_blank' : 'invalid_choice') })
  .check(z.int({ error: 'invalid_choice' }), z.positive({ error: 'invalid_choice' }));

/** Som a month (the fixed model), to tyiyn. */
export const partnerFeeFixed = decimalUnits({ decimals: DECIMALS.money, min: 0, max: PARTNER_FEE_FIXED_MAX });
/** Percent of the turnover (the percent model), to basis points. */
export const partnerFeePercent = decimalUnits({ decimals: DECIMALS.percent, min: 0, max: 100 });

const partnerFields = {
  ...localizedText('name', PARTNER_NAME_MAX),
  legal_name: requiredText(PARTNER_LEGAL_NAME_MAX),
  contract_number: requiredText(CONTRACT_NUMBER_MAX),
  contact_person: requiredText(CONTACT_PERSON_MAX),
  phone,
  email,
  fee_model: z.enum(PARTNER_FEE_MODELS, { error: 'invalid_choice' }),
  /** Needed by the fixed model; ignored (stored empty) under the percent model. */
  fee_fixed: z.nullable(partnerFeeFixed),
  /** Needed by the percent model; ignored (stored empty) under the fixed model. */
  fee_percent: z.nullable(partnerFeePercent),
  started_on: calendarDate,
  status,
  /** The merchants it operates; the list sent replaces the list. */
  merchant_ids: z.array(refId).check(z.maxLength(PARTNER_MERCHANTS_MAX, { error: 'number_max' })),
};

/** POST /partners/: the fee of the model chosen is required; merchants and status have defaults. */
export const partnerCreateRequest = z.object({
  ...partnerFields,
  fee_fixed: z.optional(partnerFields.fee_fixed),
  fee_percent: z.optional(partnerFields.fee_percent),
  status: z._default(status, 0),
  merchant_ids: z._default(partnerFields.merchant_ids, []),
});
export type PartnerCreateRequest = z.input<typeof partnerCreateRequest>;
export type PartnerCreate = z.output<typeof partnerCreateRequest>;

/** PATCH /partners/{id}/: only the fields sent change. */
export const partnerUpdateRequest = z.object(optionalFields(partnerFields));
export type PartnerUpdateRequest = z.input<typeof partnerUpdateRequest>;
export type PartnerUpdate = z.output<typeof partnerUpdateRequest>;

/** GET /partners/: newest first; `search` matches the id, the names, legal name, contract, contact, phone or email. */
export const partnerListQuery = z.object({
  ...pageParams,
  search: searchParam,
  status: statusParam,
  /** The same filter as `status`, as the list screens send it. */
  active: booleanParam,
});
export type PartnerListQuery = z.input<typeof partnerListQuery>;
export type PartnerFilters = z.output<typeof partnerListQuery>;

export const partnerMerchant = z.object({ id, name: z.string() });

/** A partner (the list's row, GET one, and the answers of POST, PATCH and the bulk status change). */
export const partner = z.object({
  id,
  ...localizedOutput('name'),
  legal_name: z.string(),
  contract_number: z.string(),
  contact_person: z.string(),
  phone: z.string(),
  email: z.string(),
  fee_model: z.enum(PARTNER_FEE_MODELS),
  /** Som a month, or null under the percent model. */
  fee_fixed: z.nullable(z.number()),
  /** Percent, or null under the fixed model. */
  fee_percent: z.nullable(z.number()),
  started_on: z.string(),
  status,
  merchant_ids: z.array(id),
  merchants: z.array(partnerMerchant),
  created_at: z.string(),
});
export type Partner = z.infer<typeof partner>;

// ---- The report

/** GET /partners/report/: charges completed on the Bishkek days of the period, both ends included, and the fee due for it. */
export const partnerReportQuery = z.object({ period__from: calendarDate, period__to: calendarDate });
export type PartnerReportQuery = z.input<typeof partnerReportQuery>;
export type PartnerReportFilters = z.output<typeof partnerReportQuery>;

export const partnerReportExportQuery = exportQueryOf(z.object({ ...pageParams, ...partnerReportQuery.shape }));
export type PartnerReportExportQuery = z.output<typeof partnerReportExportQuery>;

const reportFigures = {
  /** The partner's merchants' stations now. */
  stations: id,
  charges: id,
  /** kWh. */
  energy: z.number(),
  /** Som the drivers paid (after discounts). */
  turnover: z.number(),
  /** Som due for the period. */
  fee_due: z.number(),
};

export const partnerReportRow = z.object({
  partner: id,
  name: z.string(),
  fee_model: z.enum(PARTNER_FEE_MODELS),
  fee_fixed: z.nullable(z.number()),
  fee_percent: z.nullable(z.number()),
  started_on: z.string(),
  status,
  ...reportFigures,
});
export type PartnerReportRow = z.infer<typeof partnerReportRow>;

/** Every partner (few: no paging), newest first, and the totals. */
export const partnerReport = z.object({ items: z.array(partnerReportRow), totals: z.object(reportFigures) });
export type PartnerReport = z.infer<typeof partnerReport>;

/** The report export's sheet name and column headers, in each language. */
export const PARTNER_REPORT_LABELS = {
  sheet: { ru: 'Отчёт по партнёрам', en: 'Partners report', ky: 'Өнөктөштөр боюнча отчёт' },
  partner: { ru: '№ партнёра', en: 'Partner No.', ky: 'Өнөктөштүн №' },
  name: { ru: 'Партнёр', en: 'Partner', ky: 'Өнөктөш' },
  fee_fixed: { ru: 'Фиксированная плата, сом в месяц', en: 'Fixed fee, som a month', ky: 'Туруктуу төлөм, сом айына' },
  fee_percent: { ru: 'Процент от оборота', en: 'Percent of turnover', ky: 'Жүгүртүүдөн пайыз' },
  stations: { ru: 'Станции', en: 'Stations', ky: 'Станциялар' },
  charges: { ru: 'Зарядки', en: 'Charges', ky: 'Кубаттоолор' },
  energy: { ru: 'Энергия, кВт·ч', en: 'Energy, kWh', ky: 'Энергия, кВт·с' },
  turnover: { ru: 'Оборот, сом', en: 'Turnover, som', ky: 'Жүгүртүү, сом' },
  fee_due: { ru: 'К оплате, сом', en: 'Fee due, som', ky: 'Төлөнүүчү сумма, сом' },
  totals: { ru: 'Итого', en: 'Total', ky: 'Жыйынтык' },
} as const satisfies Record<string, Names>;
