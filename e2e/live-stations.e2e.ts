import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choose, openDialog, settled } from './support/antd.ts';
import { expectNoSidewaysScroll } from './support/app.ts';
import { newContext, signInThroughForm } from './support/browser.ts';
import { aSimulatedStation, type SimulatedStation } from './support/charge-points.ts';
import { seedPayingDriver } from './support/charges.ts';
import { ADMIN } from './support/server.ts';
import { useServerAndBrowser } from './support/suite.ts';

/*
 * The live back office (issue 12): a simulated charge point, run in this process by the
 * simulator's library, connects to the e2e server; the manager watches its card and the charge
 * list change by themselves, and stops its charge from the list. Nothing here reloads a page: a
 * mark left on the window proves it.
 */

const ID_TAG = 'E2E-LIVE-TAG';
const driver = { driverId: 0, name: '' };
const suite = useServerAndBrowser(
  {},
  { seed: async (dataDir) => void Object.assign(driver, await seedPayingDriver(dataDir, ID_TAG)) },
);

// One manager's session, in Russian (the default language), in order.
let page: Page;
let station: SimulatedStation;
let session: ReturnType<SimulatedStation['chargePoint']['startSession']> | undefined;
let chargeId: number;

beforeAll(async () => {
  station = await aSimulatedStation(suite.server, 'LIVE-');
  const context = await newContext(suite.browser, suite.server.url);
  page = await context.newPage();
  await signInThroughForm(page, ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await station?.chargePoint.stop();
});

const cardPath = () => `/merchants/merchant/${station.merchantId}/station-info/${station.stationId}`;
/** Set on the window once a page is open; a reload would lose it. */
const markPage = () => page.evaluate(() => Object.assign(window, { notReloaded: true }));
const stillSamePage = () => page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);
const online = () => page.getByTestId('station-details').locator('[data-testid="station-online"][data-online="true"]');
const connectors = () => page.getByTestId('connector-view');
const chargeRow = () =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Открыть зарядку № ${chargeId}`, exact: true }) });

describe('a station live on the back office, in Russian', () => {
  it("goes online on its card when its charge point connects, with its connectors' statuses and its OCPP messages", async () => {
    await page.goto(cardPath());
    await page
      .getByTestId('station-details')
      .locator('[data-testid="station-online"][data-online="false"]')
      .getByText('Не в сети')
      .waitFor();
    await page.getByText('Станция ещё не обменивалась сообщениями', { exact: true }).waitFor();
    await markPage();

    await station.chargePoint.start();
    await online().getByText('В сети', { exact: true }).waitFor();
    await connectors().nth(0).locator('[data-status="Available"]').getByText('Свободен').waitFor();
    await connectors().nth(1).locator('[data-status="Available"]').waitFor();
    // The log: the boot came in, its answer went out.
    const log = page.getByTestId('station-message-log');
    const boot = log.getByRole('row').filter({ hasText: 'BootNotification' });
    await boot.filter({ hasText: 'От станции' }).first().waitFor();
    await boot.filter({ hasText: 'К станции' }).first().waitFor();
    expect(await stillSamePage()).toBe(true);
  });

  it('shows a charge in progress on the card, in the station list and in the charge list; the card fits a phone with its log', async () => {
    session = station.chargePoint.startSession(ID_TAG, { connectorId: 1, seconds: 3600 });
    const charge = connectors().nth(0).getByTestId('connector-charge');
    await charge.locator('[data-status="in_progress"]').getByText('Идёт зарядка').waitFor();
    await charge.getByRole('link', { name: driver.name, exact: true }).waitFor();
    const number = charge.getByRole('link', { name: /^Зарядка № \d+ в списке зарядок$/ });
    chargeId = Number(await number.innerText());
    expect(chargeId).toBeGreaterThan(0);
    await connectors().nth(0).locator('[data-status="Charging"]').getByText('Зарядка').waitFor();
    await commandsAskFirstDuringTheCharge();
    // The log, its newest frame expanded.
    const log = page.getByTestId('station-message-log');
    await log.getByRole('row').filter({ hasText: 'StartTransaction' }).first().waitFor();
    await log.getByRole('button', { name: 'Развернуть строку' }).first().click();
    await log.getByTestId('message-payload').waitFor();
    expect(await stillSamePage()).toBe(true);
    await expectNoSidewaysScroll(page, 'station-live-card');

    // The merchant's station list says it too, and fits a phone.
    await page.goto(`/merchants/merchant/${station.merchantId}`);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: station.name, exact: true }) });
    await row.locator('[data-online="true"]').getByText('В сети', { exact: true }).waitFor();
    await row.getByTestId('list-connector').nth(0).locator('[data-status="Charging"]').waitFor();
    await row.getByTestId('list-connector').nth(1).locator('[data-status="Available"]').waitFor();
    // It has booted: no longer new.
    expect(await row.getByText('Новая', { exact: true }).count()).toBe(0);
    await expectNoSidewaysScroll(page, 'station-live-list');

    // From the card, the charge's number leads to the charge list narrowed to it.
    await row.getByRole('link', { name: station.name, exact: true }).click();
    await page.getByRole('link', { name: `Зарядка № ${chargeId} в списке зарядок` }).click();
    await page.waitForURL(`**/chargers-list?search_by_tx_id=${chargeId}`);
    await chargeRow().getByText('Идёт зарядка', { exact: true }).waitFor();
    await chargeRow().getByText(driver.name, { exact: true }).waitFor();
  });

  it('is stopped by the manager from the charge list, by keyboard, and shows as stopped without a reload', async () => {
    await markPage();
    const stop = chargeRow().getByRole('button', { name: `Остановить зарядку № ${chargeId}` });
    await stop.focus();
    await page.keyboard.press('Enter');
    const dialog = await openDialog(page, `Остановить зарядку № ${chargeId}?`, { byText: true });
    await dialog.getByText(`Пользователь: ${driver.name}`, { exact: true }).waitFor();
    await dialog.getByText(`Станция: ${station.name}`, { exact: true }).waitFor();
    // The dialog's Stop has the focus: Enter sends.
    await expect
      .poll(() =>
        dialog.getByRole('button', { name: 'Остановить' }).evaluate((button) => button === document.activeElement),
      )
      .toBe(true);
    await page.keyboard.press('Enter');

    await page.getByText('Запрос успешно отправлен', { exact: true }).waitFor();
    await chargeRow().locator('[data-status="stopped"]').getByText('Остановлена', { exact: true }).waitFor();
    // Ended, the charge offers no stop.
    await stop.waitFor({ state: 'detached' });
    expect(await stillSamePage()).toBe(true);
    expect(await session).toMatchObject({ status: 'completed', transactionId: chargeId, reason: 'Remote' });
  });
});

/** Unlocking the charging connector, or taking the station out of service, preselects nothing, names the running charge and asks first. */
async function commandsAskFirstDuringTheCharge() {
  await page.getByRole('button', { name: 'Разблокировать коннектор' }).click();
  const unlock = await openDialog(page, 'Разблокировать коннектор');
  await unlock.getByText('Выберите коннектор', { exact: true }).waitFor();
  await unlock.getByRole('combobox').click();
  await settled(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'));
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: /^Коннектор 1 · / })
    .click();
  await unlock.getByRole('button', { name: 'Разблокировать', exact: true }).click();
  let question = await openDialog(page, 'Разблокировать коннектор 1 во время зарядки?', { byText: true });
  await question.getByText(`На коннекторе 1 идёт зарядка № ${chargeId}.`, { exact: true }).waitFor();
  await question.getByRole('button', { name: 'Отмена' }).click();
  await question.waitFor({ state: 'detached' });
  await unlock.getByRole('button', { name: 'Отмена' }).click();
  await unlock.waitFor({ state: 'hidden' });

  await page.getByRole('button', { name: 'Доступность' }).click();
  const availability = await openDialog(page, 'Изменить доступность');
  await choose(page, availability.getByRole('combobox'), 'Вся станция');
  await availability.getByText('Не в работе', { exact: true }).click();
  await availability.getByRole('button', { name: 'Отправить' }).click();
  question = await openDialog(page, `Вывести станцию «${station.name}» из работы?`, { byText: true });
  await question.getByText(`На коннекторе 1 идёт зарядка № ${chargeId}.`, { exact: true }).waitFor();
  await question.getByRole('button', { name: 'Отмена' }).click();
  await question.waitFor({ state: 'detached' });
  await availability.getByRole('button', { name: 'Отмена' }).click();
  await availability.waitFor({ state: 'hidden' });
}
