import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { settled } from './support/antd.ts';
import { chooseLanguage, expectNoSidewaysScroll } from './support/app.ts';
import { seedAnalytics, type AnalyticsSeed } from './support/analytics.ts';
import { newContext, signInThroughForm } from './support/browser.ts';
import { ADMIN } from './support/server.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { readWorkbook, sheetValues } from '../apps/server/src/test/spreadsheets.ts';

/*
 * Issue 33: the main screen of a network with a month of charges, in the three languages: the
 * figures count them, and each chart draws them and gives them as a table.
 */

const seed = {} as AnalyticsSeed;
const suite = useServerAndBrowser(
  {},
  { seed: async (dataDir) => void Object.assign(seed, await seedAnalytics(dataDir)) },
);

let page: Page;
beforeAll(async () => {
  const context = await newContext(suite.browser, suite.server.url);
  page = await context.newPage();
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInThroughForm(page, ADMIN.email, ADMIN.password);
});

const LANGS = [
  ['ru', 'RU', 'Зарядки', 'Показать таблицей'],
  ['ky', 'KG', 'Кубаттоолор', 'Таблица катары көрсөтүү'],
  ['en', 'ENG', 'Charges', 'Show as table'],
] as const;

describe('the dashboard', () => {
  it.each(LANGS)(
    'in %s: counts the month’s charges and draws them, with the same figures as a table',
    async (lang, label, charges, showTable) => {
      await chooseLanguage(page, label, lang);
      await page.goto(`/?period__from=${seed.from}&period__to=${seed.to}`);
      const figure = page.getByTestId('figure-charges');
      await expect.poll(() => figure.innerText()).toContain(charges);
      await expect.poll(() => figure.innerText()).toMatch(new RegExp(`\\b${seed.charges}\\b`));

      for (const chart of ['by_weekday', 'by_hour', 'by_day']) {
        const card = page.getByTestId(`chart-${chart}`);
        const canvas = card.locator('canvas[role="img"]');
        await canvas.waitFor();
        // The canvas is named by its totals: every seeded charge is on each chart.
        expect(await canvas.getAttribute('aria-label')).toMatch(new RegExp(`\\b${seed.charges}\\b`));
        const painted = await canvas.evaluate((element: HTMLCanvasElement) => {
          const context = element.getContext('2d')!;
          const { data } = context.getImageData(0, 0, element.width, element.height);
          return data.some((value, i) => i % 4 === 3 && value > 0);
        });
        expect(painted, `${chart} draws something`).toBe(true);
        await card.getByRole('button', { name: showTable }).click();
        const cells = card.locator('tbody td');
        await cells.first().waitFor();
        const numbers = (await cells.allInnerTexts()).map((text) => Number(text.replace(/[\s ,]/g, '')));
        expect(numbers.some((value) => value > 0)).toBe(true);
      }
      await expectNoSidewaysScroll(page, `dashboard-${lang}`);
    },
  );
});

describe('the merchant report', () => {
  it('shows the merchant’s month and its stations, and downloads it as a workbook that opens', async () => {
    await chooseLanguage(page, 'ENG', 'en');
    await page.goto(`/merchant-report?period__from=${seed.from}&period__to=${seed.to}&merchant=${seed.merchantId}`);
    const totals = page.locator('.ant-table-summary');
    await expect.poll(() => totals.innerText()).toMatch(new RegExp(`\\b${seed.charges}\\b`));
    await page
      .getByRole('button', { name: /expand/i })
      .first()
      .click();
    await page
      .getByRole('link', { name: /Ала-Тоо|Дордой/ })
      .first()
      .waitFor();

    await page.getByTestId('export-button').click();
    const menu = await settled(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)'));
    const [download] = await Promise.all([page.waitForEvent('download'), menu.getByText(/xlsx/).click()]);
    expect(download.suggestedFilename()).toMatch(/^merchant-report-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = await readWorkbook(await readFile(await download.path()));
    const rows = sheetValues(book.getWorksheet('Merchant report')!);
    expect(rows[0]).toContain('Merchant share, som');
    // The merchant's row and the totals row, each with every seeded charge at 100.00 som.
    expect(rows.slice(1).map((row) => [row[4], row[6]])).toEqual([
      [seed.charges, seed.charges * 100],
      [seed.charges, seed.charges * 100],
    ]);
  });
});
