import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { CONNECTOR_TYPES } from '@evcms/contracts/catalog';
import { CHARGE_RESULT_NAMES, CHARGE_STATUSES, PAYMENT_METHODS } from '@evcms/contracts/charges';

/*
 * What a Kyrgyz screen must not show: the Russian and English texts of the web namespaces it uses
 * that Kyrgyz does not share, the other languages' names of the contracts' enumerations (charge
 * statuses and results, payment methods, connector types), and raw
 * text keys. Whole phrases of four letters or more, their placeholders cut out.
 */

type Texts = { [key: string]: string | Texts };
const locale = (lang: string, ns: string) =>
  JSON.parse(readFileSync(new URL(`../../apps/web/src/locales/${lang}/${ns}.json`, import.meta.url), 'utf8')) as Texts;
const flat = (texts: Texts, prefix = ''): [string, string][] =>
  Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value]] : flat(value, `${prefix}${key}.`),
  );
const names: Record<'ru' | 'en' | 'ky', string>[] = [
  CHARGE_STATUSES,
  PAYMENT_METHODS,
  CHARGE_RESULT_NAMES,
  CONNECTOR_TYPES,
].flatMap((set) => Object.values<Record<'ru' | 'en' | 'ky', string>>(set));

/**
 * What a user reads or hears: the page's text, and the placeholders and names of what is not hidden
 * from them. Text marked `translate="no"` (the raw OCPP of the message log) is left out: it is the
 * station's words, shown as sent.
 */
export function readable(page: Page): Promise<string> {
  return page.evaluate(() => {
    const raw = [...document.querySelectorAll<HTMLElement>('[translate="no"]')].map((element) => element.innerText);
    const shown = raw.reduce((text, part) => (part ? text.replace(part, '') : text), document.body.innerText);
    const attributes = ['placeholder', 'aria-label', 'title'];
    const named = [...document.querySelectorAll(attributes.map((name) => `[${name}]`).join(','))]
      .filter((element) => !element.closest('[aria-hidden="true"]'))
      .flatMap((element) => attributes.map((name) => element.getAttribute(name) ?? ''));
    return [shown, ...named].join('\n');
  });
}

/** A check that the page speaks only Kyrgyz, as far as the texts of `namespaces` go. */
export function kyrgyzOnly(namespaces: string[]): (page: Page) => Promise<void> {
  const keys = namespaces.flatMap((ns) => flat(locale('ky', ns)).map(([key]) => key));
  const kyrgyz = new Set(namespaces.flatMap((ns) => flat(locale('ky', ns)).map(([, text]) => text)));
  const foreign = [
    ...['ru', 'en'].flatMap((lang) => namespaces.flatMap((ns) => flat(locale(lang, ns)).map(([, text]) => text))),
    ...names.flatMap((name) => [name.ru, name.en]),
  ]
    .filter((text) => !kyrgyz.has(text) && !names.some((name) => name.ky === text))
    .flatMap((text) => text.split(/\{\w+\}/).map((part) => part.trim()))
    .filter((part) => part.length >= 4)
    // A word Kyrgyz itself uses in a name ('Type' of 'Type 2 (Mennekes)') tells nothing.
    .filter((part) => !names.some((name) => name.ky.includes(part)));
  return async (page) => {
    const text = await readable(page);
    // Whole words: the Russian 'Статус' is the start of the Kyrgyz 'Статусу'.
    const shown = (phrase: string) =>
      new RegExp(`(?<![\\p{L}\\p{N}])${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u').test(
        text,
      );
    expect(foreign.filter(shown), 'Russian or English on a Kyrgyz screen').toEqual([]);
    expect(
      keys.filter((key) => text.includes(key)),
      'raw text keys',
    ).toEqual([]);
  };
}
