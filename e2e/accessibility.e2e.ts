import { readFileSync } from 'node:fs';
import axe from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from './support/app.ts';
import { newContext } from './support/browser.ts';
import { seedCharges, type ChargesSeed } from './support/charges.ts';
import { ADMIN } from './support/server.ts';
import { seedStations } from './support/stations.ts';
import { useServerAndBrowser } from './support/suite.ts';

/*
 * Issue 29.16 and 29.5: axe-core on every screen of the route table, and the sign-in screen, in
 * the three languages on a laptop and a phone. No serious or critical violation, an h1 on every
 * page, and no icon that a screen reader reads by antd's English name ('home', 'eye-invisible').
 * One browser context per language and width; its page goes from screen to screen.
 */

type Lang = 'ru' | 'en' | 'ky';
const LANGS: Lang[] = ['ru', 'en', 'ky'];
const WIDTHS = [1440, 390] as const;

const seed = {} as ChargesSeed;
const suite = useServerAndBrowser(
  {},
  { seed: async (dataDir) => void Object.assign(seed, await seedCharges(dataDir)) },
);

/** Every route of the table as `id` and path pattern, read from its source so a new route is visited too. */
const ROUTE_TABLE = [
  ...readFileSync(new URL('../apps/web/src/app/route-table.ts', import.meta.url), 'utf8').matchAll(
    /id: '(\w+)',\s*path: '([^']+)'/g,
  ),
].map(([, id, path]) => ({ id: id!, path: path! }));

/** The screens to visit: each route with its ids filled from the seed; an optional :id both without and with one. */
function screens(ids: { merchant: number; station: number; driver: number; rate: number }): string[] {
  const paths: string[] = [];
  for (const { id, path } of ROUTE_TABLE) {
    // Signing out is not a screen: it leads to the sign-in screen, checked on its own.
    if (id === 'logout') continue;
    const own = path.startsWith('/merchants')
      ? ids.merchant
      : path.startsWith('/users')
        ? ids.driver
        : path.startsWith('/rates')
          ? ids.rate
          : undefined;
    if (path.endsWith('/:id?')) {
      paths.push(path.slice(0, -'/:id?'.length));
      if (own !== undefined) paths.push(path.replace(':id?', String(own)));
      continue;
    }
    const filled = path.replace(':id', String(own)).replace(':stationId', String(ids.station));
    expect(filled, `route ${id}: a parameter the spec cannot fill`).not.toMatch(/:|undefined/);
    paths.push(filled);
  }
  // The banner list's other tabs, kept in its URL (issue 32).
  paths.push('/banners?tab=fullscreen', '/banners?tab=archive-banner', '/banners?tab=archive-fullscreen');
  return paths;
}

let paths: string[] = [];

beforeAll(async () => {
  const api = await adminApi(suite.server);
  const stations = await seedStations(api);
  const rate = await api.json<{ id: number }>('POST', '/payments/', {
    name: 'Type 2 network',
    type: 'default',
    typo: 'type2',
    price: '12.50',
  });
  await api.json('PATCH', `/users/${seed.driverId}/balance/`, { amount: '150.50', reason: 'Cash at the office' });
  paths = screens({ merchant: stations.merchantId, station: stations.other.id, driver: seed.driverId, rate: rate.id });
});

interface Finding {
  rule: string;
  impact: string | null | undefined;
  targets: string[];
}

/** Puts axe-core into the page (once per document) and runs it: the serious and critical findings, and a page without an h1. */
async function audit(page: Page): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    // Only the violations are read: axe then keeps one node of each passing rule, not all of them.
    async () =>
      (await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] })).violations,
  );
  return violations
    .filter((found) => found.impact === 'serious' || found.impact === 'critical' || found.id === 'page-has-heading-one')
    .map((found) => ({
      rule: found.id,
      impact: found.impact,
      targets: found.nodes.map((node) => node.target.join(' ')),
    }));
}

/**
 * Icons a screen reader reaches whose name is antd's English icon name ('home', 'eye-invisible').
 * An icon inside a control named by its own aria-label (antd's copy button) is not read.
 */
function englishIconNames(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[role="img"][aria-label]')]
      .filter((icon) => !icon.closest('[aria-hidden="true"]') && !icon.parentElement?.closest('[aria-label]'))
      .map((icon) => icon.getAttribute('aria-label') ?? '')
      .filter((name) => /^[a-z]+(-[a-z]+)*$/.test(name)),
  );
}

/** Waits until the screen has loaded what it shows: its title (or the sign-in form), and no skeleton or spinner left. */
async function screenShown(page: Page): Promise<void> {
  await page.locator('[data-testid="page-title"], input#email').first().waitFor();
  await expect.poll(() => page.locator('.ant-skeleton, .ant-spin-spinning').count()).toBe(0);
  // Motion is reduced (openContext), but a transition of the app's own could still be half-way:
  // axe would measure the contrast of its colour half-way. Endless ones (a pulse) are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Goes to `to` as the app's own links do: the history moves, and react-router follows it without a reload. */
function navigate(page: Page, to: string): Promise<void> {
  return page.evaluate((path) => {
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

/**
 * Opens a screen inside the running app rather than by loading the page again: a reload costs a
 * third of a second of start-up and a fresh copy of axe per screen, and made this spec the
 * slowest of the suite. The way goes through an address the app does not know, so the screen
 * shown after is surely the one asked for: while a screen's code loads, react-router keeps the
 * previous one on screen, and a screen visited from its sibling (a tab in the address) keeps
 * its title element.
 */
async function visit(page: Page, path: string): Promise<void> {
  await navigate(page, '/not-a-screen-between-audits');
  await page.getByTestId('not-found').waitFor();
  await navigate(page, path);
  await page.getByTestId('not-found').waitFor({ state: 'detached' });
}

async function openContext(browser: Browser, lang: Lang, width: number): Promise<Page> {
  // Without motion (the app honours the system's wish): a colour half-way through its transition
  // is no finding, and waiting out every transition doubled the spec's time.
  const context = await newContext(browser, suite.server.url, { reducedMotion: 'reduce' });
  await context.addInitScript((stored) => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', stored);
  }, lang);
  const page = await context.newPage();
  await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
  return page;
}

/**
 * One test visits every screen of the route table and audits each: a few seconds a screen on a busy
 * two-core machine, so the wait that is called a failure grows with the route table.
 */
const VISIT_TIMEOUT = (ROUTE_TABLE.length + 5) * 5_000;

const pages = new Map<string, Page>();
afterAll(async () => {
  for (const page of pages.values()) await page.context().close();
});

describe.each(LANGS)('in %s', (lang) => {
  it.each(WIDTHS)(
    'at %i px, the sign-in screen and every screen of the route table: no serious or critical axe finding, an h1, no English icon names',
    async (width) => {
      const page = await openContext(suite.browser, lang, width);
      pages.set(`${lang}-${width}`, page);
      const problems: Record<string, Finding[] | string[]> = {};
      const check = async (name: string) => {
        await screenShown(page);
        const findings = await audit(page);
        if (findings.length) problems[name] = findings;
        const icons = await englishIconNames(page);
        if (icons.length) problems[`${name} icons`] = icons;
      };

      await page.goto('/');
      await page.locator(`html[lang="${lang}"]`).waitFor({ state: 'attached' });
      await check('sign-in');
      await page.locator('input#email').fill(ADMIN.email);
      await page.locator('input#password').fill(ADMIN.password);
      // By keyboard: a pointer left on the screen would hover whatever each screen puts under it.
      await page.locator('input#password').press('Enter');
      await page.getByTestId('page-title').waitFor();

      for (const path of paths) {
        await visit(page, path);
        await check(path);
      }
      expect(problems).toEqual({});
    },
    VISIT_TIMEOUT,
  );
});
