import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDialog, settled } from './support/antd.ts';
import { chooseLanguage, expectNoSidewaysScroll } from './support/app.ts';
import { newContext, signInThroughForm } from './support/browser.ts';
import { aSimulatedStation, type SimulatedStation } from './support/charge-points.ts';
import { seedPayingDriver } from './support/charges.ts';
import { hasFocus, tabTo } from './support/keyboard.ts';
import { kyrgyzOnly } from './support/kyrgyz.ts';
import { ADMIN } from './support/server.ts';
import { useServerAndBrowser } from './support/suite.ts';

/*
 * A manager starts a charge for a driver from the station card (issue 28.8), as a Kyrgyz-speaking
 * manager on a phone does it with the keyboard alone: the simulated charge point accepts the
 * RemoteStartTransaction and starts, and the card shows the charge running without a reload.
 */

const ID_TAG = 'E2E-REMOTE-TAG';
const driver = { driverId: 0, name: '' };
const suite = useServerAndBrowser(
  {},
  { seed: async (dataDir) => void Object.assign(driver, await seedPayingDriver(dataDir, ID_TAG)) },
);
const expectKyrgyzOnly = kyrgyzOnly(['stations', 'components']);

let page: Page;
let station: SimulatedStation;

beforeAll(async () => {
  station = await aSimulatedStation(suite.server, 'REMOTE-');
  await station.chargePoint.start();
  const context = await newContext(suite.browser, suite.server.url);
  page = await context.newPage();
  await signInThroughForm(page, ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await station?.chargePoint.stop();
});

describe('a remote start from the station card, in Kyrgyz, on a phone, by keyboard', () => {
  it('starts the driver’s charge on the chosen connector, says so, and shows it running on the card', async () => {
    await chooseLanguage(page, 'KG', 'ky');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/merchants/merchant/${station.merchantId}/station-info/${station.stationId}`);
    const connectors = page.getByTestId('connector-view');
    await connectors.nth(1).locator('[data-status="Available"]').waitFor();

    const open = page.getByRole('button', { name: 'Кубаттоону баштоо', exact: true });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = await openDialog(page, 'Колдонуучу үчүн кубаттоону баштоо');
    // Nothing chosen beforehand: the focus waits on the connector.
    const connector = dialog.getByRole('combobox', { name: 'Коннектор' });
    await expect.poll(() => hasFocus(connector)).toBe(true);
    const shown = (select: typeof connector) =>
      select.evaluate((input) => (input.closest('.ant-select') as HTMLElement).innerText.trim());
    expect(await shown(connector)).toBe('Коннекторду тандаңыз');

    // The second connector, by the arrow keys.
    await page.keyboard.press('ArrowDown');
    const list = await settled(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'));
    await list.getByText('Коннектор 2', { exact: false }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => shown(connector)).toMatch(/^Коннектор 2/);

    // The driver, found by a part of the name; the one id tag is the driver's.
    const user = dialog.getByRole('combobox', { name: 'Колдонуучу' });
    await tabTo(page, user);
    await page.keyboard.type('Асан');
    await settled(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last());
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: driver.name })
      .waitFor();
    await page.keyboard.press('Enter');
    await dialog.getByTestId('remote-start-id-tag').getByText(`Идентификатор: ${ID_TAG}`).waitFor();
    await expectKyrgyzOnly(page);
    await expectNoSidewaysScroll(page, 'remote-start-dialog');

    await tabTo(page, dialog.getByRole('button', { name: 'Баштоо', exact: true }));
    await page.keyboard.press('Enter');
    await page.getByText(/^Станция баштоону кабыл алды\. № \d+ кубаттоо унааны күтүүдө\.$/).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The simulated charge point starts at once: the card follows by itself.
    const charge = connectors.nth(1).getByTestId('connector-charge');
    await charge.locator('[data-status="in_progress"]').getByText('Кубатталууда').waitFor();
    await charge.getByRole('link', { name: driver.name, exact: true }).waitFor();
    // The card's message log shows the station's raw words (its StatusNotification says Charging): they stay as sent.
    await page.getByTestId('station-message-log').getByText('"Charging"', { exact: false }).first().waitFor();
    await expectKyrgyzOnly(page);
  });
});
