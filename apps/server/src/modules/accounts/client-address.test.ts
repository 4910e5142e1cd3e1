import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/*
 * The sign-in limits count per client address. Behind a reverse proxy every request comes from
 * the proxy, so TRUST_PROXY makes X-Forwarded-For the client's address; unset, the header is
 * ignored (a client could otherwise name any address it likes).
 */
const apps: Record<'direct' | 'proxied', TestContext> = {} as never;
beforeAll(async () => {
  [apps.direct, apps.proxied] = await Promise.all([createTestApp(), createTestApp({ TRUST_PROXY: 'true' })]);
});
afterAll(() => Promise.all(Object.values(apps).map((ctx) => ctx.close())));

const guess = (ctx: TestContext, forwardedFor: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/accounts/login/',
    payload: { email: 'target@example.com', password: 'guess-guess' },
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe('the client address of the sign-in limits', () => {
  it('comes from X-Forwarded-For only when TRUST_PROXY is set', async () => {
    for (const ctx of [apps.direct, apps.proxied]) for (let i = 0; i < 10; i += 1) await guess(ctx, '203.0.113.1');
    expect((await guess(apps.proxied, '203.0.113.1')).statusCode).toBe(429);
    expect((await guess(apps.proxied, '203.0.113.2')).statusCode).toBe(400);
    expect((await guess(apps.direct, '203.0.113.2')).statusCode).toBe(429);
  }, 60_000);
});
