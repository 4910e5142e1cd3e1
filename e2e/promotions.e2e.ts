import type { ChargeListItem } from '@evcms/contracts/charges';
import type { Paged } from '@evcms/contracts/common';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choose, openDialog, pickOption, settled } from './support/antd.ts';
import { adminApi, chooseLanguage, expectNoSidewaysScroll, fixture } from './support/app.ts';
import { newContext, signInThroughForm } from './support/browser.ts';
import { aSimulatedStation, type SimulatedStation } from './support/charge-points.ts';
import { seedPayingDriver } from './support/charges.ts';
import { kyrgyzOnly } from './support/kyrgyz.ts';
import { ADMIN } from './support/server.ts';
import { useServerAndBrowser } from './support/suite.ts';

/*
 * Issue 31 as a Kyrgyz-speaking manager lives it: a promotion made on the form for two stations,
 * with happy hours around now; a simulated charge point's charge inside them is discounted, and the
 * discount shows in the charge list, on the driver's balance and in the promotions report.
 */

const ID_TAG = 'E2E-PROMO-TAG';
const TITLES = { ky: 'Кечки арзандатуу', ru: 'Вечерняя скидка', en: 'Evening discount' };
const driver = { driverId: 0, name: '' };
const suite = useServerAndBrowser(
  {},
  { seed: async (dataDir) => void Object.assign(driver, await seedPayingDriver(dataDir, ID_TAG)) },
);
const expectKyrgyzOnly = kyrgyzOnly(['promotions', 'components']);

let page: Page;
let first: SimulatedStation;
let second: SimulatedStation;

beforeAll(async () => {
  first = await aSimulatedStation(suite.server, 'PROMO-A-');
  second = await aSimulatedStation(suite.server, 'PROMO-B-');
  await first.chargePoint.start();
  const context = await newContext(suite.browser, suite.server.url);
  page = await context.newPage();
  await signInThroughForm(page, ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await first?.chargePoint.stop();
});

/** Bishkek's wall clock (UTC+6, no daylight saving) at `at`: `DD.MM.YYYY` and minutes of the day. */
function bishkek(at: Date) {
  const local = new Date(at.getTime() + 6 * 3_600_000);
  const day = `${String(local.getUTCDate()).padStart(2, '0')}.${String(local.getUTCMonth() + 1).padStart(2, '0')}.${local.getUTCFullYear()}`;
  return { day, minutes: local.getUTCHours() * 60 + local.getUTCMinutes() };
}
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const som = (value: number) => value.toFixed(2).replace('.', ',');

/** Types a date-time or a time into an antd picker and confirms it. */
async function typeIntoPicker(label: string, text: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await settled(page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)'));
  await input.fill(text);
  await input.press('Enter');
  await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').waitFor({ state: 'hidden' });
}

describe('a promotion in Kyrgyz, applied to a real charge', () => {
  it('is created on the form for two stations, with happy hours around now', async () => {
    await chooseLanguage(page, 'KG', 'ky');
    await page.goto('/promotions');
    await page.getByText('Сизде азырынча акциялар жок').waitFor();
    await page.getByRole('button', { name: 'Акция түзүү' }).click();
    await page.waitForURL(/\/promotions\/creating-promotion$/);

    await page.locator('input[type="file"]').setInputFiles(fixture('station.png'));
    const crop = await openDialog(page, 'Сүрөттү кесүү');
    await expect.poll(() => crop.getByTestId('crop-done').isEnabled()).toBe(true);
    await crop.getByTestId('crop-done').click();
    await crop.waitFor({ state: 'detached' });

    await choose(page, page.getByLabel('Демилгечи', { exact: true }), 'Компания');
    await page.getByLabel('Арзандатуу, %', { exact: true }).fill('20');

    const stations = page.getByLabel('Станциялар', { exact: true });
    for (const station of [first, second]) {
      await stations.click();
      await stations.pressSequentially(station.name.slice(-8));
      await settled(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'));
      await pickOption(page, station.name);
    }
    await page.keyboard.press('Escape');

    const now = new Date();
    const today = bishkek(now);
    const yesterday = bishkek(new Date(now.getTime() - 86_400_000)).day;
    const inMonth = bishkek(new Date(now.getTime() + 30 * 86_400_000)).day;
    await typeIntoPicker('Башталышы', `${yesterday} 00:00`);
    await typeIntoPicker('Аякташы', `${inMonth} 00:00`);
    // The half hour now falls in, and the next: the charge starts inside them, with half an hour to spare.
    const from = Math.floor(today.minutes / 30) * 30;
    await typeIntoPicker('Бактылуу сааттар качантан', hhmm(from));
    await typeIntoPicker('Бактылуу сааттар качанга чейин', hhmm(from + 60));

    await page.getByLabel('Аталышы кыргызча').fill(TITLES.ky);
    await page.getByTestId('stepper-next').click();
    await page.getByLabel('Аталышы орусча').fill(TITLES.ru);
    await page.getByTestId('stepper-next').click();
    await page.getByLabel('Аталышы англисче').fill(TITLES.en);
    await expectNoSidewaysScroll(page, 'promotion-form');
    await page.getByTestId('stepper-submit').click();

    const done = await openDialog(page, 'Акция түзүлдү', { byText: true });
    await done.getByRole('button', { name: 'Макул' }).click();
    await page.waitForURL(/\/promotions$/);
    const row = page.getByRole('row').filter({ hasText: TITLES.ky });
    await row.getByText('20 %').first().waitFor();
    await expectKyrgyzOnly(page);
    await expectNoSidewaysScroll(page, 'promotion-list');
  });

  it('discounts a charge inside its happy hours: in the charge list, on the balance, in the report', async () => {
    const outcome = await first.chargePoint.startSession(ID_TAG, { seconds: 12, powerKw: 22 });
    expect(outcome.status).toBe('completed');
    const api = await adminApi(suite.server);
    const charges = await api.json<Paged<ChargeListItem>>('GET', `/users/transactions/?user=${driver.driverId}`);
    const charge = charges.items[0]!;
    expect(charge.discount).toBeGreaterThan(0);
    expect(charge.discount).toBeCloseTo(Math.floor(charge.amount * 100 * 0.2) / 100, 2);

    await page.goto(`/chargers-list?user=${driver.driverId}`);
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: `№ ${charge.id} кубаттоону ачуу`, exact: true }) });
    await row.getByText(TITLES.ky, { exact: true }).waitFor();
    await row.getByText(som(charge.discount), { exact: true }).first().waitFor();

    await page.goto(`/users/user/${driver.driverId}`);
    const balance = 5_000 - charge.total;
    await expect
      .poll(() => page.getByTestId('driver-balance').innerText())
      .toMatch(new RegExp(`^Баланс\\s+${som(balance).replace(/(\d)(?=(\d{3})+,)/g, '$1\\s?')}\\s*сом`));

    await page.goto('/promotions-report');
    const reported = page.getByRole('row').filter({ hasText: TITLES.ky });
    await reported.getByText(som(charge.discount), { exact: true }).first().waitFor();
    await expectNoSidewaysScroll(page, 'promotions-report');
  });
});
