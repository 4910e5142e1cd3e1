import { DECIMALS, fromMinorUnits } from '@evcms/contracts/decimal';
import type { Lang } from '@evcms/contracts/i18n';
import { presentLocalized } from '@evcms/contracts/localized';
import type { Partner } from '@evcms/contracts/partners';
import type { PartnerDetailRecord } from './partners.service.ts';

/** Partners as the API answers them: the fee in som or percent, names in the request's language. */

/** The fee's terms as the API gives them: the model's amount, the other null. */
export function presentFeeTerms(terms: { feeFixedTyiyn: number | null; feePercentBp: number | null }) {
  return {
    fee_fixed: terms.feeFixedTyiyn === null ? null : fromMinorUnits(terms.feeFixedTyiyn, DECIMALS.money),
    fee_percent: terms.feePercentBp === null ? null : fromMinorUnits(terms.feePercentBp, DECIMALS.percent),
  };
}

export function presentPartner(partner: PartnerDetailRecord, lang: Lang): Partner {
  return {
    id: partner.id,
    ...presentLocalized('name', partner.name, lang),
    legal_name: partner.legalName,
    contract_number: partner.contractNumber,
    contact_person: partner.contactPerson,
    phone: partner.phone,
    email: partner.email,
    fee_model: partner.feeModel,
    ...presentFeeTerms(partner),
    started_on: partner.startedOn,
    status: partner.status,
    merchant_ids: partner.merchantIds,
    merchants: partner.merchants.map((merchant) => ({ id: merchant.id, name: merchant.name[lang] })),
    created_at: partner.createdAt.toISOString(),
  };
}
