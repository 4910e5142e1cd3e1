import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, signInThroughForm } from './support/browser.ts';
import { ADMIN, startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  // Access tokens that live two seconds: the test outlives one without signing in again.
  server = await startServer({ ACCESS_TOKEN_TTL: '2' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('access token expiry', () => {
  it('is refreshed without the user noticing', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    const refreshes: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/v1/accounts/refresh/')) refreshes.push(response.status());
    });
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await page.getByTestId('sidebar').getByText('Настройки').click();
    await page.waitForURL('**/settings');
    await expect.poll(() => page.locator('#name').inputValue()).toBe(ADMIN.name);
    const firstAccess = await page.evaluate(() => localStorage.getItem('access'));
    expect(refreshes).toEqual([]);

    // The access token expires while the manager edits the profile; saving still just works.
    await page.waitForTimeout(3000);
    await page.locator('#name').fill('Administrator Two');
    await page.getByRole('button', { name: 'Сохранить' }).first().click();
    await expect.poll(() => page.getByTestId('manager-name').textContent()).toContain('Administrator Two');

    expect(refreshes).toEqual([200]);
    expect(await page.evaluate(() => localStorage.getItem('access'))).not.toBe(firstAccess);
    expect(await page.locator('button[type="submit"]').filter({ hasText: 'Войти' }).count()).toBe(0);
    await context.close();
  });
});
