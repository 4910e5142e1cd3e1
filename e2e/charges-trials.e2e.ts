import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHARGE_STATUSES } from '@evcms/contracts/charges';
import { aCharge, aChargePoint } from '../apps/server/src/test/builders/charges.ts';
import { aDriver } from '../apps/server/src/test/builders/drivers.ts';
import { openDialog, settled } from './support/antd.ts';
import { chooseLanguage, expectNoSidewaysScroll } from './support/app.ts';
import { newContext, signInThroughForm } from './support/browser.ts';
import { seedCharges, withDatabase, type ChargesSeed } from './support/charges.ts';
import { hasFocus, tabTo } from './support/keyboard.ts';
import { kyrgyzOnly } from './support/kyrgyz.ts';
import { ADMIN } from './support/server.ts';
import { useServerAndBrowser } from './support/suite.ts';

/*
 * The charges screens tried as their users meet them beyond the happy path of charges.e2e.ts: in
 * Kyrgyz on a phone, with the keyboard alone, and with a server that fails or is slow.
 */

/** The seed of charges.e2e.ts, with nine more of Asanov's charges (two pages, on the list and on his card) and a driver with none. */
async function seedTwoPages(dataDir: string): Promise<ChargesSeed & { newcomerId: number }> {
  const charges = await seedCharges(dataDir);
  return withDatabase(dataDir, async (database) => {
    const osh = await aChargePoint(database, { name: 'Ош' });
    for (let day = 1; day <= 9; day++) {
      await aCharge(database, {
        station: osh,
        driverId: charges.driverId,
        startedAt: new Date(Date.UTC(2024, 1, day, 4)),
      });
    }
    const newcomer = await aDriver(database, { surname: 'Жаңыбаев', firstName: 'Айбек', phone: '996777000111' });
    return { ...charges, newcomerId: newcomer.id };
  });
}

const seed = {} as Awaited<ReturnType<typeof seedTwoPages>>;
const suite = useServerAndBrowser(
  {},
  { seed: async (dataDir) => void Object.assign(seed, await seedTwoPages(dataDir)) },
);

const expectKyrgyzOnly = kyrgyzOnly(['charges', 'components']);

// ---- The server, failing or slow, on the list's address only (not the export's, nor a charge's).

const LIST = /\/api\/v1\/users\/transactions\/(\?.*)?$/;

/** Answers the list as `answer` says: 500, or held until `release()` is called, or the real server's answer. */
async function serveList(page: Page) {
  let mode: 'fail' | 'slow' | 'real' = 'real';
  let held: (() => void)[] = [];
  await page.route(LIST, async (route: Route) => {
    if (mode === 'fail')
      return route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' });
    if (mode === 'slow') await new Promise<void>((resolve) => held.push(resolve));
    return route.fallback();
  });
  return {
    answer: (next: typeof mode) => void (mode = next),
    release: () => {
      mode = 'real';
      for (const resolve of held) resolve();
      held = [];
    },
    stop: () => page.unroute(LIST),
  };
}

// One manager's session, in Kyrgyz, in order.
let page: Page;

beforeAll(async () => {
  const context = await newContext(suite.browser, suite.server.url);
  page = await context.newPage();
  await signInThroughForm(page, ADMIN.email, ADMIN.password);
});

const NAME = 'Асанов Бакыт';
const openButton = (id: number) => page.getByRole('button', { name: `№ ${id} кубаттоону ачуу`, exact: true });
const rowOf = (id: number) => page.getByRole('row').filter({ has: openButton(id) });
const FAILED = 'Тизмени жүктөө мүмкүн болгон жок';
const SERVER_FAILED = 'Сервер жооп бере алган жок. Бир аздан кийин кайра аракет кылыңыз.';

describe('the charges, tried in Kyrgyz, by keyboard and against a failing server', () => {
  it('speaks Kyrgyz on a phone: the list, its filters and tags, the empty and nothing-found texts, the drawer, the driver’s card', async () => {
    await chooseLanguage(page, 'KG', 'ky');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/chargers-list');
    await rowOf(seed.refused).getByText('Авторизациядан өткөн жок', { exact: true }).waitFor();
    await rowOf(seed.running).getByText('Кубатталууда', { exact: true }).waitFor();
    await rowOf(seed.stopped).getByText('Токтотулду', { exact: true }).waitFor();
    await rowOf(seed.finished).getByText('Аяктады', { exact: true }).waitFor();
    await rowOf(seed.finished).getByText('Жеке баланс', { exact: true }).waitFor();
    await rowOf(seed.refused).getByText('Белгисиз белги', { exact: true }).waitFor();
    for (const placeholder of ['Кубаттоонун номери', 'Күндөн', 'Күнгө чейин', 'Баштап', 'Чейин']) {
      await page.getByPlaceholder(placeholder).first().waitFor();
    }
    await expectKyrgyzOnly(page);
    await expectNoSidewaysScroll(page, 'charges-ky');

    // The statuses offered are Kyrgyz too (the visible items: antd's hidden list for screen readers names them by aria-label).
    await page.getByLabel('Статустар', { exact: true }).click();
    const options = (await settled(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'))).locator(
      '.ant-select-item-option',
    );
    expect(await options.allInnerTexts()).toEqual(Object.values(CHARGE_STATUSES).map((status) => status.ky));
    await page.keyboard.press('Escape');

    await page.getByPlaceholder('Кубаттоонун номери').fill('999999');
    await page
      .getByText('Тилекке каршы, эч нерсе табылган жок. Издөө маалыматтарынын тууралыгын текшериңиз.', { exact: true })
      .waitFor();
    await page.getByRole('button', { name: 'Чыпкаларды тазалоо' }).waitFor();
    await expectKyrgyzOnly(page);

    // A network with no charges yet: the server's answer of an empty page.
    await page.route(LIST, (route) => route.fulfill({ json: { items: [], page: 1, pages: 1, size: 10, total: 0 } }));
    await page.goto('/chargers-list');
    await page.getByText('Азырынча кубаттоолор жок', { exact: true }).waitFor();
    await page.unroute(LIST);

    await page.goto(`/chargers-list?user=${seed.driverId}`);
    await page.getByTestId('charges-driver').getByText(`Колдонуучу: ${NAME}`).waitFor();
    await page.getByRole('button', { name: 'Бардык колдонуучулардын кубаттоолорун көрсөтүү' }).waitFor();
    await openButton(seed.finished).click();
    const drawer = await openDialog(page, `Кубаттоо № ${seed.finished}`);
    for (const text of ['100,000 кВт·с', '112,345 кВт·с', 'Коннектордун өз тарифи', '154,31 сом'])
      await drawer.getByText(text, { exact: true }).waitFor();
    await expectKyrgyzOnly(page);
    await expectNoSidewaysScroll(page, 'charge-drawer-ky');
    await drawer.getByRole('button', { name: 'Жабуу' }).click();
    await drawer.waitFor({ state: 'hidden' });

    await page.goto(`/users/user/${seed.driverId}`);
    const card = page.getByTestId('driver-charges');
    await card.getByText('Кубаттоолор', { exact: true }).waitFor();
    await card.getByRole('link', { name: 'Кубаттоолордун тизмесинен ачуу' }).waitFor();
    await card.getByText('Аяктады', { exact: true }).first().waitFor();
    await expectKyrgyzOnly(page);
    await expectNoSidewaysScroll(page, 'driver-charges-ky');

    await page.goto(`/users/user/${seed.newcomerId}`);
    await page
      .getByTestId('driver-charges')
      .getByText('Колдонуучунун азырынча кубаттоолору жок', { exact: true })
      .waitFor();
    await expectKyrgyzOnly(page);
    await page.setViewportSize({ width: 1366, height: 850 });
  });

  it('works with the keyboard alone: the pager, a status filter, a charge’s drawer and the export', async () => {
    await page.goto('/chargers-list');
    await openButton(seed.refused).waitFor();

    const next = page.getByTestId('page-next');
    await tabTo(page, next);
    await page.keyboard.press('Enter');
    await page.waitForURL(/[?&]page=2/);
    // The second page holds only the oldest three, of February.
    await openButton(seed.refused).waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('row').count()).toBe(4);
    // The last page has no next one: the focus moves to the previous page's button, not back to the page's start.
    await expect.poll(() => hasFocus(page.getByTestId('page-prev'))).toBe(true);
    await page.keyboard.press('Enter');
    await openButton(seed.refused).waitFor();

    const statuses = page.getByLabel('Статустар', { exact: true });
    await tabTo(page, statuses, { back: true });
    await page.keyboard.press('ArrowDown');
    await settled(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'));
    await page.keyboard.type('Аякт');
    await page.keyboard.press('Enter');
    await page.waitForURL(/status=finished/);
    await page.keyboard.press('Escape');
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden' });
    await openButton(seed.refused).waitFor({ state: 'detached' });

    const open = openButton(seed.finished);
    await tabTo(page, open);
    await page.keyboard.press('Enter');
    const drawer = await openDialog(page, `Кубаттоо № ${seed.finished}`);
    await drawer.getByText('Коннектордун өз тарифи', { exact: true }).waitFor();
    // The focus is held in the drawer while it is open, and back on the number that opened it once Escape closes it.
    await tabTo(page, drawer.getByRole('button', { name: 'Жабуу' }));
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await expect.poll(() => hasFocus(open)).toBe(true);

    const exportButton = page.getByTestId('export-button');
    await tabTo(page, exportButton, { back: true });
    await page.keyboard.press('Enter');
    const menu = await settled(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)'));
    await expect.poll(() => menu.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    // The first format has the focus; the arrow moves it to the next.
    const focusedItem = () => page.evaluate(() => document.activeElement?.textContent);
    await expect.poll(focusedItem).toBe('Excel (.xlsx)');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedItem).toBe('CSV (.csv)');
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    await expect.poll(() => hasFocus(exportButton)).toBe(true);
  });

  it('says in Kyrgyz when the list or its export fails, retries, and waits for a slow server', async () => {
    const server = await serveList(page);
    server.answer('fail');
    await page.goto('/chargers-list');
    const failure = page.getByTestId('load-failure');
    await failure.getByText(FAILED, { exact: true }).waitFor();
    await failure.getByText(SERVER_FAILED, { exact: true }).waitFor();
    await expectKyrgyzOnly(page);
    await expectNoSidewaysScroll(page, 'charges-failed-ky');

    // Slow: the failure stays with its Retry turning, and no claim that there are no charges, until the answer comes.
    server.answer('slow');
    const retry = failure.getByTestId('load-retry');
    await retry.click();
    await expect.poll(() => retry.getAttribute('class')).toMatch(/ant-btn-loading/);
    expect(await page.getByText('Азырынча кубаттоолор жок').count()).toBe(0);
    server.release();
    await openButton(seed.refused).waitFor();
    await failure.waitFor({ state: 'detached' });
    await server.stop();

    await page.route(/\/api\/v1\/users\/transactions\/export\//, (route) =>
      route.fulfill({ status: 500, body: 'Internal Server Error' }),
    );
    let downloads = 0;
    page.on('download', () => void downloads++);
    await page.getByTestId('export-button').click();
    await (await settled(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)'))).getByText('CSV (.csv)').click();
    await page.locator('.ant-message').getByText('Суроо-талапты иштетүүдө ката кетти', { exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('export-button').getAttribute('class')).not.toMatch(/ant-btn-loading/);
    expect(downloads).toBe(0);
    await page.unroute(/\/api\/v1\/users\/transactions\/export\//);
  });

  it('keeps the driver’s page when their charges fail to load, with a retry, and waits for a slow server', async () => {
    const server = await serveList(page);
    server.answer('fail');
    await page.goto(`/users/user/${seed.driverId}`);
    const card = page.getByTestId('driver-charges');
    await card.getByTestId('load-failure').getByText(FAILED, { exact: true }).waitFor();
    await page.getByTestId('driver-details').waitFor();
    await expectKyrgyzOnly(page);
    await expectNoSidewaysScroll(page, 'driver-charges-failed-ky');

    server.answer('slow');
    const retry = card.getByTestId('load-retry');
    await retry.click();
    await expect.poll(() => retry.getAttribute('class')).toMatch(/ant-btn-loading/);
    expect(await card.getByText('Колдонуучунун азырынча кубаттоолору жок').count()).toBe(0);
    server.release();
    // His newest charge heads the card.
    await card.getByRole('button', { name: `№ ${seed.running} кубаттоону ачуу`, exact: true }).waitFor();
    await card.getByTestId('load-failure').waitFor({ state: 'detached' });
    await server.stop();
  });
});
