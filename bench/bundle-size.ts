/**
 * Bytes of JavaScript (gzip) the browser loads for the sign-in screen and for the signed-in shell.
 * Starts the built server, opens the pages in Debian's Chromium, records every JavaScript response
 * and gzips its body (level 9, as a server would send it), and holds the sign-in screen to its budget
 * (docs/code-style.md): what a visitor downloads to see it and use it (fields checked, a wrong
 * password answered), and so the two password recovery screens, cold, which share its start.
 * Prints PASS or FAIL for each, and exits with 1 over it.  Run: npm run bench:bundle
 */
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchBrowser, newContext, signInThroughForm } from '../e2e/support/browser.ts';
import { ADMIN, startServer } from '../e2e/support/server.ts';
import { watchRequests } from './support/network-quiet.ts';

function recordScripts(page: Page) {
  const seen = new Map<string, { raw: number; gzip: number }>();
  page.on('response', async (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('javascript')) return;
    const body = await response.body().catch(() => null);
    if (body)
      seen.set(new URL(response.url()).pathname, { raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  });
  return seen;
}

/** The sign-in screen's JavaScript, gzip (docs/code-style.md, issue 29). */
const SIGN_IN_BUDGET = 170 * 1024;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (files: Map<string, { raw: number; gzip: number }>, key: 'raw' | 'gzip') =>
  [...files.values()].reduce((total, file) => total + file[key], 0);

const server = await startServer();
const browser = await launchBrowser();
try {
  const context = await newContext(browser, server.url);
  const page = await context.newPage();
  const files = recordScripts(page);
  const networkQuiet = watchRequests(page);
  await page.goto('/');
  await page.locator('button[type="submit"]').waitFor();
  await networkQuiet();
  const shown = sum(files, 'gzip');
  // Used: a field left invalid, then a wrong password sent and answered.
  await page.locator('#email').fill('nobody@');
  await page.locator('#email').fill('nobody@example.com');
  await page.locator('#password').fill('not-the-password');
  await page.locator('button[type="submit"]').click();
  await page.getByRole('alert').waitFor();
  await networkQuiet();
  const signIn = new Map(files);
  const signInGzip = sum(signIn, 'gzip');
  const verdict = signInGzip <= SIGN_IN_BUDGET ? 'PASS' : 'FAIL';
  console.log(
    `sign-in screen: ${kb(signInGzip)} gzip (${kb(sum(signIn, 'raw'))} raw) in ${signIn.size} files, ${kb(shown)} of it to show it; budget ${kb(SIGN_IN_BUDGET)}: ${verdict}`,
  );
  if (verdict === 'FAIL') process.exitCode = 1;

  for (const address of ['/reset-password', '/change-password?token=t']) {
    const cold = await context.browser()!.newContext({ baseURL: server.url, locale: 'ru-RU' });
    const coldPage = await cold.newPage();
    const coldFiles = recordScripts(coldPage);
    const coldQuiet = watchRequests(coldPage);
    await coldPage.goto(address);
    await coldPage.locator('button[type="submit"]').waitFor();
    await coldQuiet();
    const coldGzip = sum(coldFiles, 'gzip');
    const coldVerdict = coldGzip <= SIGN_IN_BUDGET ? 'PASS' : 'FAIL';
    console.log(
      `${address}, cold: ${kb(coldGzip)} gzip in ${coldFiles.size} files; budget ${kb(SIGN_IN_BUDGET)}: ${coldVerdict}`,
    );
    if (coldVerdict === 'FAIL') process.exitCode = 1;
    await cold.close();
  }

  await signInThroughForm(page, ADMIN.email, ADMIN.password);
  await networkQuiet();
  const shellOnly = new Map([...files].filter(([name]) => !signIn.has(name)));
  console.log(
    `signed-in shell: ${kb(sum(files, 'gzip'))} gzip in total, of which ${kb(sum(shellOnly, 'gzip'))} loaded after sign-in (${shellOnly.size} files)`,
  );
  for (const [name, size] of [...files].sort((a, b) => b[1].gzip - a[1].gzip)) {
    console.log(`  ${kb(size.gzip).padStart(9)}  ${signIn.has(name) ? 'sign-in' : 'shell  '}  ${name}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
