import { describe, expect, it } from 'vitest';
import { newContext, signInThroughForm } from './support/browser.ts';
import { ADMIN } from './support/server.ts';
import { useServerAndBrowser } from './support/suite.ts';

// Access tokens that live two seconds: the test outlives one without signing in again.
const suite = useServerAndBrowser({ ACCESS_TOKEN_TTL: '2' });

describe('access token expiry', () => {
  it('is refreshed without the user noticing', async () => {
    const context = await newContext(suite.browser, suite.server.url);
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
