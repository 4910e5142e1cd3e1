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

    // The access token expires while the manager edits the profile; saving still just works.
    // On a busy machine the token may already have been renewed while the page loaded, so the
    // test waits for the token it holds now to expire, whatever it is, rather than a fixed time.
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const payload = JSON.parse(
              atob(localStorage.getItem('access')!.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')),
            ) as { exp: number };
            return Date.now() > payload.exp * 1000;
          }),
        { timeout: 30_000 },
      )
      .toBe(true);
    const before = refreshes.length;
    await page.locator('#name').fill('Administrator Two');
    await page.getByRole('button', { name: 'Сохранить' }).first().click();
    await expect.poll(() => page.getByTestId('manager-name').textContent()).toContain('Administrator Two');

    expect(refreshes.length).toBeGreaterThan(before);
    expect(refreshes.every((status) => status === 200)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('access'))).not.toBe(firstAccess);
    expect(await page.locator('button[type="submit"]').filter({ hasText: 'Войти' }).count()).toBe(0);
    await context.close();
  });

  it('keeps two tabs signed in while they take turns renewing the shared session', async () => {
    const context = await newContext(suite.browser, suite.server.url);
    const first = await context.newPage();
    const refreshes: number[] = [];
    context.on('response', (response) => {
      if (response.url().endsWith('/api/v1/accounts/refresh/')) refreshes.push(response.status());
    });
    await signInThroughForm(first, ADMIN.email, ADMIN.password);
    const second = await context.newPage();
    await second.goto('/settings');
    await second.getByTestId('sidebar').waitFor();
    const firstRefresh = await first.evaluate(() => localStorage.getItem('refresh'));

    // Twice: the access token expires and both tabs reload at once, each renewing the session
    // with the refresh token they share (the second round with the one the first round left).
    for (const round of [1, 2]) {
      await first.waitForTimeout(3000);
      await Promise.all([first.reload(), second.reload()]);
      for (const page of [first, second]) {
        await expect.poll(() => page.getByTestId('manager-name').count()).toBe(1);
      }
      expect(refreshes.length, `round ${round}`).toBeGreaterThan(0);
    }
    expect(refreshes.every((status) => status === 200)).toBe(true);
    expect(await first.evaluate(() => localStorage.getItem('refresh'))).not.toBe(firstRefresh);
    expect(await second.locator('button[type="submit"]').filter({ hasText: 'Войти' }).count()).toBe(0);
    await context.close();
  });
});
