import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { forwardedOverTls } from './forwarded-tls.ts';

const request = (remoteAddress: string, proto?: string) =>
  ({
    headers: proto === undefined ? {} : { 'x-forwarded-proto': proto },
    socket: { remoteAddress },
  }) as IncomingMessage;

describe('a TLS-terminating proxy’s word on an upgrade', () => {
  it('is believed from a proxy TRUST_PROXY trusts, its nearest entry deciding', () => {
    const overTls = forwardedOverTls('127.0.0.1, 10.0.0.0/8');
    expect(overTls(request('127.0.0.1', 'https'))).toBe(true);
    expect(overTls(request('10.1.2.3', 'http, https'))).toBe(true);
    expect(overTls(request('10.1.2.3', 'https, http'))).toBe(false);
    expect(overTls(request('127.0.0.1'))).toBe(false);
    expect(forwardedOverTls(true)(request('192.0.2.1', 'HTTPS'))).toBe(true);
    expect(forwardedOverTls(1)(request('192.0.2.1', 'https'))).toBe(true);
  });

  it('is not believed from anyone else, nor without TRUST_PROXY', () => {
    expect(forwardedOverTls('127.0.0.1')(request('192.0.2.1', 'https'))).toBe(false);
    expect(forwardedOverTls(false)(request('127.0.0.1', 'https'))).toBe(false);
    expect(forwardedOverTls(0)(request('127.0.0.1', 'https'))).toBe(false);
  });
});
