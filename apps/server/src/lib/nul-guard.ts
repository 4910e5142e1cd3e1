import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.ts';

/**
 * PostgreSQL text cannot hold the NUL character (U+0000): a value with one would fail in the
 * database as a 500. Every request is checked once its body, query and path are validated (and a
 * multipart body parsed), and answered with a field error on each field holding the character. A
 * request the schemas refuse has these fields named beside the schemas' own (error-handler.ts).
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    const fields = nulFields(request);
    if (!fields.length) return;
    if (fields.includes('')) throw badRequest('text_nul');
    throw new AppError(400, 'text_nul', { fields: Object.fromEntries(fields.map((field) => [field, ['text_nul']])) });
  });
}

/** The dotted paths of every string holding NUL in the request's path, query and body (`''`: the body is such a string). */
export function nulFields(request: Pick<FastifyRequest, 'params' | 'query' | 'body'>): string[] {
  const found: string[] = [];
  for (const part of [request.params, request.query, request.body]) collectNulPaths(part, [], found);
  return [...new Set(found)];
}

function collectNulPaths(value: unknown, keys: string[], found: string[]): void {
  if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      keys.push(key);
      collectNulPaths((value as Record<string, unknown>)[key], keys, found);
      keys.pop();
    }
  } else if (nulKeys(value) !== undefined) {
    // A string that holds the character (which string does is nulKeys's to say).
    found.push(keys.join('.'));
  }
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
