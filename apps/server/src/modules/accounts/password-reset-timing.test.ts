import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from '../../lib/mailer.ts';
import { aManager } from '../../test/builders/accounts.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/*
 * A recovery request must not tell, by how long it takes, whether the address has an account:
 * the answer comes before the lookup and the mail, the same for every address.
 */
let ctx: TestContext;
const sent: string[] = [];
let release: () => void = () => undefined;
let held = Promise.resolve();
const mailer: Mailer = {
  async send(mail) {
    await held;
    sent.push(mail.to);
  },
};
beforeAll(async () => {
  ctx = await createTestApp({}, { mailer });
});
afterAll(() => ctx.close());

const requestReset = (email: string, client: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/accounts/password-reset/',
    payload: { email },
    remoteAddress: client,
  });

describe('recovery request timing', () => {
  it('answers before the mail is sent', async () => {
    const manager = await aManager(ctx.database);
    held = new Promise((resolve) => (release = resolve));
    const response = await requestReset(manager.email, '10.1.0.1');
    expect(response.statusCode).toBe(200);
    expect(sent).not.toContain(manager.email);
    release();
    await ctx.app.background.idle();
    expect(sent).toContain(manager.email);
  });

  it('takes as long for an unknown address as for a known one (printed, not asserted)', async () => {
    const manager = await aManager(ctx.database);
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      for (const [email, times] of [
        [manager.email, known],
        [`nobody${i}@example.com`, unknown],
      ] as const) {
        const started = performance.now();
        await requestReset(email, `10.2.${i}.${times === known ? 1 : 2}`);
        times.push(performance.now() - started);
        await ctx.app.background.idle();
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    console.log(
      `recovery answer, median of 20: known address ${median(known).toFixed(2)} ms, unknown ${median(unknown).toFixed(2)} ms`,
    );
  });
});
