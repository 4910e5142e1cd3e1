import { localizedFields, type LocalizedKey } from '@evcms/contracts/localized';
import type { MerchantCreateRequest, MerchantForUpdate, MerchantUpdateRequest } from '@evcms/contracts/merchants';
import type { ScheduleEntryInput } from '@evcms/contracts/schedule';
import { inEveryLang } from '../../components/multilingual-stepper/form-langs.ts';
import { formatPhone, phoneDigits } from '../../lib/phone-mask.ts';

/**
 * The merchant form's fields, as the API names them: the phone as masked text, the selects and
 * the percentage null until chosen, the schedule without the stored ids.
 */
export type MerchantFormValues = Record<LocalizedKey<'name'>, string> &
  Pick<MerchantForUpdate, 'agreement_number' | 'legal_name' | 'street' | 'phone' | 'email' | 'tags' | 'environment'> & {
    country: number | null;
    district: number | null;
    city: number | null;
    percentage: number | null;
    schedule: ScheduleEntryInput[];
  };

export const EMPTY_MERCHANT_FORM: MerchantFormValues = {
  ...localizedFields('name', inEveryLang('')),
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

const FORM_FIELDS = Object.keys(EMPTY_MERCHANT_FORM) as (keyof MerchantFormValues)[];

// The server numbers schedule entries; the form and the requests carry none.
const withoutIds = (schedule: readonly ScheduleEntryInput[]): ScheduleEntryInput[] =>
  schedule.map(({ day, start_time, end_time, is_break }) => ({ day, start_time, end_time, is_break }));

/** The stored merchant as the edit form starts: its form fields, the phone masked. */
export function formValuesOf(merchant: MerchantForUpdate): MerchantFormValues {
  const values = Object.fromEntries(FORM_FIELDS.map((name) => [name, merchant[name]])) as MerchantFormValues;
  return { ...values, phone: formatPhone(merchant.phone), schedule: withoutIds(merchant.schedule) };
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
    schedule: withoutIds(values.schedule),
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
