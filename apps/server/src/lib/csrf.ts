import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';
import { randomToken } from './secrets.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

/**
 * Double-submit CSRF token. The API authenticates by bearer token, which a forged cross-site
 * request cannot carry; the cookie/header pair is the second lock the specification asks for:
 * a request that carries both with different values is refused.
 */
export function registerCsrf(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    const header = request.headers[XSRF_HEADER];
    if (cookie && typeof header === 'string' && header !== cookie) throw new AppError(403, 'csrf_mismatch');
    if (!cookie) {
      reply.setCookie(XSRF_COOKIE, randomToken(24), { path: '/', sameSite: 'lax', httpOnly: false });
    }
  });
}
