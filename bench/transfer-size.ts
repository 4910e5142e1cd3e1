/**
 * Bytes on the wire (as the server sent them, compressed or not) for two cold loads: the sign-in
 * screen, and /merchants for a signed-in user whose browser cache is empty. Starts the built
 * server with 20 merchants, opens the pages in Debian's Chromium and adds up each response's
 * encoded body and headers (playwright's `request.sizes()`).  Run: npm run bench:transfer
 */
import type { BrowserContext, Page } from 'playwright-core';
import { adminApi } from '../e2e/support/app.ts';
import { launchBrowser, newContext, signInThroughForm } from '../e2e/support/browser.ts';
import { ADMIN, startServer } from '../e2e/support/server.ts';
import { watchRequests } from './support/network-quiet.ts';

interface Transfer {
  path: string;
  kind: string;
  encoding: string;
  body: number;
  headers: number;
}

/** Every response the page receives until `stop` is called, with its sizes as sent. */
function recordTransfers(page: Page) {
  const pending: Promise<Transfer>[] = [];
  page.on('requestfinished', (request) => {
    pending.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        const headers = response ? await response.allHeaders() : {};
        const url = new URL(request.url());
        return {
          path: url.pathname + url.search,
          kind: request.resourceType(),
          encoding: headers['content-encoding'] ?? 'identity',
          body: sizes.responseBodySize,
          headers: sizes.responseHeadersSize,
        };
      })(),
    );
  });
  return () => Promise.all(pending);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function report(title: string, transfers: Transfer[]) {
  const body = transfers.reduce((total, t) => total + t.body, 0);
  const headers = transfers.reduce((total, t) => total + t.headers, 0);
  const scripts = transfers.filter((t) => t.kind === 'script').reduce((total, t) => total + t.body, 0);
  console.log(
    `${title}: ${kb(body + headers)} transferred (${kb(body)} bodies, of which ${kb(scripts)} JavaScript; ${kb(headers)} headers) in ${transfers.length} responses`,
  );
  for (const t of [...transfers].sort((a, b) => b.body - a.body)) {
    console.log(`  ${kb(t.body).padStart(9)}  ${t.kind.padEnd(10)} ${t.encoding.padEnd(8)} ${t.path}`);
  }
}

async function seedMerchants(server: Awaited<ReturnType<typeof startServer>>) {
  const api = await adminApi(server);
  for (let i = 1; i <= 20; i += 1) {
    await api.json('POST', '/merchants/', {
      name_ky: `Мерчант ${i}`,
      name_ru: `Мерчант ${i}`,
      name_en: `Merchant ${i}`,
      agreement_number: `A-${i}`,
      legal_name: `ОсОО Мерчант ${i}`,
      country: 1,
      city: 1,
      street: `Манас проспекти, ${i}`,
      phone: `9967000000${String(i).padStart(2, '0')}`,
      email: `merchant${i}@example.com`,
      percentage: 5,
    });
  }
}

const server = await startServer();
const browser = await launchBrowser();
const contexts: BrowserContext[] = [];
try {
  await seedMerchants(server);

  // Sign-in, cold: a fresh context has an empty cache.
  const signInContext = await newContext(browser, server.url);
  contexts.push(signInContext);
  const signInPage = await signInContext.newPage();
  const signInTransfers = recordTransfers(signInPage);
  const signInQuiet = watchRequests(signInPage);
  await signInPage.goto('/');
  await signInPage.locator('button[type="submit"]').waitFor();
  await signInQuiet();
  report('sign-in, cold', await signInTransfers());

  // /merchants, cold: sign in once, then carry the session (cookies, storage) into a fresh
  // context, whose cache is empty, and load the list there.
  await signInThroughForm(signInPage, ADMIN.email, ADMIN.password);
  const session = await signInContext.storageState();
  const merchantsContext = await browser.newContext({
    baseURL: server.url,
    locale: 'ru-RU',
    viewport: { width: 1366, height: 850 },
    storageState: session,
  });
  contexts.push(merchantsContext);
  const merchantsPage = await merchantsContext.newPage();
  const merchantsTransfers = recordTransfers(merchantsPage);
  const merchantsQuiet = watchRequests(merchantsPage);
  await merchantsPage.goto('/merchants');
  await merchantsPage.getByRole('row', { name: /Мерчант 20/ }).waitFor();
  await merchantsQuiet();
  report('/merchants, cold, signed in', await merchantsTransfers());
} finally {
  for (const context of contexts) await context.close();
  await browser.close();
  await server.stop();
}
