import type { FastifyInstance } from 'fastify';
import { badRequest, fieldError } from './errors.ts';

/**
 * PostgreSQL text cannot hold the NUL character (U+0000): a value with one would fail in the
 * database as a 500. Every request is checked once its body, query and path are validated (and a
 * multipart body parsed), and answered with a field error naming where the character is.
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = nulPath(part);
      if (field !== undefined) throw field ? fieldError(field, 'text_nul') : badRequest('text_nul');
    }
  });
}

/** The dotted path of the first string holding NUL (`''` for a bare string), or undefined. */
export function nulPath(value: unknown): string | undefined {
  return nulKeys(value)?.join('.');
}

/** The keys down to the first string holding NUL; no path is built for the values without one (every OCPP call is checked). */
function nulKeys(value: unknown): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? [] : undefined;
  if (Buffer.isBuffer(value) || value === null || typeof value !== 'object') return undefined;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const found = nulKeys((value as Record<string, unknown>)[key]);
    if (found) {
      found.unshift(key);
      return found;
    }
  }
  return undefined;
}
