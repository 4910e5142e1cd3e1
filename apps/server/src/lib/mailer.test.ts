import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aManager } from '../test/builders/accounts.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { readEml, resetLinkIn } from '../test/eml.ts';

// A real SMTP server on loopback stands in for the outside mail system.
const received: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push(Buffer.concat(chunks).toString('utf8'));
      callback();
    });
  },
});

let ctx: TestContext;
beforeAll(async () => {
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  const { port } = smtp.server.address() as AddressInfo;
  ctx = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Network <ops@example.com>' });
});
afterAll(async () => {
  await ctx.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('mail over SMTP', () => {
  it('delivers the recovery link to the SMTP server when SMTP_URL is set', async () => {
    const manager = await aManager(ctx.database);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/accounts/password-reset/',
      payload: { email: manager.email },
    });
    expect(response.statusCode).toBe(200);
    // The mail goes out after the answer.
    await ctx.app.background.idle();
    expect(received).toHaveLength(1);
    const { headers, text } = readEml(received[0]!);
    expect(headers).toContain(`To: ${manager.email}`);
    expect(headers).toContain('From: Network <ops@example.com>');
    expect(resetLinkIn(text)).toMatch(/^http:\/\/back\.office\.test\/change-password\?token=/);
    expect(await ctx.outbox()).toEqual([]);
  });
});
