import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Bus } from '../../lib/bus.ts';
import { perDatabase } from '../../lib/prepared.ts';
import {
  countPaidCharges,
  type ChargeDiscount,
  type DiscountedCharge,
  type DiscountFor,
} from '../charges/charge-discounts.service.ts';
import { holdBalance } from '../drivers/ledger.service.ts';
import { listOffers, listStationOffers } from './promotion-discounts.repository.ts';
import { bestOffer, candidates, chargesAsked, type Offer } from './promotion-discounts.rules.ts';

/*
 * The promotions' side of the money seam (charges/charge-discounts.service.ts): which promotion
 * gives a charge its discount (promotion-discounts.rules.ts). Meter readings ask on every reading,
 * so on that path the promotions are held in memory per database handle, indexed by station, read
 * again after a change (promotionsChanged, here or in another process on the bus) or at the latest
 * OFFERS_FRESH_MS after the last read (a notice lost); the driver's history is counted once per
 * charge. The settlement, which decides what is debited, reads both afresh in its transaction,
 * holding the driver's row, so concurrent stops of one driver count each other once, in turn.
 */

/** How stale the readings' promotions may be when another process's notice was lost (docs/decisions.md). */
export const OFFERS_FRESH_MS = 30_000;
/** Promotions ended this long ago still price the charges that started inside them. */
const ENDED_WITHIN_DAYS = 3;
/** Running charges whose driver's history is remembered, per database handle. */
const HISTORY_MEMO_MAX = 50_000;

/** Bumped by every change in this process: each handle's book compares it with the one it was read at. */
let generation = 0;

interface OfferBook {
  byStation: Map<number, Offer[]>;
  generation: number;
  readAt: number;
}

const memory = perDatabase(() => ({
  book: undefined as Promise<OfferBook> | undefined,
  /** Charge id -> its driver's paid charges counted up to what its candidates asked. */
  history: new Map<number, { count: number; upTo: number }>(),
}));

async function readBook(db: Db, at: number): Promise<OfferBook> {
  const byStation = new Map<number, Offer[]>();
  for (const { stationIds, ...offer } of await listOffers(db, ENDED_WITHIN_DAYS)) {
    for (const stationId of stationIds) {
      const list = byStation.get(stationId);
      if (list) list.push(offer);
      else byStation.set(stationId, [offer]);
    }
  }
  return { byStation, generation: at, readAt: Date.now() };
}

/** The book of `db`'s handle, read again when a change was made since or it is older than OFFERS_FRESH_MS. */
async function offerBook(db: Db): Promise<OfferBook> {
  const held = memory(db);
  for (;;) {
    const pending = held.book;
    if (pending) {
      const book = await pending.catch(() => undefined);
      if (book && book.generation === generation && Date.now() - book.readAt < OFFERS_FRESH_MS) return book;
      // Another reading has started the next read meanwhile: wait for that one.
      if (held.book !== pending) continue;
    }
    // One read for the readings that wait together; a failed read is not kept.
    const reading = readBook(db, generation);
    held.book = reading;
    reading.catch(() => {
      if (held.book === reading) held.book = undefined;
    });
    return reading;
  }
}

async function rememberedHistory(db: Db, charge: DiscountedCharge & { driverId: number }, upTo: number) {
  const { history } = memory(db);
  const known = history.get(charge.id);
  if (known && known.upTo >= upTo) return known.count;
  const count = await countPaidCharges(db, charge.driverId, charge.id, upTo);
  if (history.size >= HISTORY_MEMO_MAX) history.delete(history.keys().next().value!);
  history.set(charge.id, { count, upTo });
  return count;
}

function chosen(best: ReturnType<typeof bestOffer>): ChargeDiscount | null {
  return best && { promotionId: best.offer.id, discountTyiyn: best.discountTyiyn };
}

/** `discountFor` of the seam: registered as the app starts (promotions.routes.ts). */
export const promotionDiscountFor: DiscountFor = async (db, charge, moment) => {
  const { stationId, driverId } = charge;
  if (stationId === null || driverId === null || charge.amountTyiyn <= 0) return null;
  const now = new Date();
  if (moment === 'settlement' || is(db, PgTransaction)) {
    const found = candidates(await listStationOffers(db, stationId, charge.startedAt), charge, now);
    if (!found.length) return null;
    const upTo = chargesAsked(found);
    if (upTo === 0) return chosen(bestOffer(found, charge.amountTyiyn, 0));
    if (moment === 'settlement') await holdBalance(db, driverId);
    const earlier = await countPaidCharges(db, driverId, charge.id, upTo);
    return chosen(bestOffer(found, charge.amountTyiyn, earlier));
  }
  const offers = (await offerBook(db)).byStation.get(stationId);
  if (!offers) return null;
  const found = candidates(offers, charge, now);
  if (!found.length) return null;
  const upTo = chargesAsked(found);
  const earlier = upTo === 0 ? 0 : await rememberedHistory(db, { ...charge, driverId }, upTo);
  return chosen(bestOffer(found, charge.amountTyiyn, earlier));
};

// ---- For other modules

const CHANGES_CHANNEL = 'promotions-changed';
/** The buses this process tells of its changes (one per app; tests build several). */
const announcers = new Set<() => void>();

/** Call after a write to promotions or their stations has committed: the next reading reads them again, here and in the processes sharing the bus. */
export function promotionsChanged(_db: Db): void {
  generation += 1;
  for (const announce of announcers) announce();
}

/**
 * Shares changes with the other processes on `bus` (PostgreSQL's LISTEN/NOTIFY), so their readings
 * read the promotions again at once; a notice lost with a dropped connection is made good by
 * OFFERS_FRESH_MS. Answers the function that stops sharing (as the app closes).
 */
export function sharePromotionChanges(bus: Bus, log: FastifyBaseLogger): () => void {
  const stopListening = bus.subscribe(CHANGES_CHANNEL, () => {
    generation += 1;
  });
  const announce = () =>
    void bus
      .publish(CHANGES_CHANNEL, {})
      .catch((error: unknown) => log.warn({ err: error }, 'promotions change not shared'));
  announcers.add(announce);
  return () => {
    announcers.delete(announce);
    stopListening();
  };
}
