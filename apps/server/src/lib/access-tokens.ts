import { SignJWT, jwtVerify } from 'jose';

export interface AccessTokens {
  /** `sessionId` is the refresh token's row: the session the access token belongs to. */
  sign(managerId: number, sessionId: number): Promise<string>;
  /** Whose and which session's token it is, or null for a forged or expired one. */
  verify(token: string): Promise<{ managerId: number; sessionId: number | null } | null>;
}

/**
 * Short-lived HS256 access tokens; the refresh token (in the database) is what a session really is.
 * While the process starts, the secret is the promise of it (read from the database while the app
 * is built, serve.ts); whoever started its reading hears its failure, so here it is only awaited.
 */
export function createAccessTokens(secret: string | Promise<string>, ttlSeconds: number): AccessTokens {
  const key = Promise.resolve(secret).then((value) => new TextEncoder().encode(value));
  key.catch(() => {});
  return {
    sign: async (managerId, sessionId) =>
      new SignJWT({ typ: 'access', sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(managerId))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(await key),
    async verify(token) {
      try {
        // A token without an expiry would be valid for ever: refused, as is one without a subject.
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'sub'],
        });
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
