import type { CarRequest, Driver, DriverCreateRequest, DriverUpdateRequest, Gender } from '@evcms/contracts/drivers';
import { formatPhone, phoneDigits } from '../../lib/phone-mask.ts';

/**
 * The driver form's fields, as the API names them (the car's parts under `car`): the phone as
 * masked text, text fields as typed ('' for none), the birthday as YYYY-MM-DD, the gender and the
 * car's year null until given. `id_tag` is the first card of a new driver only.
 */
export interface DriverFormValues {
  surname: string;
  first_name: string;
  phone: string;
  email: string;
  gender: Gender | null;
  birthday: string | null;
  licence: string;
  car: { make: string; model: string; year: number | null; colour: string };
  id_tag: string;
  /** A new driver's inviter, by the inviter's referral code ('' for nobody). */
  referral_code: string;
  blocked: boolean;
}

export const EMPTY_DRIVER_FORM: DriverFormValues = {
  surname: '',
  first_name: '',
  phone: '',
  email: '',
  gender: null,
  birthday: null,
  licence: '',
  car: { make: '', model: '', year: null, colour: '' },
  id_tag: '',
  referral_code: '',
  blocked: false,
};

/** The stored driver as the edit form starts. */
export function formValuesOf(driver: Driver): DriverFormValues {
  const { car } = driver;
  return {
    surname: driver.surname,
    first_name: driver.first_name,
    phone: formatPhone(driver.phone),
    email: driver.email ?? '',
    gender: driver.gender,
    birthday: driver.birthday,
    licence: driver.licence ?? '',
    car: { make: car.make ?? '', model: car.model ?? '', year: car.year, colour: car.colour ?? '' },
    id_tag: '',
    referral_code: '',
    blocked: driver.blocked,
  };
}

const text = (value: string | null | undefined) => value?.trim() || null;

function carOf(car: DriverFormValues['car']): CarRequest | null {
  const request = { make: text(car.make), model: text(car.model), year: car.year ?? null, colour: text(car.colour) };
  return Object.values(request).every((part) => part === null) ? null : request;
}

/** The editable fields as the API takes them: the phone's 12 digits, blank text as null. */
function fieldsOf(values: DriverFormValues) {
  return {
    surname: values.surname,
    first_name: values.first_name,
    phone: phoneDigits(values.phone),
    email: text(values.email),
    gender: values.gender ?? null,
    birthday: values.birthday || null,
    licence: text(values.licence),
    car: carOf(values.car),
    blocked: values.blocked,
  };
}

/** POST /users/: what is unknown is left out; the id tag only when one was typed. */
export function toDriverCreateRequest(values: DriverFormValues): DriverCreateRequest {
  const fields = fieldsOf(values);
  const request: DriverCreateRequest = {
    surname: fields.surname,
    first_name: fields.first_name,
    phone: fields.phone,
    blocked: fields.blocked,
  };
  for (const key of ['email', 'gender', 'birthday', 'licence', 'car'] as const) {
    if (fields[key] !== null) Object.assign(request, { [key]: fields[key] });
  }
  const idTag = values.id_tag.trim();
  if (idTag) request.id_tag = idTag;
  const referralCode = values.referral_code.trim();
  if (referralCode) request.referral_code = referralCode;
  return request;
}

/** PATCH /users/{id}/: the fields whose value differs from the stored one; a changed car goes whole, a cleared one as null. */
export function changedFields(before: DriverFormValues, after: DriverFormValues): DriverUpdateRequest {
  const from = fieldsOf(before);
  const to = fieldsOf(after);
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(to) as (keyof typeof to)[]) {
    if (JSON.stringify(to[key]) !== JSON.stringify(from[key])) changes[key] = to[key];
  }
  return changes as DriverUpdateRequest;
}
