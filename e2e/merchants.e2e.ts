import { describe, expect, it } from 'vitest';
import { choose, openDialog } from './support/antd.ts';
import { adminApi, chooseLanguage, saveShot } from './support/app.ts';
import { newContext, signInThroughForm } from './support/browser.ts';
import { ADMIN } from './support/server.ts';
import { pickFromCatalog, seedCatalog, setWeekdaysWithBreak } from './support/stations.ts';
import { useServerAndBrowser } from './support/suite.ts';

const suite = useServerAndBrowser();

const NAMES = { ky: 'Тоо Энержи', ru: 'Горная Энергия', en: 'Mountain Energy' };
/** Mon-Fri 09:00-18:00 with a 13:00-14:00 break, as the summary words it in Kyrgyz. */
const SCHEDULE_SUMMARY = '09:00-18:00, дем алыш күндөрү: Ише, Жек\nТыныгуу 13:00-14:00';

/** The catalogue the merchant picks from, and a second merchant the search must leave out. */
async function seed(): Promise<void> {
  const api = await adminApi(suite.server);
  await seedCatalog(api);
  await api.json('POST', '/merchants/', {
    name_ky: 'Башка мерчант',
    name_ru: 'Другой мерчант',
    name_en: 'Another merchant',
    agreement_number: 'A-1',
    legal_name: 'ОсОО Башка',
    country: 1,
    city: 1,
    street: 'Манас проспекти, 1',
    phone: '996700000001',
    email: 'other@example.com',
    percentage: 5,
  });
}

describe('merchants, in Kyrgyz', () => {
  it('creates a merchant in three languages with tags, infrastructure and a schedule, finds it and deactivates it', async () => {
    await seed();
    const context = await newContext(suite.browser, suite.server.url);
    const page = await context.newPage();
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await chooseLanguage(page, 'KG', 'ky');
    await page.goto('/merchants');
    await page.getByRole('row', { name: /Башка мерчант/ }).waitFor();

    await page.getByRole('button', { name: 'Мерчант түзүү' }).click();
    await page.waitForURL('**/merchants/create-edit-merchant');

    // The shared fields sit under the language steps.
    await page.getByLabel('Келишимдин номери').fill('KG-2024/17');
    await page.getByLabel('Юридикалык жактын аталышы').fill('ОсОО «Тоо Энержи»');
    const country = page.getByLabel('Өлкө', { exact: true });
    await country.fill('Кыргыз');
    await saveShot(page, 'merchant-form-country', { dialog: true });
    await choose(page, country, 'Кыргызстан', 'Кыргыз');
    await choose(page, page.getByLabel('Шаар', { exact: true }), 'Бишкек', 'Бишк');
    await page.getByLabel('Көчө').fill('Чүй проспекти, 150');
    const phone = page.getByLabel('Телефон');
    await phone.pressSequentially('996555123456');
    expect(await phone.inputValue()).toBe('+996 (555) 12-34-56');
    await page.getByLabel('Электрондук почта').fill('info@too-energy.kg');
    await page.getByLabel('Агенттик келишим боюнча пайыз').fill('12,5');

    await pickFromCatalog(page, 'Тегдер', 'Тегдерди тандоо', 'Тез кубаттоо', 'merchant-form-tags-picker');
    await page.getByTestId('catalog-field-tags').getByText('Тез кубаттоо').waitFor();
    await pickFromCatalog(
      page,
      'Айланадагы инфраструктура',
      'Инфраструктураны тандоо',
      'Кафе',
      'merchant-form-infrastructure-picker',
    );
    await page.getByTestId('catalog-field-surroundings').getByText('Кафе').waitFor();

    // Monday to Friday 09:00-18:00 (the dialog's default hours), a break 13:00-14:00 shared from Monday.
    await setWeekdaysWithBreak(page, () => saveShot(page, 'merchant-form-schedule-dialog', { dialog: true }));
    const summary = page.getByTestId('schedule-summary');
    await expect.poll(() => summary.innerText()).toBe(SCHEDULE_SUMMARY);

    // The names, one language at a time.
    await page.getByLabel('Кыргызча аталышы').fill(NAMES.ky);
    await page.getByTestId('stepper-next').click();
    await page.getByLabel('Орусча аталышы').fill(NAMES.ru);
    await page.getByTestId('stepper-next').click();
    await page.getByLabel('Англисче аталышы').fill(NAMES.en);
    await saveShot(page, 'merchant-form');
    await page.getByTestId('stepper-submit').click();

    const done = await openDialog(page, 'Мерчант түзүлдү', { byText: true });
    await done.getByRole('button', { name: 'Макул' }).click();
    await page.waitForURL(/\/merchants\/merchant\/\d+$/);

    // The detail page: the Kyrgyz name as the title, the three names, the schedule, the catalogue.
    await page.getByText(NAMES.ky, { exact: true }).first().waitFor();
    const details = page.getByTestId('merchant-details');
    const shown = [
      NAMES.ru,
      NAMES.en,
      '+996 (555) 12-34-56',
      'info@too-energy.kg',
      '12,5 %',
      'Кыргызстан, Бишкек, Чүй проспекти, 150',
    ];
    for (const text of shown) {
      await details.getByText(text, { exact: true }).waitFor();
    }
    await expect.poll(() => page.getByTestId('schedule-summary').innerText()).toBe(SCHEDULE_SUMMARY);
    await page.locator('.ant-card').filter({ hasText: 'Тегдер' }).getByText('Тез кубаттоо').waitFor();
    const environment = page.locator('.ant-card').filter({ hasText: 'Айланадагы инфраструктура' });
    await environment.getByText('Кафе').waitFor();
    expect(await environment.locator('img').getAttribute('src')).toMatch(/^\/media\/.+\.svg$/);
    await saveShot(page, 'merchant-detail');

    // The list: search narrows it to the merchant, which is then deactivated in bulk.
    await page.goto('/merchants');
    await page.getByRole('row', { name: /Башка мерчант/ }).waitFor();
    await page.getByLabel('ID, аталышы, келишими, телефону же почтасы боюнча издөө').fill('энерж');
    await page.getByRole('row', { name: /Башка мерчант/ }).waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: new RegExp(NAMES.ky) });
    expect(await row.getByText('Активдүү', { exact: true }).count()).toBe(1);
    expect(await page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    await saveShot(page, 'merchants-list');

    await row.getByRole('checkbox').check();
    await page.getByTestId('bulk-status').click();
    const confirm = await openDialog(page, 'Тандалган жазууларды активсиз кыласызбы?');
    await confirm.getByRole('button', { name: 'Ооба' }).click();
    await row.getByText('Активсиз', { exact: true }).waitFor();
    await page.getByText('Статустар өзгөртүлдү').waitFor();
    // The selection is cleared: nothing left to act on.
    await page.getByTestId('bulk-status').waitFor({ state: 'detached' });
    await context.close();
  });
});
