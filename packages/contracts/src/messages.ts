import type { Lang } from './i18n.ts';
import type { Catalogue, MessageKey } from './messages-en.ts';

/**
 * Every message the server sends and the web forms show for validation and errors, in the three
 * languages (messages-ru.ts, messages-en.ts, messages-ky.ts). Schemas in this package name the
 * keys; the server and the web translate them with `formatMessage`, so a message is written once.
 *
 * The texts are registered rather than imported here, so a browser downloads only the language it
 * shows: the server (and every test) loads all three with `messages-all.ts`, the web app loads the
 * current language's file on demand with its other translations (apps/web/src/lib/i18n.ts).
 */
export type { Catalogue, MessageKey } from './messages-en.ts';

const registry: Partial<Record<Lang, Catalogue>> = {};

export function registerMessages(lang: Lang, catalogue: Catalogue): void {
  registry[lang] = catalogue;
}

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.values(registry).some((catalogue) => Object.hasOwn(catalogue, value));
}

/** A value put into a message; a text in every language (a merchant's name) is shown in the message's own. */
export type MessageParam = string | number | Readonly<Record<Lang, string>>;
export type MessageParams = Record<string, MessageParam>;

/** The text in `lang`, else in Russian (the fallback language), else the key itself. */
export function formatMessage(lang: Lang, key: MessageKey, params: MessageParams = {}): string {
  const template = registry[lang]?.[key] ?? registry.ru?.[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'object' ? value[lang] : String(value);
  });
}

/** The parts of a zod issue (or of a Fastify validation error built from one) that name its message. */
export interface IssueLike {
  message: string;
  minimum?: unknown;
  maximum?: unknown;
}

/** An issue's message in `lang`: its key's text, with the limit it names. */
export function issueMessage(issue: IssueLike, lang: Lang): string {
  const key: MessageKey = isMessageKey(issue.message) ? issue.message : 'invalid_value';
  const params: MessageParams = {};
  if (typeof issue.minimum === 'number' || typeof issue.minimum === 'bigint') params.min = Number(issue.minimum);
  if (typeof issue.maximum === 'number' || typeof issue.maximum === 'bigint') params.max = Number(issue.maximum);
  return formatMessage(lang, key, params);
}
