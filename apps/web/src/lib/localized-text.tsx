import { createElement, type ReactElement } from 'react';
import { LANGUAGES, type Lang } from '@evcms/contracts/i18n';
import { formatMessage, type MessageKey, type MessageParams } from '@evcms/contracts/messages';
import { ApiError, errorText } from './api-error.ts';
import { i18n, useLang } from './i18n.ts';

/**
 * Messages that stay on screen (form field errors, the sign-in error) must follow a language
 * switch. They are kept as elements that compute their text at render, in the current language,
 * instead of as strings made once: a switch re-renders them. Ant Design forms accept an element
 * wherever they take an error message.
 */
function LocalizedText({ text }: { text: (lang: Lang) => string }) {
  return text(useLang());
}

/** An element showing `text(lang)` for the current interface language, re-rendered on a switch. */
export function localizedText(text: (lang: Lang) => string): ReactElement {
  return createElement(LocalizedText, { text });
}

interface MessageRef {
  key: MessageKey;
  params: MessageParams;
}

const patterns = new Map<string, RegExp>();

/** A catalogue template as a pattern: 'at least {min} characters' matches 'at least 8 characters'. */
function patternOf(template: string): RegExp {
  let pattern = patterns.get(template);
  if (!pattern) {
    const parts = template.split(/\{(\w+)\}/);
    const source = parts.map((part, i) => (i % 2 ? `(?<${part}>.+?)` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    pattern = new RegExp(`^${source.join('')}$`, 's');
    patterns.set(template, pattern);
  }
  return pattern;
}

/**
 * The catalogue message a server text is, with its parameters. The server answers in the
 * language the request asked for and sends only the text (PRODUCT.md fixes the error body), but
 * its texts are the same catalogue the web loads: matching the text against the loaded languages'
 * templates (the current one first) recovers the key, so the text can be shown in another
 * language later. Undefined for a text that is none of the catalogue's.
 */
export function messageOfText(text: string): MessageRef | undefined {
  const current = i18n.language;
  const langs = [...LANGUAGES].sort((a, b) => Number(b === current) - Number(a === current));
  for (const lang of langs) {
    const catalogue = i18n.getResourceBundle(lang, 'errors') as Record<MessageKey, string> | undefined;
    if (!catalogue) continue;
    for (const [key, template] of Object.entries(catalogue) as [MessageKey, string][]) {
      const match = patternOf(template).exec(text);
      if (match) return { key, params: { ...match.groups } };
    }
  }
  return undefined;
}

/** A server's message that follows the language when it is one of the catalogue's, else as it came. */
export function serverText(text: string): ReactElement {
  const message = messageOfText(text);
  return message
    ? localizedText((lang) => formatMessage(lang, message.key, message.params))
    : localizedText(() => text);
}

/**
 * What went wrong, for a notification or an alert: an ApiError's first message (its fields' or
 * `detail`), "no connection" when the server was not reached, else `server_error`; in the
 * current language, following a switch.
 */
export function errorMessage(error: unknown): ReactElement {
  if (error instanceof ApiError) {
    if (error.status === 0) return localizedText(() => i18n.t('common:errors.network'));
    return serverText(error.firstMessage());
  }
  return localizedText((lang) => errorText(error, formatMessage(lang, 'server_error')));
}
