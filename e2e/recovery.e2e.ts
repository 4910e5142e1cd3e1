import { describe, expect, it } from 'vitest';
import { newContext, signInThroughForm } from './support/browser.ts';
import { ADMIN } from './support/server.ts';
import { useServerAndBrowser } from './support/suite.ts';

const suite = useServerAndBrowser();

describe('password recovery', () => {
  it('goes from the request to signing in with the new password, by the mailed link', async () => {
    const context = await newContext(suite.browser, suite.server.url);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('link', { name: /забыли пароль/i }).click();
    await page.waitForURL('**/reset-password');
    // Both screens have an #email field: wait for the sign-in form to go before filling it.
    await page.locator('#password').waitFor({ state: 'detached' });
    await page.locator('#email').fill(ADMIN.email);
    await page.locator('button[type="submit"]').click();
    await page.getByText('Если этот адрес принадлежит учётной записи', { exact: false }).waitFor();

    const link = await suite.server.resetLink();
    expect(link.startsWith(`${suite.server.url}/change-password?token=`)).toBe(true);
    await page.goto(link);
    await page.locator('#password').fill('a-new-password-2');
    await page.locator('#password_confirm').fill('a-new-password-3');
    await page.locator('button[type="submit"]').click();
    await page.getByText('Пароли не совпадают').waitFor();
    await page.locator('#password_confirm').fill('a-new-password-2');
    await page.locator('button[type="submit"]').click();
    await page.getByText('Пароль изменён').first().waitFor();

    await signInThroughForm(page, ADMIN.email, 'a-new-password-2');
    await context.close();
  });
});
