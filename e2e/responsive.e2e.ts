import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi, chooseLanguage, saveShot, sidewaysScroll } from './support/app.ts';
import { newContext, signInThroughForm } from './support/browser.ts';
import { ADMIN } from './support/server.ts';
import { seedStations } from './support/stations.ts';
import { useServerAndBrowser } from './support/suite.ts';

const suite = useServerAndBrowser();

const LONG_NAME = 'Горная энергия — сеть быстрых зарядных станций Чуйской области';

/** Merchants whose names and legal names are longer than any column gives them. */
beforeAll(async () => {
  const api = await adminApi(suite.server);
  for (const n of [1, 2, 3]) {
    await api.json('POST', '/merchants/', {
      name_ru: `${LONG_NAME} ${n}`,
      name_ky: `Тоо энергиясы — Чүй облусундагы тез кубаттоо станцияларынын тармагы ${n}`,
      name_en: `Mountain Energy, the fast charging network of the Chui region ${n}`,
      agreement_number: `AGR-2024/00${n}-BISHKEK-CENTRAL`,
      legal_name: 'Общество с ограниченной ответственностью «Горная энергия и зарядная инфраструктура»',
      country: 1,
      city: 1,
      street: 'Проспект Чуй, 150',
      phone: `99670000000${n}`,
      email: `energy${n}@example.com`,
      percentage: 10,
    });
  }
});

/**
 * What is not shown whole inside `box`: each element whose text overflows it (cut, with or
 * without an ellipsis), and each word broken across two lines (issue 29.11, 29.12).
 */
function cutTexts(box: Locator): Promise<string[]> {
  return box.evaluate((root) => {
    const found: string[] = [];
    for (const element of [root, ...root.querySelectorAll<HTMLElement>('*')]) {
      if (element.clientWidth > 0 && element.scrollWidth > element.clientWidth)
        found.push(`cut: ${element.textContent}`);
    }
    const texts = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      // A line may end after a hyphen ('бэк-' / 'офиси'), never inside a word.
      for (const word of (node.textContent ?? '').matchAll(/[^\s-]+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        if (new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1)
          found.push(`split: ${word[0]}`);
      }
    }
    return found;
  });
}

const LANGUAGES = [
  ['RU', 'ru'],
  ['ENG', 'en'],
  ['KG', 'ky'],
] as const;

async function openPage(width: number, height: number): Promise<Page> {
  const context = await newContext(suite.browser, suite.server.url);
  const page = await context.newPage();
  await page.setViewportSize({ width, height });
  return page;
}

describe('phones and laptops', () => {
  it('on a 390x844 phone, the menu is a drawer opened from the header and no page scrolls sideways', async () => {
    const page = await openPage(390, 844);
    await page.goto('/');
    await page.locator('input#email').fill(ADMIN.email);
    await page.locator('input#password').fill(ADMIN.password);
    await page.locator('button[type="submit"]').click();

    const menuButton = page.getByRole('button', { name: 'Открыть меню' });
    await menuButton.waitFor();
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    expect(await sidewaysScroll(page)).toBe(0);

    // From the keyboard: the header's button opens the drawer.
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Меню' });
    await drawer.waitFor();
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    await saveShot(page, 'phone-menu', { dialog: true });
    await drawer.getByTestId('menu-merchants_group').click();
    await drawer.getByRole('link', { name: 'Мерчанты', exact: true }).click();

    await page.waitForURL('**/merchants');
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: `${LONG_NAME} 1` }).waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    // The table is wider than a phone: it scrolls inside its card instead of the page.
    const table = page.locator('.ant-table-content');
    expect(await table.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    await saveShot(page, 'phone-merchants');

    for (const path of ['/tags', '/settings']) {
      await page.goto(path);
      await page.getByTestId('breadcrumbs').waitFor();
      expect(await sidewaysScroll(page), path).toBe(0);
    }
    await page.context().close();
  });

  it('on a 1366x768 laptop, the merchant list fits without sideways scrolling and long texts are cut with a tooltip', async () => {
    const page = await openPage(1366, 768);
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await page.goto('/merchants');
    const name = page.getByRole('link', { name: `${LONG_NAME} 1` });
    await name.waitFor();

    expect(await sidewaysScroll(page)).toBe(0);
    const table = page.locator('.ant-table-content');
    expect(await table.evaluate((box) => box.scrollWidth - box.clientWidth)).toBe(0);
    // Every column header, the stations one included, stays on one line: a wrapped text has more than one box.
    const wrapped = await page.locator('.ant-table-thead').evaluate((head) => {
      const texts = document.createTreeWalker(head, NodeFilter.SHOW_TEXT);
      const found: string[] = [];
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        if (range.getClientRects().length > 1) found.push(node.textContent ?? '');
      }
      return found;
    });
    expect(wrapped).toEqual([]);
    expect(await page.getByRole('columnheader', { name: /Станции/ }).count()).toBe(1);

    // A cut name shows itself whole on hover.
    await name.hover();
    await page.getByRole('tooltip', { name: `${LONG_NAME} 1` }).waitFor();
    await saveShot(page, 'laptop-merchants');
    await page.context().close();
  });

  it('on a 390x844 phone, the station card puts each label above its value, and the schedule dialog shows its times whole', async () => {
    const seed = await seedStations(await adminApi(suite.server));
    const page = await openPage(1366, 768);
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/merchants/merchant/${seed.merchantId}/station-info/${seed.other.id}`);
    const details = page.getByTestId('station-details');
    await details.getByText(seed.other.identity).waitFor();
    expect(await sidewaysScroll(page)).toBe(0);

    // Two columns would leave each value a third of the phone and cut words like 'Бейшеналиевой'.
    const layout = await details.evaluate((table) => {
      const box = (cell: Element) => cell.getBoundingClientRect();
      const labels = [...table.querySelectorAll('.ant-descriptions-item-label')];
      const values = [...table.querySelectorAll('.ant-descriptions-item-content')];
      const beside = labels
        .filter((label, i) => box(label).bottom > box(values[i]!).top + 1)
        .map((label) => label.textContent);
      const cut: string[] = [];
      const texts = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          if (new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1) cut.push(word[0]);
        }
      }
      return { pairs: labels.length, beside, cut };
    });
    // 16 fields of the station (its security profile the last added), then its connection (online or not) and last seen.
    expect(layout).toEqual({ pairs: 18, beside: [], cut: [] });
    await saveShot(page, 'phone-station-card');

    // The schedule dialog of the station form: each day's name above its two times, wide enough to read.
    await page.goto(`/merchants/merchant/${seed.merchantId}/edit-station/${seed.other.id}`);
    await page.getByTestId('schedule-open').click();
    const monday = page.getByTestId('schedule-day-1');
    await monday.waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    const widths = await monday
      .locator('.ant-picker')
      .evaluateAll((pickers) => pickers.map((picker) => (picker as HTMLElement).offsetWidth));
    expect(
      widths.every((width) => width >= 100),
      widths.join(', '),
    ).toBe(true);
    await saveShot(page, 'phone-station-schedule', { dialog: true });
    await page.context().close();
  });

  it('on 1440 and 1366 px laptops, in ru, en and ky, every menu label and the product name are whole, wrapping between words', async () => {
    const page = await openPage(1440, 900);
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    const sidebar = page.getByTestId('sidebar');
    for (const [label, lang] of LANGUAGES) {
      await chooseLanguage(page, label, lang);
      // Every group open, so their entries are measured too.
      for (const group of ['merchants_group', 'users_group', 'promotions_group']) {
        const submenu = sidebar.locator('li.ant-menu-submenu').filter({ has: page.getByTestId(`menu-${group}`) });
        if (!(await submenu.evaluate((li) => li.classList.contains('ant-menu-submenu-open'))))
          await page.getByTestId(`menu-${group}`).click();
        await submenu.locator('ul.ant-menu-sub').waitFor();
        await expect
          .poll(() =>
            submenu.locator('ul.ant-menu-sub').evaluate((list) => list.classList.contains('ant-motion-collapse')),
          )
          .toBe(false);
      }
      for (const width of [1440, 1366]) {
        await page.setViewportSize({ width, height: 900 });
        await expect.poll(() => cutTexts(sidebar), { message: `${lang} at ${width} px` }).toEqual([]);
        await saveShot(page, `menu-${lang}-${width}`);
      }
    }
    await page.context().close();
  });

  it('on /extract-balance, in ru, en and ky, the column titles wrap between words only, from 1440 px down to a phone', async () => {
    const page = await openPage(1440, 900);
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await page.goto('/extract-balance');
    const head = page.locator('.ant-table-thead');
    for (const [label, lang] of LANGUAGES) {
      await chooseLanguage(page, label, lang);
      for (const width of [1440, 1366, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await head.waitFor();
        await expect.poll(() => cutTexts(head), { message: `${lang} at ${width} px` }).toEqual([]);
      }
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.getByTestId('sidebar').waitFor();
    }
    await saveShot(page, 'extract-balance-head');
    await page.context().close();
  });
});
