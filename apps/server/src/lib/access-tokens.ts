import { SignJWT, jwtVerify } from 'jose';

export interface AccessTokens {
  /** `sessionId` is the refresh token's row: the session the access token belongs to. */
  sign(managerId: number, sessionId: number): Promise<string>;
  /** Whose and which session's token it is, or null for a forged or expired one. */
  verify(token: string): Promise<{ managerId: number; sessionId: number | null } | null>;
}

/** Short-lived HS256 access tokens; the refresh token (in the database) is what a session really is. */
export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (managerId, sessionId) =>
      new SignJWT({ typ: 'access', sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(managerId))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token) {
      try {
        // A token without an expiry would be valid for ever: refused, as is one without a subject.
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
        const managerId = Number(payload.sub);
        if (payload.typ !== 'access' || !Number.isInteger(managerId)) return null;
        // Tokens signed before sessions were named carry no `sid`.
        return { managerId, sessionId: typeof payload.sid === 'number' ? payload.sid : null };
      } catch {
        return null;
      }
    },
  };
}
