import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

/** Debian's Chromium, headless, never a downloaded browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/** Everything the pages of this spec file were refused by the Content-Security-Policy. */
export const cspViolations: string[] = [];

export async function newContext(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    locale: 'ru-RU',
    viewport: { width: 1366, height: 850 },
    ...options,
  });
  // As long as an expect.poll may wait (e2e/vitest.config.ts): a busy machine is slow, not broken
  // (CI on 2026-11-29: a form's button took more than 30 s to settle while two specs ran).
  context.setDefaultTimeout(60_000);
  // The app must work under its own policy: a blocked script, style or image fails the spec.
  context.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy'))
      cspViolations.push(message.text());
  });
  return context;
}

/** Signs in through the form and waits for the shell. */
export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await page.locator('input#email, input[name="email"]').first().fill(email);
  await page.locator('input#password, input[name="password"]').first().fill(password);
  await page.locator('button[type="submit"]').click();
  await page.getByTestId('sidebar').waitFor();
}
