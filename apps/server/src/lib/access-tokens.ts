import { SignJWT, jwtVerify } from 'jose';

export interface AccessTokens {
  sign(managerId: number): Promise<string>;
  /** The manager id, or null for a missing, forged or expired token. */
  verify(token: string): Promise<number | null>;
}

/** Short-lived HS256 access tokens; the refresh token (in the database) is what a session really is. */
export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (managerId) =>
      new SignJWT({ typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(managerId))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token) {
      try {
        // A token without an expiry would be valid for ever: refused, as is one without a subject.
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
        const id = Number(payload.sub);
        return payload.typ === 'access' && Number.isInteger(id) ? id : null;
      } catch {
        return null;
      }
    },
  };
}
