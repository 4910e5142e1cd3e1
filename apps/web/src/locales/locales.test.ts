import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Lang } from '@evcms/contracts/i18n';

/*
 * Every language must offer the same texts: a key missing in one language shows up as a raw key
 * or a silent fallback to Russian. The folder is read, not listed, so files added later are
 * checked too.
 */
const files = import.meta.glob<{ default: unknown }>('./*/*.json', { eager: true });

type Flat = Map<string, unknown>;

function flatten(value: unknown, path = '', into: Flat = new Map()): Flat {
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, path ? `${path}.${key}` : key, into);
  } else {
    into.set(path, value);
  }
  return into;
}

const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;

/** i18next plural forms (`count_one`, `count_few`) differ by language; compare their base key. */
function baseKey(key: string, keys: Flat): string {
  const match = PLURAL.exec(key);
  return match && keys.has(`${match[1]}_other`) ? `${match[1]}[plural]` : key;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();
}

const byLang = new Map<Lang, Map<string, Flat>>(LANGUAGES.map((lang) => [lang, new Map()]));
const strays: string[] = [];
for (const [path, module] of Object.entries(files)) {
  const match = /^\.\/(\w+)\/([\w-]+)\.json$/.exec(path);
  const namespaces = match ? byLang.get(match[1] as Lang) : undefined;
  if (match && namespaces) namespaces.set(match[2]!, flatten(module.default));
  else strays.push(path);
}
const reference = byLang.get('ru')!;

describe('locale files', () => {
  it('exist, and only for the supported languages', () => {
    expect(reference.size).toBeGreaterThan(0);
    expect(strays).toEqual([]);
  });

  it('have the same namespaces in every language', () => {
    const expected = [...reference.keys()].sort();
    for (const lang of LANGUAGES) expect([...byLang.get(lang)!.keys()].sort(), lang).toEqual(expected);
  });

  it('have the same keys in every language', () => {
    for (const [namespace, ruKeys] of reference) {
      const expected = [...new Set([...ruKeys.keys()].map((key) => baseKey(key, ruKeys)))].sort();
      for (const lang of LANGUAGES) {
        const keys = byLang.get(lang)!.get(namespace) ?? new Map();
        const actual = [...new Set([...keys.keys()].map((key) => baseKey(key, keys)))].sort();
        expect(actual, `${lang}/${namespace}.json`).toEqual(expected);
      }
    }
  });

  it('give every plural the forms its language needs', () => {
    for (const lang of LANGUAGES) {
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      for (const [namespace, keys] of byLang.get(lang)!) {
        const plurals = new Set(
          [...keys.keys()].filter((key) => baseKey(key, keys) !== key).map((key) => PLURAL.exec(key)![1]),
        );
        for (const base of plurals) {
          for (const category of categories)
            expect(keys.has(`${base}_${category}`), `${lang}/${namespace}: ${base}_${category}`).toBe(true);
        }
      }
    }
  });

  it('have no empty values, and the same {placeholders} in every language', () => {
    for (const lang of LANGUAGES) {
      for (const [namespace, keys] of byLang.get(lang)!) {
        for (const [key, value] of keys) {
          const where = `${lang}/${namespace}.json: ${key}`;
          expect(typeof value === 'string' && value.trim() !== '', where).toBe(true);
          // i18next is configured for {name}; a {{name}} would be shown as typed.
          expect(String(value), where).not.toMatch(/\{\{|\}\}/);
          const ruKeys = reference.get(namespace);
          const ruValue = ruKeys?.get(key) ?? ruKeys?.get(key.replace(PLURAL, '$1_other'));
          if (typeof ruValue === 'string') expect(placeholders(String(value)), where).toEqual(placeholders(ruValue));
        }
      }
    }
  });

  it('write Russian and Kyrgyz in Cyrillic: Latin letters only in abbreviations, file types and proper names', () => {
    const allowed =
      /^(ID|EVSE|OCPP|RFID|TLS|CN|SVG|JPEG|PNG|CSV|XLSX|Excel|iOS|Android|English|jpe?g|png|mp4|xlsx|csv)$/;
    const latin: string[] = [];
    for (const lang of ['ru', 'ky'] as const) {
      for (const [namespace, keys] of byLang.get(lang)!) {
        for (const [key, value] of keys) {
          // {placeholders} are names for the code, not text.
          const words =
            String(value)
              .replace(/\{\w+\}/g, '')
              .match(/[A-Za-z][A-Za-z0-9]*/g) ?? [];
          for (const word of words) if (!allowed.test(word)) latin.push(`${lang}/${namespace}.json: ${key}: ${word}`);
        }
      }
    }
    expect(latin).toEqual([]);
  });
});
