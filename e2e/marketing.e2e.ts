import type { Banner } from '@evcms/contracts/banners';
import type { ChargeListItem } from '@evcms/contracts/charges';
import type { Paged } from '@evcms/contracts/common';
import type { Driver } from '@evcms/contracts/drivers';
import type { PromoCode } from '@evcms/contracts/promo-codes';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDialog, settled } from './support/antd.ts';
import { adminApi, chooseLanguage, expectNoSidewaysScroll, fixture } from './support/app.ts';
import { newContext, signInThroughForm } from './support/browser.ts';
import { aDriver } from '../apps/server/src/test/builders/drivers.ts';
import { aSimulatedStation, type SimulatedStation } from './support/charge-points.ts';
import { seedPayingDriver, withDatabase } from './support/charges.ts';
import { ADMIN } from './support/server.ts';
import { useServerAndBrowser } from './support/suite.ts';

/*
 * Issue 32 as a Russian-speaking manager lives it: a banner made on the form expires and is found
 * in the archive; promo codes generated on their list, one applied on a driver's card; the bonuses
 * of an invitation set, the payer linked to an inviter on the card, and both credited when the
 * payer's first charge at a simulated charge point is paid.
 */

const PAYER_TAG = 'E2E-MARKETING-TAG';
const payer = { driverId: 0, name: '' };
const inviter = { driverId: 0 };
const suite = useServerAndBrowser(
  {},
  {
    seed: async (dataDir) => {
      Object.assign(payer, await seedPayingDriver(dataDir, PAYER_TAG));
      inviter.driverId = await withDatabase(dataDir, async (database) => {
        const made = await aDriver(database, { surname: 'Токтогулова', firstName: 'Айгерим', phone: '996555654321' });
        return made.id;
      });
    },
  },
);
let page: Page;
let station: SimulatedStation | undefined;

beforeAll(async () => {
  const context = await newContext(suite.browser, suite.server.url);
  page = await context.newPage();
  await signInThroughForm(page, ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await station?.chargePoint.stop();
  await page?.context().close();
});

/** Bishkek's wall clock (UTC+6, no daylight saving) `days` from now, as the pickers take it: `DD.MM.YYYY 00:00`. */
function bishkekDay(days: number): string {
  const local = new Date(Date.now() + days * 86_400_000 + 6 * 3_600_000);
  const dd = String(local.getUTCDate()).padStart(2, '0');
  const mm = String(local.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}.${mm}.${local.getUTCFullYear()} 00:00`;
}

/** Types a date-time into an antd picker and confirms it with its OK button (Enter would also submit the form). */
async function typeIntoPicker(label: string, text: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  const dropdown = await settled(page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)'));
  await input.fill(text);
  await dropdown.locator('.ant-picker-ok button').click();
  await dropdown.waitFor({ state: 'hidden' });
}

describe('marketing in Russian', () => {
  it('a banner made on the form expires and is found in the archive', async () => {
    const name = 'Зимняя акция E2E';
    await chooseLanguage(page, 'RU', 'ru');
    await page.goto('/banners');
    await page.getByText('У вас пока нет баннеров').waitFor();
    await page.getByRole('button', { name: 'Создать баннер' }).click();
    await page.waitForURL(/\/banners\/create-banner$/);

    await page.getByLabel('Название', { exact: true }).fill(name);
    await page.getByLabel('Ссылка', { exact: true }).fill('https://evcms.example.kg/winter');
    await page.locator('input[type="file"]').setInputFiles(fixture('station.png'));
    const crop = await openDialog(page, 'Обрезка фото');
    await expect.poll(() => crop.getByTestId('crop-done').isEnabled()).toBe(true);
    await crop.getByTestId('crop-done').click();
    await crop.waitFor({ state: 'detached' });
    await page.getByLabel('Текст кнопки', { exact: true }).fill('Подробнее');
    await page.getByLabel('Цвет кнопки', { exact: true }).fill('#087575');
    await typeIntoPicker('Запуск', bishkekDay(-1));
    await typeIntoPicker('Завершение', bishkekDay(30));
    await expectNoSidewaysScroll(page, 'banner-form');
    await page.getByTestId('banner-submit').click();
    const done = await openDialog(page, 'Баннер создан', { byText: true });
    await done.getByRole('button', { name: 'Хорошо' }).click();
    await page.waitForURL(/\/banners(\?.*)?$/);
    await page.getByRole('row').filter({ hasText: name }).waitFor();

    // Its completion brought to a few seconds from now, as a manager's edit could; then time passes.
    const api = await adminApi(suite.server);
    const list = await api.json<{ items: Banner[] }>('GET', '/ads/banners/?type=banner&archive=false');
    const made = list.items.find((item) => item.name === name)!;
    const end = new Date(Date.now() + 3_000);
    await api.json('PATCH', `/ads/banners/${made.id}/`, { end_at: end.toISOString() });
    await expect.poll(() => Date.now(), { timeout: 20_000 }).toBeGreaterThan(end.getTime());

    await page.reload();
    await page.getByText('У вас пока нет баннеров').waitFor();
    await page.getByRole('tab', { name: 'Архив баннеров' }).click();
    const archived = page.getByRole('row').filter({ hasText: name });
    await archived.getByText('Завершён').waitFor();
    await expectNoSidewaysScroll(page, 'banner-archive');
  });

  it('promo codes generated on their list, one applied on a driver card, once', async () => {
    await page.goto('/list-of-promotional-codes');
    await page.getByText('У вас пока нет промокодов').waitFor();
    await page.getByRole('button', { name: 'Сгенерировать коды' }).click();
    const dialog = await openDialog(page, 'Генерация промокодов');
    await dialog.getByLabel('Префикс', { exact: true }).fill('ZIMA');
    await dialog.getByLabel('Сколько кодов', { exact: true }).fill('5');
    await dialog.getByLabel('Бонус', { exact: true }).fill('150');
    await dialog.getByRole('button', { name: 'Сгенерировать' }).click();
    const done = await openDialog(page, 'Сгенерировано промокодов: 5', { byText: true });
    await done.getByRole('button', { name: 'Хорошо' }).click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'ZIMA-' }).count()).toBe(5);
    await expectNoSidewaysScroll(page, 'promo-codes');

    const api = await adminApi(suite.server);
    const codes = await api.json<Paged<PromoCode>>('GET', '/ads/promo-codes/?search=zima');
    const code = codes.items[0]!.code;

    await page.goto(`/users/user/${payer.driverId}`);
    await page.getByRole('button', { name: 'Применить промокод' }).click();
    let apply = await openDialog(page, `Промокод для ${payer.name}`);
    await apply.getByLabel('Промокод', { exact: true }).fill(code.toLowerCase());
    await apply.getByRole('button', { name: 'Применить' }).click();
    const applied = await openDialog(page, 'Промокод применён', { byText: true });
    await applied.getByText('Новый баланс: 5 150,00 сом').waitFor();
    await applied.getByRole('button', { name: 'Хорошо' }).click();
    await expect.poll(() => page.getByTestId('driver-balance').innerText()).toMatch(/5\s?150,00\s*сом/);

    // The same driver again: refused with the reason, nothing credited.
    await page.getByRole('button', { name: 'Применить промокод' }).click();
    apply = await openDialog(page, `Промокод для ${payer.name}`);
    await apply.getByLabel('Промокод', { exact: true }).fill(code);
    await apply.getByRole('button', { name: 'Применить' }).click();
    await apply.getByText('Пользователь уже использовал этот промокод максимальное число раз').waitFor();
    await apply.getByRole('button', { name: 'Отмена' }).click();
    await expect.poll(() => page.getByTestId('driver-balance').innerText()).toMatch(/5\s?150,00\s*сом/);
  });

  it("an inviter set on the payer's card; the payer's first paid charge credits both bonuses", async () => {
    await page.goto('/list-of-referrals');
    await page.getByText('Приглашённых пользователей пока нет').waitFor();
    const settings = page.getByTestId('referral-settings');
    await settings.getByLabel('Бонус пригласившему', { exact: true }).fill('100');
    await settings.getByLabel('Бонус приглашённому', { exact: true }).fill('50');
    await settings.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Бонусы сохранены').waitFor();

    const api = await adminApi(suite.server);
    const invitedBy = await api.json<Driver>('GET', `/users/${inviter.driverId}/`);
    await page.goto(`/users/user/${payer.driverId}`);
    await page.getByRole('button', { name: 'Указать пригласившего' }).click();
    const dialog = await openDialog(page, `Пригласивший пользователя ${payer.name}`);
    await dialog
      .getByLabel('Реферальный код пригласившего', { exact: true })
      .fill(invitedBy.referral_code.toLowerCase());
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByTestId('driver-inviter').getByText('Токтогулова Айгерим').waitFor();

    station = await aSimulatedStation(suite.server, 'REF-');
    await station.chargePoint.start();
    const outcome = await station.chargePoint.startSession(PAYER_TAG, { seconds: 12, powerKw: 22 });
    expect(outcome.status).toBe('completed');
    const charges = await api.json<Paged<ChargeListItem>>('GET', `/users/transactions/?user=${payer.driverId}`);
    const charge = charges.items[0]!;
    expect(charge.total).toBeGreaterThan(0);

    await page.goto('/list-of-referrals');
    const row = page.getByRole('row').filter({ hasText: 'Токтогулова Айгерим' });
    await row.getByText('Начислено').waitFor();
    await row.getByText('100,00').first().waitFor();
    await row.getByText('50,00').first().waitFor();
    await expectNoSidewaysScroll(page, 'referrals');

    // The payer: 5,150 som after the promo code, less the charge, plus 50; the inviter: 100.
    const som = (value: number) =>
      value
        .toFixed(2)
        .replace('.', ',')
        .replace(/(\d)(?=(\d{3})+,)/g, '$1\\s?');
    await page.goto(`/users/user/${payer.driverId}`);
    await expect
      .poll(() => page.getByTestId('driver-balance').innerText())
      .toMatch(new RegExp(`${som(5_150 - charge.total + 50)}\\s*сом`));
    await page.goto(`/users/user/${inviter.driverId}`);
    await expect.poll(() => page.getByTestId('driver-balance').innerText()).toMatch(/100,00\s*сом/);
  });
});
