import type { ConnectorType } from '@evcms/contracts/catalog';
import type { Rate, RateCreateRequest, RateType, RateUpdateRequest } from '@evcms/contracts/rates';
import { isActive, statusOf } from '@evcms/contracts/status';

/** The rate form's fields: the selects and the price null until chosen, the status as the switch has it. */
export interface RateFormValues {
  name: string;
  type: RateType;
  typo: ConnectorType | null;
  /** Som per kWh. */
  price: number | null;
  active: boolean;
  /** Merchant ids; only a personal rate sends them. */
  merchants: number[];
}

export const EMPTY_RATE_FORM: RateFormValues = {
  name: '',
  type: 'default',
  typo: null,
  price: null,
  active: false,
  merchants: [],
};

/** The stored rate as the edit form starts. */
export function formValuesOf(rate: Rate): RateFormValues {
  return {
    name: rate.name,
    type: rate.type,
    typo: rate.typo,
    price: rate.price,
    active: isActive(rate.status),
    merchants: [...rate.merchants],
  };
}

/**
 * What the API is sent for the form's values. A default rate names no merchants, whatever the
 * hidden picker still holds: switching a personal rate to default sends `merchants: []`. The
 * form's rules have checked the values; a field left empty goes as null and the server says so.
 */
export function toRateRequest(values: RateFormValues): RateCreateRequest {
  return {
    name: values.name.trim(),
    type: values.type,
    typo: values.typo as ConnectorType,
    price: values.price as number,
    status: statusOf(values.active),
    merchants: values.type === 'personal' ? [...values.merchants].sort((a, b) => a - b) : [],
  };
}

/** The fields whose value differs from the stored one: the body of PATCH /payments/{id}/. */
export function changedFields(before: RateFormValues, after: RateFormValues): RateUpdateRequest {
  const from = toRateRequest(before);
  const to = toRateRequest(after);
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(to) as (keyof RateCreateRequest)[]) {
    if (JSON.stringify(to[key] ?? null) !== JSON.stringify(from[key] ?? null)) changes[key] = to[key];
  }
  return changes as RateUpdateRequest;
}
