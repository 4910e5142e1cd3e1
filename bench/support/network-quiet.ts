import type { Page, Request } from 'playwright-core';

/** The live events stream stays open while signed in (app/shell/use-live-updates.ts). */
const LONG_LIVED = /\/api\/v1\/events\/$/;

/**
 * Playwright's 'networkidle' for pages that keep a stream open: watches the page's requests from
 * now on and returns a function that waits until none but the events stream has been under way
 * for `quietMs`. With the stream open, 'networkidle' never comes once signed in.
 */
export function watchRequests(page: Page): (quietMs?: number) => Promise<void> {
  const pending = new Set<Request>();
  let lastChange = Date.now();
  page.on('request', (request) => {
    if (LONG_LIVED.test(new URL(request.url()).pathname)) return;
    pending.add(request);
    lastChange = Date.now();
  });
  const settle = (request: Request) => {
    if (pending.delete(request)) lastChange = Date.now();
  };
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  return async (quietMs = 500) => {
    const deadline = Date.now() + 30_000;
    while (pending.size > 0 || Date.now() - lastChange < quietMs) {
      if (Date.now() > deadline)
        throw new Error(`requests still under way after 30 s: ${[...pending].map((r) => r.url()).join(', ')}`);
      await page.waitForTimeout(100);
    }
  };
}
