import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDialog, settled, typeDateRange } from './support/antd.ts';
import { adminApi, chooseLanguage, expectNoSidewaysScroll, saveShot } from './support/app.ts';
import { newContext, signInThroughForm } from './support/browser.ts';
import { ADMIN } from './support/server.ts';
import { crumbs } from './support/stations.ts';
import { useServerAndBrowser } from './support/suite.ts';

const suite = useServerAndBrowser();

const NAME = 'Асанов Бакыт';
const REASON = 'Кеңседе накталай төлөндү, № 1024 чек';
const NOTHING_FOUND = 'Тилекке каршы, эч нерсе табылган жок. Издөө маалыматтарынын тууралыгын текшериңиз.';

// The tests are one manager's session, in order: the entry the first writes is the one the second finds.
let page: Page;
let driverId: number;

beforeAll(async () => {
  const api = await adminApi(suite.server);
  // A card customer, registered as a manager would: the balance starts at nothing.
  ({ id: driverId } = await api.json<{ id: number }>('POST', '/users/', {
    surname: 'Асанов',
    first_name: 'Бакыт',
    phone: '996555123456',
    id_tag: '04A1B2C3',
  }));
  const context = await newContext(suite.browser, suite.server.url);
  page = await context.newPage();
  await signInThroughForm(page, ADMIN.email, ADMIN.password);
});

/** Today in Bishkek as the date picker reads it: the ledger's days are Bishkek days. */
function todayInBishkek(): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Bishkek',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts();
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('day')}.${part('month')}.${part('year')}`;
}

/** The placeholders of a day range picker, in Kyrgyz. */
const DAY_RANGE: [string, string] = ['Күндөн', 'Күнгө чейин'];

describe('drivers and their balance, in Kyrgyz', () => {
  it('tops up a driver’s balance by 150,50 with a reason and shows the new balance and the ledger entry', async () => {
    await chooseLanguage(page, 'KG', 'ky');
    await page.goto('/users');
    const row = page.getByRole('row', { name: new RegExp(NAME) });
    await row.getByText('0,00 сом', { exact: true }).waitFor();
    await expectNoSidewaysScroll(page, 'drivers-list');

    await row.getByRole('link', { name: NAME }).click();
    await page.waitForURL(`**/users/user/${driverId}`);
    await expect.poll(() => crumbs(page)).toMatch(new RegExp(`Колдонуучулар / ${NAME}$`));
    const tags = page.getByTestId('driver-id-tags');
    await tags.getByText('04A1B2C3', { exact: true }).waitFor();
    await page.getByTestId('driver-ledger').getByText('Азырынча баланс боюнча операциялар жок').waitFor();

    await page.getByRole('button', { name: 'Балансты толуктоо' }).click();
    const dialog = await openDialog(page, `Балансты толуктоо: ${NAME}`);
    const submit = dialog.getByRole('button', { name: 'Толуктоо', exact: true });
    // Spec 5: a missing amount says 'Top up your balance'.
    await submit.click();
    await dialog.getByText('Балансты толуктаңыз', { exact: true }).waitFor();
    await dialog.getByLabel('Сумма').fill('150,50');
    // The balance it will make, before anything is sent.
    await dialog.getByText('150,50 сом', { exact: true }).waitFor();
    await dialog.getByLabel('Негиздеме').fill(REASON);
    await saveShot(page, 'driver-top-up', { dialog: true });
    await submit.click();

    const done = await openDialog(page, 'Баланс толукталды', { byText: true });
    await done.getByText('Жаңы баланс: 150,50 сом').waitFor();
    await done.getByRole('button', { name: 'Макул' }).click();
    await done.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('driver-balance').innerText()).toMatch(/^Баланс\s+150,50\s*сом/);

    const entry = page.getByTestId('driver-ledger').getByRole('row', { name: new RegExp(REASON) });
    await entry.getByText('Менеджер толуктаган', { exact: true }).waitFor();
    await entry.getByText('+150,50', { exact: true }).waitFor();
    await entry.getByText('150,50 сом', { exact: true }).waitFor();
    await entry.getByText(ADMIN.name, { exact: true }).waitFor();
    await expectNoSidewaysScroll(page, 'driver-detail');
  });

  it('finds the entry in the extract of the balances by period, and nothing in another period', async () => {
    await page.goto('/extract-balance');
    const period = page.getByRole('group', { name: 'Мезгил' });

    await typeDateRange(page, period, DAY_RANGE, '01.01.2020', '31.12.2020');
    await page.waitForURL(/period__from=2020-01-01&period__to=2020-12-31/);
    await page.getByText(NOTHING_FOUND, { exact: true }).waitFor();

    const today = todayInBishkek();
    await typeDateRange(page, period, DAY_RANGE, today, today);
    const iso = today.split('.').reverse().join('-');
    await page.waitForURL(new RegExp(`period__from=${iso}&period__to=${iso}`));
    const entry = page.getByRole('row', { name: new RegExp(REASON) });
    await entry.getByRole('link', { name: NAME }).waitFor();
    await entry.getByText('+150,50', { exact: true }).waitFor();
    await entry.getByText('Менеджер толуктаган', { exact: true }).waitFor();
    await expectNoSidewaysScroll(page, 'balance-extract');
  });

  it('registers a card customer with the first card through the form, and opens their page', async () => {
    await page.goto('/users');
    await page.getByRole('button', { name: 'Кардарды каттоо' }).click();
    await page.waitForURL('**/users/create-edit-user');
    await page.getByLabel('Фамилиясы', { exact: true }).fill('Токтогулова');
    await page.getByLabel('Аты', { exact: true }).fill('Айгерим');
    const phone = page.getByLabel('Телефон', { exact: true });
    await phone.pressSequentially('996700112233');
    // The mask of spec 5 as it is typed.
    await expect.poll(() => phone.inputValue()).toBe('+996 (700) 11-22-33');
    await page.getByLabel('ID-белги', { exact: true }).fill('RFID-7700');
    await expectNoSidewaysScroll(page, 'driver-form');
    await page.getByTestId('driver-submit').click();

    const done = await openDialog(page, 'Кардар катталды', { byText: true });
    await done.getByRole('button', { name: 'Макул' }).click();
    await page.waitForURL(/\/users\/user\/\d+$/);
    await page.getByTestId('driver-id-tags').getByText('RFID-7700', { exact: true }).waitFor();
    await expect.poll(() => crumbs(page)).toMatch(/Колдонуучулар \/ Токтогулова Айгерим$/);
  });

  it('downloads the filtered driver list as csv, headed in Kyrgyz', async () => {
    await page.goto('/users?search=%D0%90%D1%81%D0%B0%D0%BD%D0%BE%D0%B2');
    await page.getByRole('row', { name: new RegExp(NAME) }).waitFor();
    await page.getByTestId('export-button').click();
    const menu = await settled(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)'));
    const [download] = await Promise.all([page.waitForEvent('download'), menu.getByText('CSV (.csv)').click()]);
    expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile(await download.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('Фамилиясы');
    // Only the driver the search selects, with the balance the first test topped up.
    expect(lines).toHaveLength(2);
    // Laid out for a Kyrgyz (as a Russian) Excel: semicolons and decimal commas.
    const cells = lines[1]!.split(';');
    expect(cells).toContain('Асанов');
    expect(cells).toContain('150,50');
  });
});
