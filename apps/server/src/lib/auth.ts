import type { FastifyInstance, RouteOptions } from 'fastify';
import type { AccessTokens } from './access-tokens.ts';
import { unauthorized } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    managerId: number;
    /** The signed-in session (its refresh token's row); null for a token from before sessions were named. */
    sessionId: number | null;
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

/**
 * One authentication hook for the whole API, attached as each route is registered, so a route
 * added later is protected unless it says `config: { public: true }`.
 */
export function registerAuth(app: FastifyInstance, tokens: AccessTokens) {
  app.decorateRequest('managerId', 0);
  app.decorateRequest('sessionId', null);
  app.addHook('onRoute', (route) => {
    if (isPublicRoute(route)) return;
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [
      async (request) => {
        const header = request.headers.authorization;
        const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
        const verified = token ? await tokens.verify(token) : null;
        if (verified === null) throw unauthorized();
        request.managerId = verified.managerId;
        request.sessionId = verified.sessionId;
      },
      ...existing,
    ];
  });
}
