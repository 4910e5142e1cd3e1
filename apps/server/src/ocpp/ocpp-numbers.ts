import { faultError } from './rpc/rpc-errors.ts';

/*
 * OCPP's integers have no bound in the JSON schemas; the database keeps charge numbers
 * (transactionId) and connector ids as int4 and meter readings as int8, and a statement would
 * fail past their range. Such a number is refused as a broken frame, never as our failure.
 */

const INT4_MAX = 2 ** 31 - 1;

/** Whether a number a charge point sent can be a charge number or a connector id at all. */
export function isInt4(value: number): boolean {
  return Number.isInteger(value) && value >= -INT4_MAX - 1 && value <= INT4_MAX;
}

function refuse(field: string, value: number, range: string): never {
  throw faultError('value:numberOutOfRange', `${field} must be a whole number ${range}`, { [field]: value });
}

/** Refuses an id no record can have: below `min`, or past the database's integer. */
export function checkId(field: string, value: number, min = 0): void {
  if (!isInt4(value) || value < min) refuse(field, value, `from ${min} to ${INT4_MAX}`);
}

/** Refuses a meter reading (Wh) below zero or too large to count exactly. */
export function checkMeterWh(field: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) refuse(field, value, `of Wh from 0 to ${Number.MAX_SAFE_INTEGER}`);
}
