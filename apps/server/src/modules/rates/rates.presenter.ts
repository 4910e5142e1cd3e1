import { CONNECTOR_TYPES } from '@evcms/contracts/catalog';
import { DECIMALS, fromMinorUnits } from '@evcms/contracts/decimal';
import type { Lang } from '@evcms/contracts/i18n';
import type { DefaultRateFee, Rate } from '@evcms/contracts/rates';
import { isActive } from '@evcms/contracts/status';
import type { DefaultFeeRecord, RateRecord } from './rates.service.ts';

/** Rates as the API answers them: prices in som, the connector type named in the request's language. */

export function presentRate(rate: RateRecord, lang: Lang): Rate {
  return {
    id: rate.id,
    name: rate.name,
    type: rate.type,
    typo: rate.typo,
    typo_name: CONNECTOR_TYPES[rate.typo][lang],
    price: fromMinorUnits(rate.priceTyiyn, DECIMALS.money),
    status: rate.status,
    active: isActive(rate.status),
    merchants: rate.merchantIds,
    created_at: rate.createdAt.toISOString(),
  };
}

export function presentDefaultFee(fee: DefaultFeeRecord, lang: Lang): DefaultRateFee {
  return {
    typo: fee.typo,
    typo_name: CONNECTOR_TYPES[fee.typo][lang],
    price: fee.rate && fromMinorUnits(fee.rate.priceTyiyn, DECIMALS.money),
    rate_id: fee.rate?.id ?? null,
    rate_name: fee.rate?.name ?? null,
  };
}
