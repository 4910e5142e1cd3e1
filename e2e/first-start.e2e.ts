import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, signInThroughForm } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  // No ADMIN_EMAIL / ADMIN_PASSWORD: the README's first start.
  server = await startServer({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('first start', () => {
  it('prints credentials that sign in', async () => {
    const printed = /First manager created: (\S+)\nPassword \(shown once\): (\S+)/.exec(server.log());
    expect(printed?.[1]).toBe('admin@localhost');
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    await signInThroughForm(page, printed![1]!, printed![2]!);
    await expect.poll(() => page.getByTestId('manager-name').textContent()).toContain('Administrator');
    await context.close();
  });
});
