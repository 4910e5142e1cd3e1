import type { FastifyInstance } from 'fastify';
import { badRequest, fieldError } from './errors.ts';

/**
 * Texts PostgreSQL cannot store: the NUL character (U+0000), which text and jsonb refuse, and an
 * unpaired UTF-16 surrogate (U+D800-U+DFFF alone), which jsonb refuses and text would keep as U+FFFD.
 * JSON carries both as escapes (`\u0000`, `"\ud800x"`), so either would fail in the database as a
 * 500. Every request is checked once its body, query and path are validated (and a multipart body
 * parsed), and answered with a field error naming where the character is; OCPP calls are checked
 * with the same walk (ocpp/connection.ts).
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const found = unstorableText(part);
      if (found === undefined) continue;
      const key = found.fault === 'nul' ? 'text_nul' : 'text_surrogate';
      throw found.path ? fieldError(found.path, key) : badRequest(key);
    }
  });
}

export type TextFault = 'nul' | 'surrogate';

/** With the `u` flag a well-formed pair is one code point, so only a surrogate alone is of category Cs. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Why `text` cannot be stored, or undefined. */
export function textFault(text: string): TextFault | undefined {
  if (text.includes('\u0000')) return 'nul';
  return LONE_SURROGATE.test(text) ? 'surrogate' : undefined;
}

/** The first text in `value` (a key or a string) that cannot be stored: its dotted path (`''` for a bare string) and why. */
export function unstorableText(value: unknown): { path: string; fault: TextFault } | undefined {
  const found = faultKeys(value);
  return found && { path: found.keys.join('.'), fault: found.fault };
}

/** The keys down to the first unstorable text; no path is built for the values without one (every OCPP call may be checked). */
function faultKeys(value: unknown): { keys: string[]; fault: TextFault } | undefined {
  if (typeof value === 'string') {
    const fault = textFault(value);
    return fault && { keys: [], fault };
  }
  if (Buffer.isBuffer(value) || value === null || typeof value !== 'object') return undefined;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const keyFault = textFault(key);
    if (keyFault) return { keys: [key], fault: keyFault };
    const found = faultKeys((value as Record<string, unknown>)[key]);
    if (found) {
      found.keys.unshift(key);
      return found;
    }
  }
  return undefined;
}
