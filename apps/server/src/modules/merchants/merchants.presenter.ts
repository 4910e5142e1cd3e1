import { DECIMALS, fromMinorUnits } from '@evcms/contracts/decimal';
import type { Lang } from '@evcms/contracts/i18n';
import { localizedFields } from '@evcms/contracts/localized';
import type { Merchant, MerchantForUpdate, MerchantListItem, MerchantOption } from '@evcms/contracts/merchants';
import { isActive } from '@evcms/contracts/status';
import { mediaUrl } from '../../lib/uploads.ts';
import { scheduleForDisplay } from './merchants.rules.ts';
import type { MerchantDetailRecord, MerchantListRecord, MerchantRecord, Named } from './merchants.service.ts';

/** Merchants as the API answers them, with labels in the request's language. */

/** The fields the merchant form edits, as the API names them. */
function editableFields(merchant: MerchantRecord) {
  return {
    id: merchant.id,
    ...localizedFields('name', merchant.name),
    agreement_number: merchant.agreementNumber,
    legal_name: merchant.legalName,
    country: merchant.countryId,
    district: merchant.districtId,
    city: merchant.cityId,
    street: merchant.street,
    phone: merchant.phone,
    email: merchant.email,
    percentage: fromMinorUnits(merchant.percentageBp, DECIMALS.percent),
    status: merchant.status,
  };
}

export function presentMerchantListItem(merchant: MerchantListRecord, lang: Lang): MerchantListItem {
  return {
    ...editableFields(merchant),
    name: merchant.name[lang],
    country_name: merchant.countryName[lang],
    district_name: merchant.districtName?.[lang] ?? null,
    city_name: merchant.cityName[lang],
    stations_count: merchant.stations.total,
    active_stations: merchant.stations.active,
    inactive_stations: merchant.stations.inactive,
    created_by: merchant.createdByName,
    created_at: merchant.createdAt.toISOString(),
  };
}

/** Tags and infrastructure by id, and titled for display and for the form's pickers; the schedule with its ids. */
function chosenItems(merchant: MerchantDetailRecord, lang: Lang) {
  return {
    tags: merchant.tags.map((tag) => tag.id),
    environment: merchant.infrastructure.map((item) => item.id),
    tag_items: merchant.tags.map((tag) => ({ id: tag.id, title: tag.title[lang], active: isActive(tag.status) })),
    environment_items: merchant.infrastructure.map((item) => ({
      id: item.id,
      title: item.title[lang],
      icon_path: mediaUrl(item.icon),
      active: isActive(item.status),
    })),
    schedule: scheduleForDisplay(merchant.schedule),
  };
}

export function presentMerchant(merchant: MerchantDetailRecord, lang: Lang): Merchant {
  return { ...presentMerchantListItem(merchant, lang), ...chosenItems(merchant, lang) };
}

export function presentMerchantForUpdate(merchant: MerchantDetailRecord, lang: Lang): MerchantForUpdate {
  return { ...editableFields(merchant), ...chosenItems(merchant, lang) };
}

export function presentMerchantOption(merchant: Named, lang: Lang): MerchantOption {
  return { id: merchant.id, name: merchant.name[lang] };
}
