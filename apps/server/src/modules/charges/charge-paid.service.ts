import type { Db } from '../../db/client.ts';

/*
 * The seam of a paid charge: what another module does in the settling transaction when a charge
 * was completed and debited (modules/referrals rewards the invited driver's first one). Registered
 * like the discount (charge-discounts.service.ts), so the charges module imports none of them.
 * A charge is paid when its settlement debited more than 0: a charge a promotion paid in full, or
 * one that delivered nothing, is not.
 */

export interface PaidCharge {
  id: number;
  driverId: number;
  debitTyiyn: number;
  /** When its debit was booked. */
  at: Date;
}

/** Runs inside the settling transaction, which holds the charge's row and its driver's balance. */
export type ChargePaid = (tx: Db, charge: PaidCharge) => Promise<void>;

const nothing: ChargePaid = async () => {};
let onChargePaid: ChargePaid = nothing;

/** Called by completeCharge (charge-lifecycle.service.ts) once it debited the charge. */
export function chargePaid(tx: Db, charge: PaidCharge): Promise<void> {
  return onChargePaid(tx, charge);
}

// ---- For other modules

/** Registers what a paid charge sets off (once, as the app starts; a later call replaces it). Answers the one replaced. */
export function registerChargePaid(fn: ChargePaid | null): ChargePaid {
  const replaced = onChargePaid;
  onChargePaid = fn ?? nothing;
  return replaced;
}
