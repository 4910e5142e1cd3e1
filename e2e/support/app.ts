import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { choose } from './antd.ts';
import { ADMIN, type RunningServer } from './server.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A file under e2e/fixtures, for setInputFiles. */
export function fixture(name: string): string {
  return path.resolve(here, '../fixtures', name);
}

/**
 * Switches the interface through the header's language select and waits for the page to follow.
 * The list is picked from once at rest: a click on a sliding list is lost on a busy machine.
 */
export async function chooseLanguage(page: Page, label: 'KG' | 'RU' | 'ENG', lang: 'ky' | 'ru' | 'en'): Promise<void> {
  await choose(page, page.getByTestId('language-select'), label);
  await page.locator(`html[lang="${lang}"]`).waitFor({ state: 'attached' });
}

/**
 * Saves a screenshot as `<E2E_SHOTS>/<name>.png` when E2E_SHOTS names a folder; a normal run
 * takes none. It is for looking at the screens, not for comparing pixels. A page is taken whole
 * (scrolled to the top first: the shell's sticky header and sidebar follow the scroll), an open
 * dialog as the window shows it, since its mask covers only the window.
 */
export async function saveShot(page: Page, name: string, { dialog = false }: { dialog?: boolean } = {}): Promise<void> {
  const folder = process.env.E2E_SHOTS;
  if (!folder) return;
  await mkdir(folder, { recursive: true });
  if (!dialog) await page.evaluate(() => window.scrollTo(0, 0));
  // Let antd's open/close animations settle so the picture shows the final state.
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(folder, `${name}.png`), fullPage: !dialog });
}

/** How far the page scrolls sideways (0 when it fits the window). */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * The page must not scroll sideways on a 390 px phone nor on a 1366 px laptop; the window is put
 * back afterwards. Each width is measured once the shell has switched layout (the sidebar becomes
 * a drawer on the phone).
 */
export async function expectNoSidewaysScroll(page: Page, shotName: string): Promise<void> {
  const before = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('sidebar').waitFor({ state: 'detached' });
  await expect.poll(() => sidewaysScroll(page)).toBe(0);
  await saveShot(page, `${shotName}-phone`);
  await page.setViewportSize({ width: 1366, height: 850 });
  await page.getByTestId('sidebar').waitFor();
  await expect.poll(() => sidewaysScroll(page)).toBe(0);
  await saveShot(page, shotName);
  await page.setViewportSize(before);
}

/** The API, called as the administrator outside the browser: for data a spec needs but does not test. */
export interface AdminApi {
  /** Sends JSON (or nothing) and returns the parsed answer; any status above 299 throws with the body. */
  json<T>(method: string, url: string, body?: unknown): Promise<T>;
  /** Sends a multipart form (an infrastructure item with its icon). */
  form<T>(method: string, url: string, body: FormData): Promise<T>;
}

export async function adminApi(server: RunningServer): Promise<AdminApi> {
  const login = await fetch(`${server.url}/api/v1/accounts/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const { access } = (await login.json()) as { access: string };

  const send = async <T>(method: string, url: string, body: BodyInit | undefined, headers: Record<string, string>) => {
    const response = await fetch(`${server.url}/api/v1${url}`, {
      method,
      headers: { authorization: `Bearer ${access}`, 'accept-language': 'ru', ...headers },
      body,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  };

  return {
    json: (method, url, body) =>
      body === undefined
        ? send(method, url, undefined, {})
        : send(method, url, JSON.stringify(body), { 'content-type': 'application/json' }),
    form: (method, url, body) => send(method, url, body, {}),
  };
}
