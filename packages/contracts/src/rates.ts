import { CONNECTOR_TYPE_KEYS } from './catalog.ts';
import { wholeNumber as id } from './common.ts';
import { DECIMALS, decimalUnits } from './decimal.ts';
import { choice, isBlank } from './form-values.ts';
import type { MessageKey } from './messages.ts';
import { booleanParam, pageParams, searchParam } from './query.ts';
import { optionalFields, requiredText, z } from './schema.ts';
import { bulkList, status } from './status.ts';

/*
 * Rates (tariffs, the API's `/payments/`): a price in som per kWh for one connector type, either
 * `default` (network-wide) or `personal` (for the merchants it names). Also the price of a charge:
 * `resolvePrice`, the one rule every place that needs a price goes through.
 */

export const RATE_NAME_MAX = 100;
/** Som per kWh, as a connector's custom fee. */
export const RATE_PRICE_MAX = 100_000;
/** Merchants on one personal rate. */
export const RATE_MERCHANTS_MAX = 1000;

export const RATE_TYPES = ['default', 'personal'] as const;
export type RateType = (typeof RATE_TYPES)[number];

/** One of `values`; 'Field cannot be blank' when absent or empty, 'Select a valid choice' otherwise. */
const merchantId = z
  .number({ error: (issue) => (isBlank(issue.input) ? 'field_blank' : 'invalid_choice') })
  .check(z.int({ error: 'invalid_choice' }), z.positive({ error: 'invalid_choice' }));
const merchantIds = z.array(merchantId).check(z.maxLength(RATE_MERCHANTS_MAX, { error: 'number_max' }));

/** Som per kWh with at most two decimals, as a number or numeric text; parsed to tyiyn. */
export const ratePrice = decimalUnits({ decimals: DECIMALS.money, min: 0, max: RATE_PRICE_MAX });

const rateFields = {
  name: requiredText(RATE_NAME_MAX),
  type: choice(RATE_TYPES),
  typo: choice(CONNECTOR_TYPE_KEYS),
  price: ratePrice,
  status,
  /** Personal rates only: the merchants whose stations it prices. */
  merchants: merchantIds,
};

/** POST /payments/: a new rate is inactive unless `status: 0` is sent; a default rate names no merchants. */
export const rateCreateRequest = z.object({
  ...rateFields,
  status: z._default(status, 1),
  merchants: z._default(merchantIds, []),
});
export type RateCreateRequest = z.input<typeof rateCreateRequest>;
/** As parsed: `price` in tyiyn. */
export type RateCreate = z.output<typeof rateCreateRequest>;

/** PATCH /payments/{id}/: only the fields sent change; `merchants` sent replaces the list. Active rates take only `status`. */
export const rateUpdateRequest = z.object(optionalFields(rateFields));
export type RateUpdateRequest = z.input<typeof rateUpdateRequest>;
export type RateUpdate = z.output<typeof rateUpdateRequest>;

/** One entry of the bulk PATCH /payments/: the rate and its new status. */
export const rateStatusChange = z.object({ id: z.number().check(z.int(), z.positive()), status });
/** PATCH /payments/: a list of status changes, applied all or none; answers the rates changed, in the order sent. */
export const rateStatusesRequest = bulkList(rateStatusChange);
export type RateStatusesRequest = z.infer<typeof rateStatusesRequest>;

/** An optional connector type in a query string; an empty value is no filter. */
const typoParam = z.pipe(
  z.optional(z.enum([...CONNECTOR_TYPE_KEYS, ''], { error: 'invalid_choice' })),
  z.transform((value) => (value ? value : undefined)),
);

/** GET /payments/: `search` matches the name (or the id when numeric); `default` true for default rates, false for personal. */
export const rateListQuery = z.object({
  ...pageParams,
  search: searchParam,
  active: booleanParam,
  default: booleanParam,
  typo: typoParam,
});
export type RateListQuery = z.input<typeof rateListQuery>;

/** A rate as answered (list rows, detail, and the answers of POST and both PATCHes). */
export const rate = z.object({
  id,
  name: z.string(),
  type: z.enum(RATE_TYPES),
  typo: z.enum(CONNECTOR_TYPE_KEYS),
  /** The connector type's name in the request's language. */
  typo_name: z.string(),
  /** Som per kWh. */
  price: z.number(),
  status,
  active: z.boolean(),
  /** Ids, ascending; always empty for a default rate. */
  merchants: z.array(id),
  created_at: z.string(),
});
export type Rate = z.infer<typeof rate>;

/** GET /payments/default-rates-fee/: every connector type, in dictionary order, with its active default rate's price or null. */
export const defaultRateFee = z.object({
  typo: z.enum(CONNECTOR_TYPE_KEYS),
  typo_name: z.string(),
  /** Som per kWh; null when the type has no active default rate. */
  price: z.nullable(z.number()),
  rate_id: z.nullable(id),
  rate_name: z.nullable(z.string()),
});
export const defaultRateFees = z.array(defaultRateFee);
export type DefaultRateFee = z.infer<typeof defaultRateFee>;

/** What is wrong with a rate's merchants for its type: a personal rate needs one, a default rate takes none. */
export function rateMerchantsProblem(rate: { type: RateType; merchants: readonly number[] }): MessageKey | undefined {
  if (rate.type === 'default' && rate.merchants.length > 0) return 'rate_merchants_default';
  if (rate.type === 'personal' && rate.merchants.length === 0) return 'rate_merchants_required';
  return undefined;
}

// ---- The price of a charge

export type PriceSource = 'custom' | 'personal' | 'default';

export interface PriceCandidates {
  /** The connector's `custom_fee` in tyiyn; null when not set (0 is a price: free charging). */
  customFee: number | null | undefined;
  /** The price in tyiyn of the station merchant's active personal rate for the connector type, if any. */
  personalRate: number | null | undefined;
  /** The price in tyiyn of the active default rate for the connector type, if any. */
  defaultRate: number | null | undefined;
}

export interface ResolvedPrice {
  /** Tyiyn per kWh; null when nothing prices the connector. */
  priceTyiyn: number | null;
  source: PriceSource | null;
}

/**
 * PRODUCT.md 'Rates and price of a charge': the connector's custom fee if set, else the merchant's
 * active personal rate for the connector type, else the active default rate, else no price.
 */
export function resolvePrice({ customFee, personalRate, defaultRate }: PriceCandidates): ResolvedPrice {
  if (customFee != null) return { priceTyiyn: customFee, source: 'custom' };
  if (personalRate != null) return { priceTyiyn: personalRate, source: 'personal' };
  if (defaultRate != null) return { priceTyiyn: defaultRate, source: 'default' };
  return { priceTyiyn: null, source: null };
}
