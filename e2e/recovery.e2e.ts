import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, signInThroughForm } from './support/browser.ts';
import { ADMIN, startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('password recovery', () => {
  it('goes from the request to signing in with the new password, by the mailed link', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('link', { name: /забыли пароль/i }).click();
    await page.waitForURL('**/reset-password');
    await page.locator('#email').fill(ADMIN.email);
    await page.locator('button[type="submit"]').click();
    await page.getByText('Если этот адрес принадлежит учётной записи', { exact: false }).waitFor();

    const link = await server.resetLink();
    expect(link.startsWith(`${server.url}/change-password?token=`)).toBe(true);
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
