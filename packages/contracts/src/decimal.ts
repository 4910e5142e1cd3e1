import type { MessageKey } from './messages.ts';
import { z } from './schema.ts';

/*
 * Money, energy and percentages are kept as whole numbers of their smallest unit, so they add up
 * exactly: som as tyiyn, kWh as Wh, percent as basis points. The API speaks decimals; these
 * helpers convert from the decimal's digits, never by multiplying a float.
 */

/** Decimal places of each kind of amount, and so the size of its smallest unit. */
export const DECIMALS = { money: 2, energy: 3, percent: 2 } as const;

const PLAIN_DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

function digitsOf(value: number): string | undefined {
  if (!Number.isFinite(value)) return undefined;
  const text = String(value);
  if (!text.includes('e')) return text;
  // 1e21 and up print in exponent form; only whole numbers that large are plain.
  return Number.isInteger(value) ? BigInt(value).toString() : undefined;
}

/**
 * `12.5` or `'12.50'` with 2 decimals -> 1250. Undefined when the value is not a plain decimal,
 * has more (non-zero) decimals than allowed, or is too large to count exactly.
 */
export function toMinorUnits(value: number | string, decimals: number): number | undefined {
  const text = typeof value === 'number' ? digitsOf(value) : value.trim();
  const match = text === undefined ? null : PLAIN_DECIMAL.exec(text);
  if (!match) return undefined;
  const [, sign, whole = '', fraction = ''] = match;
  if (/[^0]/.test(fraction.slice(decimals))) return undefined;
  const units = Number(whole + fraction.slice(0, decimals).padEnd(decimals, '0'));
  if (!Number.isSafeInteger(units)) return undefined;
  return sign && units !== 0 ? -units : units;
}

/** 1250 with 2 decimals -> 12.5: the double nearest the decimal, which prints as that decimal. */
export function fromMinorUnits(units: number, decimals: number): number {
  return units / 10 ** decimals;
}

export interface DecimalOptions {
  decimals: number;
  /** Bounds in the decimal's own unit (percent, som, kWh), inclusive. */
  min?: number;
  max?: number;
  /** One message for every refusal but a blank value (the merchant's 'The rate must be a percentage'). */
  error?: MessageKey;
}

const isBlank = (input: unknown) =>
  input === undefined || input === null || (typeof input === 'string' && input.trim() === '');

interface Refusal {
  message: MessageKey;
  /** Fill the message's {min} / {max}. */
  minimum?: number;
  maximum?: number;
}

/** The value in minor units, or why it is refused. */
function parseUnits(value: number | string, { decimals, min, max }: DecimalOptions): number | Refusal {
  if (isBlank(value)) return { message: 'field_blank' };
  const units = toMinorUnits(value, decimals);
  if (units === undefined) {
    const text = typeof value === 'number' ? digitsOf(value) : value.trim();
    const match = text === undefined ? null : PLAIN_DECIMAL.exec(text);
    if (!match) return { message: 'number_invalid' };
    if (/[^0]/.test((match[3] ?? '').slice(decimals))) return { message: 'decimal_places', maximum: decimals };
    return { message: 'number_max', maximum: max ?? Number.MAX_SAFE_INTEGER };
  }
  if (min !== undefined && units < (toMinorUnits(min, decimals) ?? -Infinity))
    return { message: 'number_min', minimum: min };
  if (max !== undefined && units > (toMinorUnits(max, decimals) ?? Infinity))
    return { message: 'number_max', maximum: max };
  return units;
}

/**
 * A decimal sent as a number or as numeric text, parsed to whole minor units. It refuses text that
 * is not a number, more decimals than allowed and values out of bounds, each with a field error
 * whose message names the limit (or with `error`, when given, for all but a blank value).
 */
export function decimalUnits(options: DecimalOptions) {
  const { error } = options;
  return z.pipe(
    z.union([z.number(), z.string()], {
      error: (issue) => (isBlank(issue.input) ? 'field_blank' : (error ?? 'number_invalid')),
    }),
    z.transform((value: number | string, ctx) => {
      const parsed = parseUnits(value, options);
      if (typeof parsed === 'number') return parsed;
      const { message, ...bound } = parsed;
      const code = bound.minimum === undefined ? 'too_big' : 'too_small';
      const shown = error && message !== 'field_blank' ? error : message;
      ctx.issues.push({ code, origin: 'number', input: value, inclusive: true, message: shown, ...bound } as never);
      return z.NEVER;
    }),
  );
}
