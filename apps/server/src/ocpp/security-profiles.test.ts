import { describe, expect, it } from 'vitest';
import { admission, type TlsFacts } from './security-profiles.ts';

const plain: TlsFacts = { encrypted: false, verifiedCn: undefined, certificateError: undefined };
const tls: TlsFacts = { ...plain, encrypted: true };
const withCn = (cn: string): TlsFacts => ({ ...tls, verifiedCn: cn });
const station = (securityProfile: 1 | 2 | 3, passwordMatches = true) => ({ securityProfile, passwordMatches });
/** A station whose charge point sent no Basic password. */
const noPassword = (securityProfile: 1 | 2 | 3) => ({ securityProfile, passwordMatches: undefined });
const status = (verdict: ReturnType<typeof admission>) => ('refuse' in verdict ? verdict.refuse : 'admit');

describe('a handshake against the station’s security profile', () => {
  it('refuses an unknown identity and a wrong password with 401 on any profile', () => {
    expect(status(admission(undefined, 'CP-1', withCn('CP-1')))).toBe(401);
    for (const profile of [1, 2, 3] as const)
      expect(status(admission(station(profile, false), 'CP-1', withCn('CP-1')))).toBe(401);
  });

  it('takes profile 1 on ws:// and wss://, with its password', () => {
    expect(status(admission(station(1), 'CP-1', plain))).toBe('admit');
    expect(status(admission(station(1), 'CP-1', tls))).toBe('admit');
    expect(status(admission(noPassword(1), 'CP-1', tls))).toBe(401);
  });

  it('takes profile 2 over TLS only (403 on ws://), with its password', () => {
    expect(status(admission(station(2), 'CP-1', tls))).toBe('admit');
    expect(status(admission(station(2), 'CP-1', plain))).toBe(403);
    expect(status(admission(noPassword(2), 'CP-1', tls))).toBe(401);
  });

  it('takes profile 3 with a verified certificate whose CN is exactly the identity, the password optional', () => {
    expect(status(admission(noPassword(3), 'CP-1', withCn('CP-1')))).toBe('admit');
    expect(status(admission(station(3), 'CP-1', withCn('CP-1')))).toBe('admit');
    expect(status(admission(station(3), 'CP-1', withCn('cp-1')))).toBe(403);
    expect(status(admission(station(3), 'CP-1', tls))).toBe(403);
    expect(status(admission(station(3), 'CP-1', { ...tls, certificateError: 'CERT_HAS_EXPIRED' }))).toBe(403);
    expect(status(admission(station(3), 'CP-1', plain))).toBe(403);
  });
});
