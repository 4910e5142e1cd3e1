/** Languages of the interface and of localised API responses. `ru` is the default and fallback. */
export const LANGUAGES = ['ru', 'en', 'ky'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = 'ru';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Picks the first supported language of an Accept-Language header
 * ("en-US,en;q=0.9,ru;q=0.8" -> "en"), honouring q-values; `kg` is read as `ky`.
 */
export function pickLang(header: string | undefined | null): Lang {
  if (!header) return DEFAULT_LANG;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { base: tag.toLowerCase().split('-')[0] ?? '', weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { base } of ranked) {
    const lang = base === 'kg' ? 'ky' : base;
    if (isLang(lang)) return lang;
  }
  return DEFAULT_LANG;
}
