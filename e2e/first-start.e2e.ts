import { describe, expect, it } from 'vitest';
import { newContext, signInThroughForm } from './support/browser.ts';
import { useServerAndBrowser } from './support/suite.ts';

// No ADMIN_EMAIL / ADMIN_PASSWORD: the README's first start.
const suite = useServerAndBrowser({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });

describe('first start', () => {
  it('prints credentials that sign in', async () => {
    const printed = /First manager created: (\S+)\nPassword \(shown once\): (\S+)/.exec(suite.server.log());
    expect(printed?.[1]).toBe('admin@localhost');
    const context = await newContext(suite.browser, suite.server.url);
    const page = await context.newPage();
    await signInThroughForm(page, printed![1]!, printed![2]!);
    await expect.poll(() => page.getByTestId('manager-name').textContent()).toContain('Administrator');
    await context.close();
  });
});
