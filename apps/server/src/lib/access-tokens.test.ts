import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createAccessTokens } from './access-tokens.ts';

const SECRET = 'a-secret-of-at-least-thirty-two-bytes';
const key = new TextEncoder().encode(SECRET);

describe('access tokens', () => {
  const tokens = createAccessTokens(SECRET, 900);

  it('reads back the manager and the session of a token it signed', async () => {
    expect(await tokens.verify(await tokens.sign(7, 3))).toEqual({ managerId: 7, sessionId: 3 });
  });

  it('refuses a correctly signed token that never expires', async () => {
    const forever = await new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setIssuedAt()
      .sign(key);
    expect(await tokens.verify(forever)).toBeNull();
  });
});
