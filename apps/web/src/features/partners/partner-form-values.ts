import { localizedFields, type LocalizedKey } from '@evcms/contracts/localized';
import type { Partner, PartnerCreateRequest, PartnerFeeModel, PartnerUpdateRequest } from '@evcms/contracts/partners';
import { inEveryLang } from '../../components/multilingual-stepper/form-langs.ts';
import { formatPhone, phoneDigits } from '../../lib/phone-mask.ts';

/**
 * The partner form's fields, as the API names them: the phone as masked text, the amounts and
 * the start date null until entered. Both amounts are kept while the model changes; only the
 * chosen model's is sent.
 */
export type PartnerFormValues = Record<LocalizedKey<'name'>, string> &
  Pick<Partner, 'legal_name' | 'contract_number' | 'contact_person' | 'phone' | 'email' | 'merchant_ids'> & {
    fee_model: PartnerFeeModel;
    fee_fixed: number | null;
    fee_percent: number | null;
    started_on: string | null;
  };

export const EMPTY_PARTNER_FORM: PartnerFormValues = {
  ...localizedFields('name', inEveryLang('')),
  legal_name: '',
  contract_number: '',
  contact_person: '',
  phone: '',
  email: '',
  fee_model: 'percent',
  fee_fixed: null,
  fee_percent: null,
  started_on: null,
  merchant_ids: [],
};

const FORM_FIELDS = Object.keys(EMPTY_PARTNER_FORM) as (keyof PartnerFormValues)[];

/** The stored partner as the edit form starts: its form fields, the phone masked. */
export function formValuesOf(partner: Partner): PartnerFormValues {
  const values = Object.fromEntries(FORM_FIELDS.map((name) => [name, partner[name]])) as PartnerFormValues;
  return { ...values, phone: formatPhone(partner.phone) };
}

/** What the API is sent: the phone's 12 digits, only the chosen model's amount. Empty fields go as they are; the server says so. */
export function toPartnerRequest(values: PartnerFormValues): PartnerCreateRequest {
  const { fee_fixed, fee_percent, ...rest } = values;
  return {
    ...rest,
    phone: phoneDigits(values.phone),
    started_on: values.started_on ?? '',
    ...(values.fee_model === 'fixed' ? { fee_fixed } : { fee_percent }),
  };
}

/** The fields whose value differs from the stored one: the body of PATCH /partners/{id}/. */
export function changedFields(before: PartnerFormValues, after: PartnerFormValues): PartnerUpdateRequest {
  const from = toPartnerRequest(before) as Record<string, unknown>;
  const to = toPartnerRequest(after) as Record<string, unknown>;
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(to)) {
    if (JSON.stringify(to[key] ?? null) !== JSON.stringify(from[key] ?? null)) changes[key] = to[key];
  }
  // A change of model sends the new model's amount with it.
  if ('fee_model' in changes)
    changes[after.fee_model === 'fixed' ? 'fee_fixed' : 'fee_percent'] =
      to[after.fee_model === 'fixed' ? 'fee_fixed' : 'fee_percent'];
  return changes as PartnerUpdateRequest;
}
