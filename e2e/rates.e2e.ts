import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { choose, openDialog } from './support/antd.ts';
import { adminApi, chooseLanguage, expectNoSidewaysScroll, saveShot, type AdminApi } from './support/app.ts';
import { newContext, signInThroughForm } from './support/browser.ts';
import { ADMIN } from './support/server.ts';
import { crumbs } from './support/stations.ts';
import { useServerAndBrowser } from './support/suite.ts';

const suite = useServerAndBrowser();

const FIRST = 'Негизги Type 2';
const SECOND = 'Түнкү Type 2';
const REFUSAL = `Бул коннектор түрү үчүн «${FIRST}» демейки тарифи активдүү. Адегенде аны активсиз кылыңыз.`;

// The tests are one manager's session, in order: the rate the first creates is the one the second competes with.
let api: AdminApi;
let page: Page;

beforeAll(async () => {
  api = await adminApi(suite.server);
  const context = await newContext(suite.browser, suite.server.url);
  page = await context.newPage();
  await signInThroughForm(page, ADMIN.email, ADMIN.password);
});

const rowOf = (name: string) => page.getByRole('row', { name: new RegExp(name) });
const switchOf = (name: string) => rowOf(name).getByRole('switch');
/** Flips a row's status switch and confirms the dialog that names the rate. */
async function toggleStatus(name: string, question: string): Promise<void> {
  await switchOf(name).click();
  const dialog = await openDialog(page, question, { byText: true });
  await dialog.getByRole('button', { name: 'Ооба' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('rates, in Kyrgyz', () => {
  it('creates a default rate with a decimal comma price and activates it', async () => {
    await chooseLanguage(page, 'KG', 'ky');
    await page.goto('/rates');
    await page.getByText('Сизде азырынча тарифтер жок').waitFor();
    await expectNoSidewaysScroll(page, 'rates-empty');

    await page.getByRole('button', { name: 'Тариф кошуу' }).click();
    await page.waitForURL('**/rates/edit-rates');
    await expect.poll(() => crumbs(page)).toBe('Тарифтер / Тариф түзүү');
    await page.getByLabel('Аталышы', { exact: true }).fill(FIRST);
    await choose(page, page.getByLabel('Коннектордун түрү', { exact: true }), 'Type 2 (Mennekes)');
    await page.getByText('Бул коннектор түрү үчүн азырынча активдүү демейки тариф жок').waitFor();
    await page.getByLabel('1 кВт·с баасы', { exact: true }).fill('12,5');
    await expectNoSidewaysScroll(page, 'rate-form');
    await page.getByTestId('rate-submit').click();

    const done = await openDialog(page, 'Тариф түзүлдү', { byText: true });
    await done.getByRole('button', { name: 'Макул' }).click();
    await page.waitForURL(/\/rates$/);
    const row = rowOf(FIRST);
    await row.getByText('12,50 сом/кВт·с', { exact: true }).waitFor();
    await row.getByText('Демейки', { exact: true }).waitFor();
    expect(await switchOf(FIRST).isChecked()).toBe(false);

    await toggleStatus(FIRST, `«${FIRST}» тарифин активдештиресизби?`);
    await expect.poll(() => switchOf(FIRST).isChecked()).toBe(true);
    // An active rate is neither edited nor deleted.
    expect(await row.getByRole('button', { name: 'Түзөтүү' }).isDisabled()).toBe(true);
    expect(await row.getByRole('button', { name: 'Өчүрүү' }).isDisabled()).toBe(true);
  });

  it('refuses to activate a second default rate of the type, naming the active one', async () => {
    await api.json('POST', '/payments/', { name: SECOND, type: 'default', typo: 'type2', price: '9.90' });
    await page.reload();
    await rowOf(SECOND).getByText('9,90 сом/кВт·с', { exact: true }).waitFor();

    await toggleStatus(SECOND, `«${SECOND}» тарифин активдештиресизби?`);
    await page.locator('.ant-notification').getByText(REFUSAL, { exact: true }).waitFor();
    expect(await switchOf(SECOND).isChecked()).toBe(false);
    expect(await switchOf(FIRST).isChecked()).toBe(true);
    await expectNoSidewaysScroll(page, 'rates-list');
  });

  it('makes a personal rate for a merchant found by name, and opens it again with the merchant named', async () => {
    await api.json('POST', '/merchants/', {
      name_ru: 'Ош Энергия',
      name_ky: 'Ош Энергиясы',
      name_en: 'Osh Energy',
      agreement_number: 'AGR-OSH-1',
      legal_name: 'ОсОО «Ош Энергия»',
      country: 1,
      city: 1,
      street: 'Ленина, 1',
      phone: '996700000101',
      email: 'osh@example.com',
      percentage: 10,
    });
    await page.getByRole('button', { name: 'Тариф кошуу' }).click();
    await page.waitForURL('**/rates/edit-rates');
    await page.getByLabel('Аталышы', { exact: true }).fill('Ош CCS');
    await page.getByText('Жеке', { exact: true }).click();
    await choose(page, page.getByLabel('Коннектордун түрү', { exact: true }), 'CCS Combo 2');
    await page.getByLabel('1 кВт·с баасы', { exact: true }).fill('8');
    // Without a merchant, the contract's rule refuses the personal rate.
    await page.getByTestId('rate-submit').click();
    await page.getByText('Жеке тариф үчүн жок дегенде бир мерчантты тандаңыз').waitFor();
    const merchants = page.getByLabel('Мерчанттар', { exact: true });
    await merchants.fill('Ош');
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: 'Ош Энергиясы' })
      .click();
    await page.getByText('Жеке тариф үчүн жок дегенде бир мерчантты тандаңыз').waitFor({ state: 'detached' });
    await saveShot(page, 'rate-form-personal');
    await page.getByTestId('rate-submit').click();
    const done = await openDialog(page, 'Тариф түзүлдү', { byText: true });
    await done.getByRole('button', { name: 'Макул' }).click();
    await page.waitForURL(/\/rates$/);

    const row = rowOf('Ош CCS');
    await row.getByText('Жеке', { exact: true }).waitFor();
    await row.getByText('8,00 сом/кВт·с', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Түзөтүү' }).click();
    await page.waitForURL(/\/rates\/edit-rates\/\d+$/);
    await expect.poll(() => crumbs(page)).toBe('Тарифтер / Тарифти түзөтүү');
    await page.locator('.ant-select-selection-item').filter({ hasText: 'Ош Энергиясы' }).waitFor();
    await expectNoSidewaysScroll(page, 'rate-form-edit');
  });
});
