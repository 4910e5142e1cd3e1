import type { FastifyInstance, RouteOptions } from 'fastify';
import type { AccessTokens } from './access-tokens.ts';
import { unauthorized } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    managerId: number;
    /** The signed-in session (its first refresh token's row). */
    sessionId: number;
  }
  interface FastifyContextConfig {
    /** Reachable without an access token. Every other route under /api needs one. */
    public?: boolean;
  }
}

export function isPublicRoute(route: Pick<RouteOptions, 'url' | 'config'>): boolean {
  const config = route.config as { public?: boolean } | undefined;
  return config?.public === true || !route.url.startsWith('/api/') || route.url.startsWith('/api/docs');
}

/** Whether the manager's session is still going (not ended, not expired, the manager still there). */
export type SessionCheck = (managerId: number, sessionId: number) => Promise<boolean>;

/**
 * One authentication hook for the whole API, attached as each route is registered, so a route
 * added later is protected unless it says `config: { public: true }`. A well-signed access token
 * counts only while the session it names lives: a logout or a password change ends it at once in
 * every process, not when the token expires (docs/decisions.md).
 */
export function registerAuth(app: FastifyInstance, tokens: AccessTokens, sessionLives: SessionCheck) {
  app.decorateRequest('managerId', 0);
  app.decorateRequest('sessionId', 0);
  app.addHook('onRoute', (route) => {
    if (isPublicRoute(route)) return;
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [
      async (request) => {
        const header = request.headers.authorization;
        const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
        const verified = token ? await tokens.verify(token) : null;
        // A token from before tokens named their session has none to check: refused as well.
        if (!verified || verified.sessionId === null || !(await sessionLives(verified.managerId, verified.sessionId)))
          throw unauthorized();
        request.managerId = verified.managerId;
        request.sessionId = verified.sessionId;
      },
      ...existing,
    ];
  });
}
