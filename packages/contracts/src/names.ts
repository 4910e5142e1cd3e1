import type { Lang } from './i18n.ts';

/*
 * Tables of names: a fixed set of words (a charge's status, a payment method, OCPP's own words)
 * and what the back office calls each in every language. The key is what is stored and sent; the
 * name is what a screen or an export shows. A table is written
 * `{ word: { ru, en, ky }, ... } as const satisfies Record<string, Names>`.
 */

/** A word's name in each language. */
export type Names = Record<Lang, string>;

/** A table's keys in its order, as the non-empty tuple `z.enum` takes. */
export function namesKeys<K extends string>(table: Readonly<Record<K, Names>>): [K, ...K[]] {
  return Object.keys(table) as [K, ...K[]];
}
