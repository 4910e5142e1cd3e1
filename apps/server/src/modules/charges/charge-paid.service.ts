import type { ChargeResult, ChargeStatus } from '@evcms/contracts/charges';
import type { Db } from '../../db/client.ts';
import { seam } from '../../lib/seam.ts';

/*
 * The seams of a settled charge: what other modules do in the settling transaction, registered
 * like the discount (charge-discounts.service.ts), so the charges module imports none of them.
 * - Paid (modules/referrals rewards the invited driver's first one): its settlement debited more
 *   than 0. A charge a promotion paid in full, or one that delivered nothing, is not paid.
 * - Settled (modules/analytics counts it): every charge completeCharge settled, once.
 */

export interface PaidCharge {
  id: number;
  driverId: number;
  debitTyiyn: number;
  /** When its debit was booked. */
  at: Date;
}

/** A charge as its settlement left it. */
export interface SettledCharge {
  id: number;
  driverId: number;
  /** Its station and merchant, as copied at its start; null once deleted. */
  stationId: number | null;
  merchantId: number | null;
  status: ChargeStatus;
  result: ChargeResult | null;
  finishedAt: Date;
  consumedWh: number;
  totalTyiyn: number;
  discountTyiyn: number;
  promotionId: number | null;
}

/** Runs inside the settling transaction, which holds the charge's row and its driver's balance. */
export type ChargePaid = (tx: Db, charge: PaidCharge) => Promise<void>;
/** Runs inside the settling transaction, after the charge's row was written. */
export type ChargeSettled = (tx: Db, charge: SettledCharge) => Promise<void>;

const paid = seam<[Db, PaidCharge]>();
const settled = seam<[Db, SettledCharge]>();

/** Called by completeCharge (charge-lifecycle.service.ts) once it debited the charge. */
export const chargePaid: ChargePaid = (tx, charge) => paid.call(tx, charge);
/** Called by completeCharge once it settled the charge. */
export const chargeSettled: ChargeSettled = (tx, charge) => settled.call(tx, charge);

// ---- For other modules

/** Registers what a paid charge sets off (once, as the app starts). Answers the one replaced. */
export const registerChargePaid = (fn: ChargePaid | null): ChargePaid => paid.register(fn);
/** Registers what a settled charge sets off (once, as the app starts). Answers the one replaced. */
export const registerChargeSettled = (fn: ChargeSettled | null): ChargeSettled => settled.register(fn);
