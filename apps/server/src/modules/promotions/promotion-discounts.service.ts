import type { Db } from '../../db/client.ts';

/*
 * The promotions' side of the money seam (charges/charge-discounts.service.ts): which promotion
 * gives a charge its discount (PRODUCT.md 'Which promotion applies'). Meter readings ask on every
 * reading, so the active promotions are held in memory per database and read again after a change.
 */

// ---- For other modules

/** Call after a write to promotions or their stations has committed: the next discount reads them again. */
export function promotionsChanged(_db: Db): void {
  // Filled in by the discount's implementation (issue 31, 'Applied to charges').
}
