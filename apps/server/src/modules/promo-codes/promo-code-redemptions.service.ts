import type { Paged } from '@evcms/contracts/common';
import type { Db } from '../../db/client.ts';
import { AppError, conflict, fieldError, notFound } from '../../lib/errors.ts';
import { pagedResult, pageRequest, pageWindow } from '../../lib/pagination.ts';
import { managerNames } from '../accounts/accounts.service.ts';
import { getDriver } from '../drivers/drivers.service.ts';
import { postBalanceEntry } from '../drivers/ledger.service.ts';
import {
  promoCodeRedemptionsPage,
  type PromoCodeRedemptionRow,
} from '../read-models/promo-code-redemptions.read-model.ts';
import * as repo from './promo-codes.repository.ts';
import { driverMayRedeem, redemptionReason, refusalOf } from './promo-codes.rules.ts';

/* Redeeming a promo code (the one way a bonus is credited) and a code's redemptions. */

export interface RedemptionRecord extends PromoCodeRedemptionRow {
  managerName: string | null;
  /** Tyiyn credited: the code's bonus, which cannot change once it is redeemed. */
  amountTyiyn: number;
}

/** A code's redemptions, newest first, with the drivers and the managers who applied them; 404 without the code. */
export async function listRedemptions(
  deps: { db: Db },
  promoCodeId: number,
  query: { page?: number | undefined; size?: number | undefined },
): Promise<Paged<RedemptionRecord>> {
  const code = await repo.findPromoCode(deps.db, promoCodeId);
  if (!code) throw notFound();
  const page = pageRequest(query);
  const { rows, total } = await promoCodeRedemptionsPage(deps.db, promoCodeId, pageWindow(page));
  const names = await managerNames(
    deps.db,
    rows.flatMap((row) => (row.managerId === null ? [] : [row.managerId])),
  );
  const items = rows.map((row) => ({
    ...row,
    managerName: row.managerId === null ? null : (names.get(row.managerId) ?? null),
    amountTyiyn: code.bonusTyiyn,
  }));
  return pagedResult(items, total, page);
}

// ---- For other modules

export interface RedemptionInput {
  /** As the driver typed it, in any case. */
  code: string;
  driverId: number;
  /** The manager who applied it on the driver's card; null when the driver did. */
  managerId: number | null;
}

export interface Redemption {
  id: number;
  promoCodeId: number;
  code: string;
  creditTyiyn: number;
  balanceAfterTyiyn: number;
}

/**
 * Redeems a code for a driver, in one transaction: takes one use with the code's conditional UPDATE
 * (status, validity and the total limit checked by the database, the row then locked to the commit,
 * so redemptions of a code follow each other across processes), counts the driver's earlier
 * redemptions under that lock, credits the bonus through the ledger and records the redemption.
 * Refused: an unknown driver 404, a blocked one 409; an unknown code 400 on `code`; inactive, not
 * yet valid, expired, used up or used up by this driver, 409s. A refusal changes nothing.
 */
export async function redeemPromoCode(db: Db, input: RedemptionInput): Promise<Redemption> {
  const code = input.code.trim();
  return db.transaction(async (tx) => {
    const driver = await getDriver({ db: tx }, input.driverId);
    if (driver.blocked) throw conflict('promo_code_driver_blocked');
    const now = new Date();
    const taken = await repo.takeOneUse(tx, code, now);
    if (!taken) {
      const refusal = refusalOf(await repo.findPromoCodeByCode(tx, code), now);
      throw refusal.status === 400 ? fieldError('code', refusal.key) : new AppError(409, refusal.key);
    }
    const earlier = await repo.countDriverRedemptions(tx, taken.id, input.driverId);
    // Thrown inside the transaction: the use taken above is given back with the rollback.
    if (!driverMayRedeem(taken, earlier)) throw conflict('promo_code_already_used');
    const entry = await postBalanceEntry(tx, {
      driverId: input.driverId,
      creditTyiyn: taken.bonusTyiyn,
      reason: redemptionReason(taken.code),
      method: 'promo_code',
      managerId: input.managerId,
    });
    const id = await repo.insertRedemption(tx, {
      promoCodeId: taken.id,
      driverId: input.driverId,
      balanceEntryId: entry.id,
      managerId: input.managerId,
      createdAt: entry.createdAt,
    });
    return {
      id,
      promoCodeId: taken.id,
      code: taken.code,
      creditTyiyn: taken.bonusTyiyn,
      balanceAfterTyiyn: entry.balanceAfterTyiyn,
    };
  });
}
