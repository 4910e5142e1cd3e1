import { localDate, localSecondsOfDay } from '@evcms/contracts/dates';
import type { MessageKey } from '@evcms/contracts/messages';
import {
  PROMO_SUFFIX_ALPHABET,
  PROMO_SUFFIX_LENGTH,
  type PromoCodeCreate,
  type PromoCodeUpdate,
} from '@evcms/contracts/promo-codes';
import { isActive } from '@evcms/contracts/status';
import type { PromoCodeRecord, PromoCodeValues } from './promo-codes.repository.ts';

/* The promo codes' decisions, as plain functions: validity, what a redemption's refusal was, editing, generated codes. */

/** The validity has begun (or is open at the start). */
export function hasStarted(code: Pick<PromoCodeRecord, 'validFrom'>, now: Date): boolean {
  return code.validFrom === null || code.validFrom <= now;
}

/** The validity has ended (its end is an instant not included). */
export function isExpired(code: Pick<PromoCodeRecord, 'validTo'>, now: Date): boolean {
  return code.validTo !== null && code.validTo <= now;
}

/** Uses left in all; null when unlimited. */
export function remainingUses(code: Pick<PromoCodeRecord, 'totalUses' | 'usedCount'>): number | null {
  return code.totalUses === null ? null : Math.max(0, code.totalUses - code.usedCount);
}

export type Refusal = { status: 400 | 409; key: MessageKey };

/**
 * Why a code cannot be redeemed now, read after the redemption's conditional UPDATE took nothing:
 * unknown (a 400 on the code field), inactive, not yet valid, expired or used up (409s), in that order.
 * A code that reads redeemable had its last use taken by a redemption committed in between.
 */
export function refusalOf(code: PromoCodeRecord | undefined, now: Date): Refusal {
  if (!code) return { status: 400, key: 'promo_code_unknown' };
  if (!isActive(code.status)) return { status: 409, key: 'promo_code_inactive' };
  if (!hasStarted(code, now)) return { status: 409, key: 'promo_code_not_yet_valid' };
  if (isExpired(code, now)) return { status: 409, key: 'promo_code_expired' };
  return { status: 409, key: 'promo_code_used_up' };
}

/** The driver may redeem it once more (checked under the code's row lock). */
export function driverMayRedeem(code: Pick<PromoCodeRecord, 'usesPerDriver'>, driverRedemptions: number): boolean {
  return driverRedemptions < code.usesPerDriver;
}

/** The ledger entry's reason: names the code, as a manager reads the ledger. */
export function redemptionReason(code: string): string {
  return `Promo code ${code}`;
}

type Terms = Omit<PromoCodeCreate, 'code'>;

/** The stored values of a code and its terms. */
export function promoCodeValues(code: string, terms: Terms, batch: string | null, managerId: number | null) {
  return {
    code,
    bonusTyiyn: terms.bonus,
    validFrom: terms.valid_from,
    validTo: terms.valid_to,
    totalUses: terms.total_uses,
    usesPerDriver: terms.uses_per_driver,
    status: terms.status,
    batch,
    createdBy: managerId,
  } satisfies PromoCodeValues;
}

/** A code's terms as stored, with the fields of an update laid over them. */
export function mergedTerms(current: PromoCodeRecord, input: PromoCodeUpdate): Terms & { code: string } {
  return {
    code: input.code ?? current.code,
    bonus: input.bonus ?? current.bonusTyiyn,
    valid_from: input.valid_from === undefined ? current.validFrom : input.valid_from,
    valid_to: input.valid_to === undefined ? current.validTo : input.valid_to,
    total_uses: input.total_uses === undefined ? current.totalUses : input.total_uses,
    uses_per_driver: input.uses_per_driver ?? current.usesPerDriver,
    status: input.status ?? current.status,
  };
}

/**
 * Once redeemed, a code's text and bonus stay as the drivers saw them: its redemptions and their
 * ledger entries name that code and credit that bonus (docs/decisions.md 'Promo codes').
 */
export function changesRedeemedFields(current: PromoCodeRecord, input: PromoCodeUpdate): boolean {
  if (current.usedCount === 0) return false;
  return (
    (input.code !== undefined && input.code !== current.code) ||
    (input.bonus !== undefined && input.bonus !== current.bonusTyiyn)
  );
}

/** `prefix-XXXXXXXX` from the unambiguous alphabet; `randomIndex(n)` gives 0..n-1. */
export function generatedCode(prefix: string, randomIndex: (n: number) => number): string {
  let suffix = '';
  for (let i = 0; i < PROMO_SUFFIX_LENGTH; i += 1)
    suffix += PROMO_SUFFIX_ALPHABET[randomIndex(PROMO_SUFFIX_ALPHABET.length)];
  return `${prefix}-${suffix}`;
}

/** `count` codes unique ignoring case among themselves and `taken` (lower-case). */
export function freshCodes(
  prefix: string,
  count: number,
  taken: ReadonlySet<string>,
  randomIndex: (n: number) => number,
): string[] {
  const codes = new Map<string, string>();
  // The alphabet gives 31^8 suffixes: a clash is rare, so a few tries per code are plenty.
  for (let tries = 0; codes.size < count && tries < count * 10; tries += 1) {
    const code = generatedCode(prefix, randomIndex);
    const key = code.toLowerCase();
    if (!taken.has(key)) codes.set(key, code);
  }
  return [...codes.values()];
}

/** The label of a generated batch: its prefix and the minute it was made, on Bishkek's clock as every time the screens show. */
export function batchLabel(prefix: string, at: Date): string {
  const minute = localSecondsOfDay(at) / 60;
  const hhmm = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(Math.floor(minute % 60)).padStart(2, '0')}`;
  return `${prefix} ${localDate(at)} ${hhmm}`;
}
