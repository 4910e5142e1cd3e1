/** The `search` parameter of lists: a literal, case-insensitive "contains", plus the id when numeric. */

/** A LIKE pattern that matches the text literally anywhere in a value. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A search that is a whole number also matches the id. */
export function searchedId(search: string): number | undefined {
  return /^\d{1,9}$/.test(search) ? Number(search) : undefined;
}
