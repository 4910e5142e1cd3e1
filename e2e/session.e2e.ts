import { describe, expect, it } from 'vitest';
import { chooseLanguage } from './support/app.ts';
import { newContext, signInThroughForm } from './support/browser.ts';
import { ADMIN } from './support/server.ts';
import { useServerAndBrowser } from './support/suite.ts';

const suite = useServerAndBrowser();

describe('session', () => {
  it('shows the server’s message for a wrong password', async () => {
    const context = await newContext(suite.browser, suite.server.url);
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('#email').fill(ADMIN.email);
    await page.locator('#password').fill('not-the-password');
    await page.locator('button[type="submit"]').click();
    await page.getByText('Неверный пароль').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('access'))).toBeNull();
    await context.close();
  });

  it('counts a wrong sign-in once: ten are told the password is wrong, the eleventh to wait', async () => {
    const context = await newContext(suite.browser, suite.server.url);
    const page = await context.newPage();
    const logins: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/v1/accounts/login/')) logins.push(response.status());
    });
    await page.goto('/');
    await page.locator('#email').fill('nobody@example.com');
    for (let attempt = 1; attempt <= 11; attempt++) {
      await page.locator('#password').fill(`wrong-password-${attempt}`);
      await page.locator('button[type="submit"]').click();
      await expect.poll(() => logins.length).toBe(attempt);
    }
    expect(logins).toEqual([...Array<number>(10).fill(400), 429]);
    await page.getByText('Слишком много попыток').waitFor();
    await context.close();
  });

  it('signs in, speaks Kyrgyz, collapses the sidebar and logs out', async () => {
    const context = await newContext(suite.browser, suite.server.url);
    const page = await context.newPage();
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await expect.poll(() => page.getByTestId('manager-name').textContent()).toContain(ADMIN.name);

    await chooseLanguage(page, 'KG', 'ky');
    await page.getByTestId('sidebar').getByText('Жөндөөлөр').waitFor();
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Башкы бет');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ky');
    expect(await page.locator('html').getAttribute('lang')).toBe('ky');

    const sidebar = page.getByTestId('sidebar');
    expect((await sidebar.boundingBox())?.width).toBe(240);
    await page.getByTestId('sidebar-toggle').click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(68);

    await sidebar.getByText('Чыгуу').click();
    await page.locator('button[type="submit"]').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('access'))).toBeNull();
    // The language choice survives logout.
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ky');
    await context.close();
  });

  it('logs out every tab when one tab logs out', async () => {
    const context = await newContext(suite.browser, suite.server.url);
    const first = await context.newPage();
    await signInThroughForm(first, ADMIN.email, ADMIN.password);
    const second = await context.newPage();
    await second.goto('/settings');
    await second.getByTestId('sidebar').waitFor();

    await first.getByTestId('sidebar').getByText('Выход').click();
    await first.locator('button[type="submit"]').waitFor();
    await second.locator('button[type="submit"]').waitFor();
    expect(await second.getByTestId('sidebar').count()).toBe(0);
    await context.close();
  });
});
