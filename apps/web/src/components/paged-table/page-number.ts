/**
 * What the page input keeps of a typed value: digits that make a page number of at least 1 stay,
 * an empty field or a lone minus stays (the user is still typing: '-3' must end as 0, not 3), and
 * anything else (below 1, a letter, a fraction) becomes 0, which navigation reads as page 1.
 */
export function sanitizePageInput(raw: string): string {
  const text = raw.trim();
  if (text === '' || text === '-') return text;
  if (!/^\d+$/.test(text)) return '0';
  const value = Number(text);
  return Number.isSafeInteger(value) && value >= 1 ? String(value) : '0';
}

/** The page to go to for a typed value: within 1..pages, page 1 for nothing or 0. */
export function clampPage(value: number, pages: number): number {
  const last = Math.max(1, pages);
  if (!Number.isFinite(value) || value < 1) return 1;
  return Math.min(Math.floor(value), last);
}
