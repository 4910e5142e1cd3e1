import { describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../test/test-app.ts';
import { ensureFirstManager } from './accounts.service.ts';

const ctx = useTestApp();

describe('first manager', () => {
  it('is created once, from the settings or with a generated password, and can sign in', async () => {
    const first = await ensureFirstManager(ctx.database.db, { email: undefined, password: undefined });
    expect(first).toMatchObject({ email: 'admin@localhost', generated: true });
    expect(first!.password.length).toBeGreaterThanOrEqual(16);
    await expect(signIn(ctx.app, 'admin@localhost', first!.password)).resolves.toHaveProperty('access');

    // A later start, or a second process racing the first, creates nobody.
    const again = await Promise.all([
      ensureFirstManager(ctx.database.db, { email: 'Other@Example.com', password: 'other-password' }),
      ensureFirstManager(ctx.database.db, { email: undefined, password: undefined }),
    ]);
    expect(again).toEqual([null, null]);
  });
});
