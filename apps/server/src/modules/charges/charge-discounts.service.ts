import type { Db } from '../../db/client.ts';
import { countPaidCharges as countPaid } from './charge-history.repository.ts';
import { chargePrice, discountedPrice, type ChargePrice } from './charges.rules.ts';

/*
 * The money seam of a charge: its price (charges.rules.ts chargePrice) with the discount of the
 * promotion that applies, asked of one function the promotions module registers (PRODUCT.md
 * 'Which promotion applies'). Settlement, the running amount of each meter reading and so the
 * prepaid stop all price a charge here, so promotions plug in without touching the OCPP handlers.
 * Until one is registered no charge has a discount.
 */

/** What a promotion is chosen by: the charge's start, station and driver, and its amount so far. */
export interface DiscountedCharge {
  id: number;
  stationId: number | null;
  driverId: number | null;
  startedAt: Date;
  consumedWh: number;
  /** Tyiyn per kWh, fixed at the start. */
  priceTyiyn: number;
  /** Energy x price, before any discount (chargePrice). */
  amountTyiyn: number;
}

/** The promotion applied to a charge and its discount in tyiyn (bounded to the amount by chargePrice). */
export interface ChargeDiscount {
  promotionId: number;
  discountTyiyn: number;
}

/**
 * When a discount is asked for: a meter reading's running amount (on `db` as the reading is
 * written: the telemetry connection, outside a transaction; asked on every reading, so it must be
 * cheap), or the settlement at the stop (inside the settling transaction: what is debited).
 */
export type DiscountMoment = 'reading' | 'settlement';

/** The promotions module's choice for a charge, or null when none applies. */
export type DiscountFor = (db: Db, charge: DiscountedCharge, moment: DiscountMoment) => Promise<ChargeDiscount | null>;

const noDiscount: DiscountFor = async () => null;
let discountFor: DiscountFor = noDiscount;

/** A charge's price with the promotion that pays part of it: null when none does (no discount left once bounded to the amount). */
export interface DiscountedPrice extends ChargePrice {
  promotionId: number | null;
}

/** What of a charge (its row, or a meter reading's narrow read) its price is chosen by. */
export type PricedCharge = Pick<DiscountedCharge, 'id' | 'stationId' | 'driverId' | 'startedAt' | 'priceTyiyn'>;

/** The charge's price at `consumedWh` (charges.rules.ts chargePrice), less the discount of the promotion that applies. */
export async function discountedChargePrice(
  db: Db,
  charge: PricedCharge,
  consumedWh: number,
  moment: DiscountMoment = 'reading',
): Promise<DiscountedPrice> {
  const { id, stationId, driverId, startedAt, priceTyiyn } = charge;
  const { amountTyiyn } = chargePrice({ consumedWh, priceTyiyn });
  const discount = await discountFor(
    db,
    { id, stationId, driverId, startedAt, consumedWh, priceTyiyn, amountTyiyn },
    moment,
  );
  const price = discountedPrice(amountTyiyn, discount?.discountTyiyn ?? 0);
  return { ...price, promotionId: discount && price.discountTyiyn > 0 ? discount.promotionId : null };
}

// ---- For other modules

/**
 * Registers the promotions' choice (once, as the app starts; a later call replaces it). Answers
 * the one it replaced, so a test can put it back.
 */
export function registerDiscountFor(choose: DiscountFor | null): DiscountFor {
  const replaced = discountFor;
  discountFor = choose ?? noDiscount;
  return replaced;
}

/**
 * The driver's completed, paid charges (result successful) other than `chargeId`, counted up to
 * `upTo`: the promotions' minimum number of charges asks no more.
 */
export function countPaidCharges(db: Db, driverId: number, chargeId: number, upTo: number): Promise<number> {
  return countPaid(db, driverId, chargeId, upTo);
}
