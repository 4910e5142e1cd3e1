import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { cspViolations, launchBrowser } from './browser.ts';
import { startServer, type RunningServer, type ServerOptions } from './server.ts';

export interface Suite {
  server: RunningServer;
  browser: Browser;
}

/**
 * One server (on an empty embedded database, or one `options.seed` filled, with `env` on top of
 * the defaults) and one browser for the spec file that calls it; both are stopped after its last test.
 */
export function useServerAndBrowser(env: Record<string, string> = {}, options: ServerOptions = {}): Suite {
  const suite = {} as Suite;
  beforeAll(async () => {
    suite.server = await startServer(env, options);
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
    expect(cspViolations, 'Content-Security-Policy violations').toEqual([]);
  });
  return suite;
}
