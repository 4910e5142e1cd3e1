import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/*
 * Waits on Ant Design's dialogs and selects as the user sees them. On a busy machine a click that
 * lands while a dialog still zooms in, or a select's list still slides in, can be lost (the list
 * stays open, the value unset), so these act only once the thing has come to rest.
 */

/** Waits until an antd dialog or dropdown has finished its opening animation. */
export async function settled(element: Locator): Promise<Locator> {
  await element.waitFor();
  await expect
    .poll(() => element.evaluate((node) => /\bant-(zoom|slide-up|slide-down)\b/.test(node.className)))
    .toBe(false);
  return element;
}

/** A dialog by its title (or, `byText`, by a text in it: the success and confirm modals), once open. */
export function openDialog(page: Page, name: string, { byText = false } = {}): Promise<Locator> {
  return settled(byText ? page.getByRole('dialog').filter({ hasText: name }) : page.getByRole('dialog', { name }));
}

/**
 * Opens a select (by typing `search` into it, or by a click), picks `label` once the list is at
 * rest, and waits until the select shows it and the list is gone.
 */
export async function choose(page: Page, select: Locator, label: string, search?: string): Promise<void> {
  if (search === undefined) await select.click();
  else await select.fill(search);
  await settled(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'));
  await pickOption(page, label);
  await expect
    .poll(() => select.evaluate((input) => (input.closest('.ant-select') as HTMLElement).innerText.trim()))
    .toBe(label);
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').first().waitFor({ state: 'hidden' });
}

/**
 * Clicks an option of the open antd Select dropdown. Its accessible options (role=option) are a
 * hidden list for screen readers, so the visible item is clicked instead.
 */
export async function pickOption(page: Page, label: string): Promise<void> {
  const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  await options.filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`) }).click();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Types both ends of a date range picker (DD.MM.YYYY), as a keyboard user does, and waits for its panel to close. */
export async function typeDateRange(
  page: Page,
  group: Locator,
  placeholders: [string, string],
  from: string,
  to: string,
): Promise<void> {
  const start = group.getByPlaceholder(placeholders[0]);
  await start.click();
  await settled(page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)'));
  await start.fill(from);
  await start.press('Enter');
  const end = group.getByPlaceholder(placeholders[1]);
  await end.fill(to);
  await end.press('Enter');
  await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').waitFor({ state: 'hidden' });
}

/** Picks options of a multiple select in turn, each once its list is at rest, then closes the list. */
export async function chooseMany(page: Page, select: Locator, labels: string[]): Promise<void> {
  await select.click();
  await settled(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'));
  for (const label of labels) await pickOption(page, label);
  await select.press('Escape');
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').first().waitFor({ state: 'hidden' });
}
