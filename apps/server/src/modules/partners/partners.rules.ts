import type { PartnerFeeModel } from '@evcms/contracts/partners';
import { isActive, type Status } from '@evcms/contracts/status';

/** Rules of software rental partners (PRODUCT.md 'Software rental partner'), as plain functions. */

// ---- The fee's terms

export interface FeeTerms {
  feeModel: PartnerFeeModel;
  feeFixedTyiyn: number | null;
  feePercentBp: number | null;
}

/**
 * The columns the model keeps: the model's own amount, the other one emptied (a form that kept
 * both values after a change of model sends both). Undefined `missing` names the field the model
 * needs and lacks.
 */
export function feeColumns(
  model: PartnerFeeModel,
  fixedTyiyn: number | null | undefined,
  percentBp: number | null | undefined,
): FeeTerms | { missing: 'fee_fixed' | 'fee_percent' } {
  if (model === 'fixed')
    return fixedTyiyn == null
      ? { missing: 'fee_fixed' }
      : { feeModel: model, feeFixedTyiyn: fixedTyiyn, feePercentBp: null };
  return percentBp == null
    ? { missing: 'fee_percent' }
    : { feeModel: model, feeFixedTyiyn: null, feePercentBp: percentBp };
}

/** Like other resources (PRODUCT.md 'Deletion'): an active partner stays until deactivated. */
export function canDelete(partner: { status: Status }): boolean {
  return !isActive(partner.status);
}

// ---- The fee due for a period

/** The percent model: the share of the turnover, rounded down to the tyiyn (the partner is never billed a fraction up). */
export function percentFee(turnoverTyiyn: number, percentBp: number): number {
  return Number((BigInt(turnoverTyiyn) * BigInt(percentBp)) / 10_000n);
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Days in the month of `date` (YYYY-MM-DD). */
function daysInMonth(date: string): number {
  const [year, month] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The fixed model: the monthly fee for each calendar month the period touches, from the later of
 * the period's start and the partner's start date, to the period's end (both days included). A
 * whole month costs the monthly fee whatever its length; a part of a month its share by days
 * (days covered / days of that month), rounded down to the tyiyn, month by month. 0 when the
 * partner starts after the period.
 */
export function fixedFee(monthlyTyiyn: number, period: { from: string; to: string }, startedOn: string): number {
  const first = Math.max(dayNumber(period.from), dayNumber(startedOn));
  const last = dayNumber(period.to);
  let fee = 0;
  for (let day = first; day <= last;) {
    const date = dateOf(day);
    const monthDays = daysInMonth(date);
    const monthLast = day - Number(date.slice(8, 10)) + monthDays;
    const covered = Math.min(last, monthLast) - day + 1;
    fee += covered === monthDays ? monthlyTyiyn : Math.floor((monthlyTyiyn * covered) / monthDays);
    day = monthLast + 1;
  }
  return fee;
}

/** What the partner owes for the period: its model's fee over the turnover of the charges counted for it. */
export function feeDue(
  terms: FeeTerms & { startedOn: string },
  period: { from: string; to: string },
  turnoverTyiyn: number,
): number {
  if (terms.feeModel === 'percent') return percentFee(turnoverTyiyn, terms.feePercentBp ?? 0);
  return fixedFee(terms.feeFixedTyiyn ?? 0, period, terms.startedOn);
}
