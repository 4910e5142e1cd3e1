import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { choose, openDialog } from './support/antd.ts';
import { chooseLanguage, fixture, saveShot } from './support/app.ts';
import { newContext, signInThroughForm } from './support/browser.ts';
import { ADMIN } from './support/server.ts';
import { useServerAndBrowser } from './support/suite.ts';

const suite = useServerAndBrowser();

/** Signs in and switches to Kyrgyz, then opens `path` (the language is kept in localStorage). */
async function openInKyrgyz(path: string): Promise<Page> {
  const context = await newContext(suite.browser, suite.server.url);
  const page = await context.newPage();
  await signInThroughForm(page, ADMIN.email, ADMIN.password);
  await chooseLanguage(page, 'KG', 'ky');
  await page.goto(path);
  await page.getByTestId('page-title').waitFor();
  return page;
}

/** Types the three titles through the stepper's language steps: Kyrgyz, Russian, English. */
async function fillTitles(dialog: Locator, titles: { ky: string; ru: string; en: string }): Promise<void> {
  await dialog.getByLabel('Кыргызча аталышы').fill(titles.ky);
  await dialog.getByTestId('stepper-next').click();
  await dialog.getByLabel('Орусча аталышы').fill(titles.ru);
  await dialog.getByTestId('stepper-next').click();
  await dialog.getByLabel('Англисче аталышы').fill(titles.en);
}

/** What the server answers for an icon's address: status and content type. */
async function served(src: string | null): Promise<{ status: number; type: string | null }> {
  const response = await fetch(new URL(src ?? '', suite.server.url));
  return { status: response.status, type: response.headers.get('content-type') };
}

describe('tags and infrastructure, in Kyrgyz', () => {
  it('creates a tag in three languages, edits it and deactivates it', async () => {
    const page = await openInKyrgyz('/tags');
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Тегдердин тизмеси');

    await page.getByRole('button', { name: 'Тег кошуу' }).click();
    const create = await openDialog(page, 'Жаңы тег');
    // 'Further' checks the current language before moving on.
    await create.getByTestId('stepper-next').click();
    await create.getByTestId('stepper-pane-ky').getByText('Талаа бош болбошу керек').waitFor();
    await fillTitles(create, { ky: 'Тез кубаттоо', ru: 'Быстрая зарядка', en: 'Fast charging' });
    await saveShot(page, 'tag-form', { dialog: true });
    await create.getByTestId('stepper-submit').click();
    await page.getByText('Тег түзүлдү').waitFor();
    await create.waitFor({ state: 'detached' });

    // The list shows the title in the interface's language.
    const row = page.getByRole('row', { name: /Тез кубаттоо/ });
    await row.waitFor();
    await saveShot(page, 'tags-list');

    await row.getByRole('button', { name: 'Түзөтүү' }).click();
    const edit = await openDialog(page, 'Тегди түзөтүү');
    await expect.poll(() => edit.getByLabel('Кыргызча аталышы').inputValue()).toBe('Тез кубаттоо');
    // An edit opens any language at once: straight to Russian.
    await edit.getByText('Орусча', { exact: true }).click();
    await expect.poll(() => edit.getByLabel('Орусча аталышы').inputValue()).toBe('Быстрая зарядка');
    await edit.getByText('Кыргызча', { exact: true }).click();
    await edit.getByLabel('Кыргызча аталышы').fill('Ылдам кубаттоо');
    // 'Save' sits on the last language (spec 2.12: it appears once all three are done).
    await edit.getByText('Англисче', { exact: true }).click();
    await edit.getByTestId('stepper-submit').click();
    await page.getByText('Тег сакталды').waitFor();
    await edit.waitFor({ state: 'detached' });

    const edited = page.getByRole('row', { name: /Ылдам кубаттоо/ });
    const status = edited.getByRole('switch', { name: 'Активдүү' });
    expect(await status.getAttribute('aria-checked')).toBe('true');
    await status.click();
    const confirm = await openDialog(page, '«Ылдам кубаттоо» тегин активсиз кыласызбы?');
    await confirm.getByRole('button', { name: 'Ооба' }).click();
    await expect.poll(() => status.getAttribute('aria-checked')).toBe('false');

    // The status filter agrees: the tag is among the inactive ones and no longer among the active.
    const statusFilter = page.getByRole('combobox', { name: 'Абалы' });
    await choose(page, statusFilter, 'Активдүү');
    await page.getByText('Эч нерсе табылган жок').waitFor();
    await choose(page, statusFilter, 'Активсиз');
    await page.getByRole('row', { name: /Ылдам кубаттоо/ }).waitFor();
    expect(page.url()).toContain('active=false');
    await page.context().close();
  });

  it('creates an infrastructure item with an svg icon and replaces the icon', async () => {
    const page = await openInKyrgyz('/infrastructure');
    await expect
      .poll(() => page.getByTestId('page-title').textContent())
      .toBe('Станциялардын айланасындагы инфраструктура');

    await page.getByRole('button', { name: 'Инфраструктура кошуу' }).click();
    const create = await openDialog(page, 'Жаңы инфраструктура объектиси');
    await fillTitles(create, { ky: 'Унаа токтотуучу жай', ru: 'Парковка', en: 'Parking' });
    // The icon is required on create: the server's own rule, checked before sending.
    await create.getByTestId('stepper-submit').click();
    await create.getByText('Иконканы жүктөңүз').waitFor();
    await create.locator('input[type="file"]').setInputFiles(fixture('parking.svg'));
    await create.getByTestId('icon-preview').waitFor();
    await create.getByText('parking.svg').waitFor();
    await saveShot(page, 'infrastructure-form', { dialog: true });
    await create.getByTestId('stepper-submit').click();
    await page.getByText('Инфраструктура объектиси түзүлдү').waitFor();
    await create.waitFor({ state: 'detached' });

    const row = page.getByRole('row', { name: /Унаа токтотуучу жай/ });
    const icon = row.locator('img');
    await icon.waitFor();
    // The browser drew it, and the server serves it as an svg.
    await expect.poll(() => icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const first = await icon.getAttribute('src');
    expect(first).toMatch(/^\/media\/.+\.svg$/);
    expect(await served(first)).toEqual({ status: 200, type: 'image/svg+xml' });
    await saveShot(page, 'infrastructure-list');

    await row.getByRole('button', { name: 'Түзөтүү' }).click();
    const edit = await openDialog(page, 'Инфраструктура объектисин түзөтүү');
    // The saved icon is shown until another file is chosen.
    expect(await edit.getByTestId('icon-preview').getAttribute('src')).toBe(first);
    await edit.getByRole('button', { name: 'Башка файлды тандоо' }).waitFor();
    await edit.locator('input[type="file"]').setInputFiles(fixture('cafe.svg'));
    await edit.getByText('cafe.svg').waitFor();
    await saveShot(page, 'infrastructure-form-edit', { dialog: true });
    await edit.getByText('Англисче', { exact: true }).click();
    await edit.getByTestId('stepper-submit').click();
    await page.getByText('Инфраструктура объектиси сакталды').waitFor();
    await edit.waitFor({ state: 'detached' });

    await expect.poll(() => icon.getAttribute('src')).not.toBe(first);
    const second = await icon.getAttribute('src');
    expect(await served(second)).toEqual({ status: 200, type: 'image/svg+xml' });
    expect((await fetch(new URL(second ?? '', suite.server.url)).then((r) => r.text())).includes('#d46b08')).toBe(true);
    // The replaced file is gone from the server.
    expect((await served(first)).status).toBe(404);
    await page.context().close();
  });
});
