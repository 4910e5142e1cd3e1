import { eq, like, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** The `search` parameter of lists: a literal, case-insensitive "contains", plus the id when numeric. */

/** A LIKE pattern that matches the text literally anywhere in a value. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A search that is a whole number also matches the id. */
export function searchedId(search: string): number | undefined {
  return /^\d{1,9}$/.test(search) ? Number(search) : undefined;
}

const PHONE_LIKE = /^[\d\s()+-]*\d[\d\s()+-]*$/;

/** Phones are stored as bare digits, so a search typed with the mask (`+996 (555)`) looks for its digits. */
export function phoneSearchText(search: string): string {
  return PHONE_LIKE.test(search) ? search.replace(/\D/g, '') : search;
}

/** Rows whose generated, lower-cased `search_text` contains the search, or its digits when typed as a phone. */
export function searchTextMatches(searchText: PgColumn, search: string): SQL {
  const texts = [...new Set([search, phoneSearchText(search)])];
  // lower() in SQL, as on the column, so both sides are lower-cased by the same rules.
  return or(...texts.map((text) => like(searchText, sql`lower(${containsPattern(text)})`)))!;
}

/** A list's `search` over a record with a `search_text`: that, or the id when the search is a number. */
export function recordSearch(columns: { id: PgColumn; searchText: PgColumn }, search: string): SQL {
  const id = searchedId(search);
  return or(searchTextMatches(columns.searchText, search), id === undefined ? undefined : eq(columns.id, id))!;
}
