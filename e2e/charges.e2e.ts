import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { chooseMany, openDialog, settled, typeDateRange } from './support/antd.ts';
import { expectNoSidewaysScroll } from './support/app.ts';
import { newContext, signInThroughForm } from './support/browser.ts';
import { seedCharges, type ChargesSeed } from './support/charges.ts';
import { ADMIN } from './support/server.ts';
import { useServerAndBrowser } from './support/suite.ts';

const seed = {} as ChargesSeed;
const suite = useServerAndBrowser(
  {},
  { seed: async (dataDir) => void Object.assign(seed, await seedCharges(dataDir)) },
);

const NAME = 'Асанов Бакыт';
const NOTHING_FOUND = 'К сожалению, ничего не найдено. Проверьте правильность данных для поиска.';
const DATES: [string, string] = ['С даты', 'По дату'];

// One manager's session, in Russian (the default language), in order.
let page: Page;

beforeAll(async () => {
  const context = await newContext(suite.browser, suite.server.url);
  page = await context.newPage();
  await signInThroughForm(page, ADMIN.email, ADMIN.password);
});

/** The row of charge `id`, found by its number's button. */
const rowOf = (id: number) =>
  page.getByRole('row').filter({ has: page.getByRole('button', { name: `Открыть зарядку № ${id}`, exact: true }) });

describe('the charges of the users, in Russian', () => {
  it('lists every charge, newest first, as a manager reads it, and opens one with its meter readings', async () => {
    await page.goto('/chargers-list');
    const finished = rowOf(seed.finished);
    await finished.getByRole('link', { name: NAME }).waitFor();
    // Times in Bishkek, a decimal comma, the status in its colour.
    for (const text of [
      '01.03.2024 10:00',
      '01.03.2024 11:30',
      '1 ч 30 мин',
      '12,345',
      '12,50',
      '154,31',
      'Личный баланс',
      'Успешно',
    ]) {
      await finished.getByText(text, { exact: true }).first().waitFor();
    }
    await expect
      .poll(() => finished.getByText('Завершена', { exact: true }).getAttribute('class'))
      .toMatch(/ant-tag-green/);
    await rowOf(seed.refused).getByText('Неизвестная метка', { exact: true }).waitFor();
    await rowOf(seed.running).getByText('Идёт зарядка', { exact: true }).waitFor();
    await rowOf(seed.stopped).getByText('Остановлена', { exact: true }).waitFor();
    await expectNoSidewaysScroll(page, 'charges-list');

    await finished.getByRole('button', { name: `Открыть зарядку № ${seed.finished}` }).click();
    const drawer = await openDialog(page, `Зарядка № ${seed.finished}`);
    await drawer.getByText('100,000 кВт·ч', { exact: true }).waitFor();
    await drawer.getByText('112,345 кВт·ч', { exact: true }).waitFor();
    await drawer.getByText('Собственный тариф коннектора', { exact: true }).waitFor();
    await drawer.getByText('Автомобиль отключён', { exact: true }).waitFor();
    await drawer.getByRole('button', { name: 'Закрыть' }).click();
    await drawer.waitFor({ state: 'hidden' });
  });

  it('filters by status and by the start’s period, and the address keeps the filters', async () => {
    await page.goto('/chargers-list');
    await rowOf(seed.refused).waitFor();

    await chooseMany(page, page.getByLabel('Статусы', { exact: true }), ['Завершена', 'Остановлена']);
    await page.waitForURL(/status=finished%2Cstopped/);
    await rowOf(seed.refused).waitFor({ state: 'detached' });
    await rowOf(seed.running).waitFor({ state: 'detached' });
    await rowOf(seed.finished).waitFor();
    await rowOf(seed.stopped).waitFor();

    const period = page.getByRole('group', { name: 'Дата начала' });
    await typeDateRange(page, period, DATES, '02.03.2024', '02.03.2024');
    await page.waitForURL(/period__from=2024-03-02&period__to=2024-03-02/);
    await rowOf(seed.finished).waitFor({ state: 'detached' });
    await rowOf(seed.stopped).waitFor();

    // A reload (or a shared link) brings the same list back.
    await page.reload();
    await rowOf(seed.stopped).waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    const statuses = page.locator('.ant-select', { has: page.getByLabel('Статусы', { exact: true }) });
    await expect.poll(() => statuses.innerText()).toMatch(/Завершена/);

    await typeDateRange(page, period, DATES, '01.01.2020', '31.12.2020');
    await page.getByText(NOTHING_FOUND, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Сбросить фильтры' }).click();
    await rowOf(seed.refused).waitFor();
    expect(new URL(page.url()).search).toBe('');
  });

  it('refuses a charge number with letters under the field, filters by how charges were started, and shows a running total as not yet known', async () => {
    await page.goto('/chargers-list');
    await rowOf(seed.refused).waitFor();
    const number = page.getByLabel('Номер зарядки', { exact: true });
    await number.fill('abc-1');
    await page.getByText('Введите целое число', { exact: true }).waitFor();
    expect(await number.getAttribute('aria-invalid')).toBe('true');
    // Never sent: the address and the rows stay as they were.
    await rowOf(seed.refused).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await number.fill('');

    await chooseMany(page, page.getByLabel('Способ запуска', { exact: true }), ['Приложение']);
    await page.waitForURL(/source=app/);
    await rowOf(seed.refused).waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    // Charging: its total is not 0 beside a growing amount.
    await rowOf(seed.running).getByTestId('charge-total-running').getByText('— идёт', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Сбросить фильтры' }).click();
    await rowOf(seed.refused).waitFor();
  });

  it('keeps both statuses picked in quick turn on a slow processor', async () => {
    // The router renders a navigation as a transition; on a slow device the second pick used to
    // land before the first was committed, and the address kept only the second.
    const cpu = await page.context().newCDPSession(page);
    await page.goto('/chargers-list');
    await rowOf(seed.refused).waitFor();
    try {
      await cpu.send('Emulation.setCPUThrottlingRate', { rate: 8 });
      await chooseMany(page, page.getByLabel('Статусы', { exact: true }), ['Завершена', 'Остановлена']);
    } finally {
      await cpu.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cpu.detach();
    }
    await page.waitForURL(/status=finished%2Cstopped/);
    await rowOf(seed.refused).waitFor({ state: 'detached' });
    await rowOf(seed.stopped).waitFor();
  });

  it('shows a driver’s charges on their page, and leads to the list narrowed to them', async () => {
    await page.goto(`/users/user/${seed.driverId}`);
    const card = page.getByTestId('driver-charges');
    await card.getByRole('button', { name: `Открыть зарядку № ${seed.running}` }).waitFor();
    await card.getByRole('button', { name: `Открыть зарядку № ${seed.finished}` }).waitFor();
    await expect.poll(() => card.getByRole('row').count()).toBe(3);
    await expectNoSidewaysScroll(page, 'driver-charges');

    await card.getByRole('link', { name: 'Открыть в списке зарядок' }).click();
    await page.waitForURL(`**/chargers-list?user=${seed.driverId}`);
    await page.getByTestId('charges-driver').getByText(`Пользователь: ${NAME}`).waitFor();
    await rowOf(seed.finished).waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(3);
  });

  it('downloads the filtered charges as csv', async () => {
    await page.goto('/chargers-list?status=finished');
    await rowOf(seed.finished).waitFor();
    await page.getByTestId('export-button').click();
    const menu = await settled(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)'));
    const [download] = await Promise.all([page.waitForEvent('download'), menu.getByText('CSV (.csv)').click()]);
    expect(download.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile(await download.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // Only the one finished charge, laid out for a Russian Excel: semicolons, decimal commas, times in Bishkek, the phone unmarked.
    expect(lines).toHaveLength(2);
    const cells = lines[1]!.split(';');
    expect(cells[0]).toBe(String(seed.finished));
    for (const text of [
      NAME,
      'Ала-Тоо ru',
      '2024-03-01 10:00:00',
      '12,345',
      '154,31',
      'Успешно',
      'Автомобиль отключён',
    ])
      expect(cells).toContain(text);
    expect(cells[2]).toMatch(/^\+996\d{9}$/);
  });
});
