import type { ConnectorType } from '@evcms/contracts/catalog';
import type { RateType, RateUpdate } from '@evcms/contracts/rates';
import { isActive, type Status } from '@evcms/contracts/status';

/** Rules of rates, as plain functions over records and requests. */

// ---- Editing and deletion (spec 4)

/** Active rates cannot be deleted. */
export function canDelete(rate: { status: Status }): boolean {
  return !isActive(rate.status);
}

/** Active rates cannot be edited; changing only their status (deactivating) is not an edit. */
export function canEdit(rate: { status: Status }, input: RateUpdate): boolean {
  if (!isActive(rate.status)) return true;
  return Object.entries(input).every(([field, value]) => field === 'status' || value === undefined);
}

// ---- One active rate per connector type (and merchant)

/** What an activation is checked by: a rate's kind, type and merchants. */
export interface RateSlot {
  id: number;
  name: string;
  type: RateType;
  typo: ConnectorType;
  merchantIds: readonly number[];
}

export type ActivationConflict =
  /** Another default rate of the type is active. */
  | { kind: 'default'; rival: RateSlot }
  /** `merchantId` has another active personal rate of the type. */
  | { kind: 'personal'; rival: RateSlot; merchantId: number };

/**
 * The first rule that activating `activating` (in order) breaks, given the rates that are active
 * and stay so: at most one active default rate per connector type, and at most one active personal
 * rate per merchant and connector type. Two rates activated together are checked against each
 * other too; a rate already active does not conflict with itself.
 */
export function activationConflict(
  activating: readonly RateSlot[],
  active: readonly RateSlot[],
): ActivationConflict | undefined {
  const defaults = new Map<ConnectorType, RateSlot>();
  const personal = new Map<string, RateSlot>();
  const key = (merchantId: number, typo: ConnectorType) => `${merchantId}:${typo}`;
  const take = (rate: RateSlot) => {
    if (rate.type === 'default') defaults.set(rate.typo, rate);
    else for (const merchantId of rate.merchantIds) personal.set(key(merchantId, rate.typo), rate);
  };
  const activatingIds = new Set(activating.map((rate) => rate.id));
  for (const rate of active) if (!activatingIds.has(rate.id)) take(rate);
  for (const rate of activating) {
    if (rate.type === 'default') {
      const rival = defaults.get(rate.typo);
      if (rival && rival.id !== rate.id) return { kind: 'default', rival };
    } else {
      for (const merchantId of rate.merchantIds) {
        const rival = personal.get(key(merchantId, rate.typo));
        if (rival && rival.id !== rate.id) return { kind: 'personal', rival, merchantId };
      }
    }
    take(rate);
  }
  return undefined;
}
