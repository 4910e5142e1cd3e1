import { localSecondsOfDay } from '@evcms/contracts/dates';
import { isActive, type Status } from '@evcms/contracts/status';

/*
 * Which promotion gives a charge its discount, and how much (PRODUCT.md 'Which promotion
 * applies'), as plain functions of the promotions and the charge. A charge qualifies by its start:
 * inside the period and, when set, the happy hours (Bishkek time; hours whose start is later than
 * their end run across midnight); by its amount (at least the minimum); by its driver's earlier
 * completed, paid charges (at least the minimum number). Of several, the largest discount wins;
 * a tie goes to the older promotion.
 */

/** A promotion as the discount reads it: money in tyiyn, the percentage in basis points, happy hours in seconds of the day. */
export interface Offer {
  id: number;
  createdAt: Date;
  status: Status;
  startAt: Date;
  endAt: Date;
  happyHoursStart: number | null;
  happyHoursEnd: number | null;
  minChargeTyiyn: number;
  minCharges: number;
  discountBasisPoints: number | null;
  discountTyiyn: number | null;
}

/**
 * Whether the promotion can still give a discount `now`: active, or made inactive only because its
 * end passed (the sweep does that), so a charge that started inside the period keeps the discount it
 * qualified for by its start. A promotion a manager deactivated before its end gives none.
 */
export function stillGives(offer: Pick<Offer, 'status' | 'endAt'>, now: Date): boolean {
  return isActive(offer.status) || offer.endAt <= now;
}

/** Whether `secondOfDay` lies in [start, end), across midnight when start > end. */
export function inHappyHours(start: number, end: number, secondOfDay: number): boolean {
  return start < end ? secondOfDay >= start && secondOfDay < end : secondOfDay >= start || secondOfDay < end;
}

/** Whether a charge started at `startedAt` falls in the promotion's period and happy hours. */
export function coversStart(offer: Offer, startedAt: Date): boolean {
  if (startedAt < offer.startAt || startedAt >= offer.endAt) return false;
  if (offer.happyHoursStart === null || offer.happyHoursEnd === null) return true;
  return inHappyHours(offer.happyHoursStart, offer.happyHoursEnd, localSecondsOfDay(startedAt));
}

/** The discount on `amountTyiyn`: the percentage rounded down to a tyiyn, or the amount; never more than `amountTyiyn`. */
export function discountOf(offer: Pick<Offer, 'discountBasisPoints' | 'discountTyiyn'>, amountTyiyn: number): number {
  const discount =
    offer.discountBasisPoints !== null
      ? Math.floor((amountTyiyn * offer.discountBasisPoints) / 10_000)
      : (offer.discountTyiyn ?? 0);
  return Math.min(Math.max(0, discount), amountTyiyn);
}

/**
 * The promotions a charge qualifies for before its driver's history is asked: still giving,
 * covering its start, and met by its amount. Those that ask no earlier charges need no history.
 */
export function candidates(offers: readonly Offer[], charge: { startedAt: Date; amountTyiyn: number }, now: Date) {
  return offers.filter(
    (offer) =>
      stillGives(offer, now) && coversStart(offer, charge.startedAt) && charge.amountTyiyn >= offer.minChargeTyiyn,
  );
}

/** The largest discount among the candidates the driver's `earlierCharges` qualify for; ties to the older promotion. */
export function bestOffer(
  candidates: readonly Offer[],
  amountTyiyn: number,
  earlierCharges: number,
): { offer: Offer; discountTyiyn: number } | null {
  let best: { offer: Offer; discountTyiyn: number } | null = null;
  for (const offer of candidates) {
    if (earlierCharges < offer.minCharges) continue;
    const discountTyiyn = discountOf(offer, amountTyiyn);
    if (discountTyiyn <= 0) continue;
    if (
      !best ||
      discountTyiyn > best.discountTyiyn ||
      (discountTyiyn === best.discountTyiyn && isOlder(offer, best.offer))
    )
      best = { offer, discountTyiyn };
  }
  return best;
}

function isOlder(a: Offer, b: Offer): boolean {
  const byCreation = a.createdAt.getTime() - b.createdAt.getTime();
  return byCreation < 0 || (byCreation === 0 && a.id < b.id);
}

/** The most earlier charges any candidate asks: how far the driver's history needs counting. */
export function chargesAsked(candidates: readonly Offer[]): number {
  return candidates.reduce((most, offer) => Math.max(most, offer.minCharges), 0);
}
