import type { Locator, Page } from 'playwright-core';

export const hasFocus = (element: Locator): Promise<boolean> =>
  element.evaluate((node) => node === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user moves on; fails when it is never reached. */
export async function tabTo(page: Page, target: Locator, { back = false } = {}): Promise<void> {
  for (let press = 0; press < 80; press++) {
    if (await hasFocus(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`never reached with ${back ? 'Shift+Tab' : 'Tab'}: ${target.toString()}`);
}
