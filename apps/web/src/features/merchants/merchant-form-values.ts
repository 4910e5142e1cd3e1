import type { MerchantCreateRequest, MerchantForUpdate, MerchantUpdateRequest } from '@evcms/contracts/merchants';
import type { ScheduleEntryInput } from '@evcms/contracts/schedule';
import { formatPhone, phoneDigits } from './phone-mask.ts';

/** The merchant form's fields: the phone as masked text, the percentage as InputNumber gives it. */
export interface MerchantFormValues {
  name_ky: string;
  name_ru: string;
  name_en: string;
  agreement_number: string;
  legal_name: string;
  country: number | null;
  district: number | null;
  city: number | null;
  street: string;
  phone: string;
  email: string;
  percentage: number | null;
  tags: number[];
  environment: number[];
  schedule: ScheduleEntryInput[];
}

export const EMPTY_MERCHANT_FORM: MerchantFormValues = {
  name_ky: '',
  name_ru: '',
  name_en: '',
  agreement_number: '',
  legal_name: '',
  country: null,
  district: null,
  city: null,
  street: '',
  phone: '',
  email: '',
  percentage: null,
  tags: [],
  environment: [],
  schedule: [],
};

/** The stored merchant as the edit form starts: the phone masked, schedule ids dropped (the server numbers entries). */
export function formValuesOf(merchant: MerchantForUpdate): MerchantFormValues {
  return {
    name_ky: merchant.name_ky,
    name_ru: merchant.name_ru,
    name_en: merchant.name_en,
    agreement_number: merchant.agreement_number,
    legal_name: merchant.legal_name,
    country: merchant.country,
    district: merchant.district,
    city: merchant.city,
    street: merchant.street,
    phone: formatPhone(merchant.phone),
    email: merchant.email,
    percentage: merchant.percentage,
    tags: merchant.tags,
    environment: merchant.environment,
    schedule: merchant.schedule.map(({ day, start_time, end_time, is_break }) => ({ day, start_time, end_time, is_break })),
  };
}

/**
 * What the API is sent for the form's values: the phone's 12 digits, numbers as numbers. The
 * form's rules have checked the values; a field left empty goes as null and the server says so.
 */
export function toMerchantRequest(values: MerchantFormValues): MerchantCreateRequest {
  return {
    ...values,
    country: values.country as number,
    city: values.city as number,
    district: values.district ?? null,
    phone: phoneDigits(values.phone),
    percentage: values.percentage as number,
    schedule: values.schedule.map(({ day, start_time, end_time, is_break }) => ({ day, start_time, end_time, is_break })),
  };
}

/** The fields whose value differs from the stored one: the body of PATCH /merchants/{id}/. */
export function changedFields(before: MerchantFormValues, after: MerchantFormValues): MerchantUpdateRequest {
  const from = toMerchantRequest(before);
  const to = toMerchantRequest(after);
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(to) as (keyof MerchantCreateRequest)[]) {
    if (JSON.stringify(to[key] ?? null) !== JSON.stringify(from[key] ?? null)) changes[key] = to[key];
  }
  return changes as MerchantUpdateRequest;
}
