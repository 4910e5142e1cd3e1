import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.ts';

/**
 * Texts PostgreSQL cannot store: the NUL character (U+0000), which text and jsonb refuse, and an
 * unpaired UTF-16 surrogate (U+D800-U+DFFF alone), which jsonb refuses and text would keep as U+FFFD.
 * JSON carries both as escapes (`\u0000`, `"\ud800x"`), so either would fail in the database as a
 * 500. Every request is checked once its body, query and path are validated (and a multipart body
 * parsed), and answered with a field error on each field holding such a character. A request the
 * schemas refuse has these fields named beside the schemas' own (error-handler.ts). OCPP calls are
 * checked with the same walk, to the first fault (ocpp/ocpp-texts.ts).
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    const fields = unstorableFields(request);
    if (!fields.length) return;
    const bare = fields.find((field) => field.path === '');
    if (bare) throw badRequest(FAULT_MESSAGES[bare.fault]);
    throw new AppError(400, FAULT_MESSAGES[fields[0]!.fault], {
      fields: Object.fromEntries(fields.map((field) => [field.path, [FAULT_MESSAGES[field.fault]]])),
    });
  });
}

export type TextFault = 'nul' | 'surrogate';

export const FAULT_MESSAGES = { nul: 'text_nul', surrogate: 'text_surrogate' } as const;

/** With the `u` flag a well-formed pair is one code point, so only a surrogate alone is of category Cs. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Why `text` cannot be stored, or undefined. */
export function textFault(text: string): TextFault | undefined {
  if (text.includes('\u0000')) return 'nul';
  return LONE_SURROGATE.test(text) ? 'surrogate' : undefined;
}

export interface UnstorableText {
  /** Dotted path of the field (`''`: the body itself is such a string). */
  path: string;
  fault: TextFault;
}

/** Every field of the request's path, query and body holding a text that cannot be stored (a key counts as its field). */
export function unstorableFields(request: Pick<FastifyRequest, 'params' | 'query' | 'body'>): UnstorableText[] {
  const found = new Map<string, TextFault>();
  for (const part of [request.params, request.query, request.body]) collectFaults(part, [], found);
  return [...found].map(([path, fault]) => ({ path, fault }));
}

function collectFaults(value: unknown, keys: string[], found: Map<string, TextFault>): void {
  if (typeof value === 'string') {
    const fault = textFault(value);
    if (fault && !found.has(keys.join('.'))) found.set(keys.join('.'), fault);
    return;
  }
  if (Buffer.isBuffer(value) || value === null || typeof value !== 'object') return;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    keys.push(key);
    const keyFault = textFault(key);
    if (keyFault) found.set(keys.join('.'), keyFault);
    else collectFaults((value as Record<string, unknown>)[key], keys, found);
    keys.pop();
  }
}

/** The first text in `value` (a key or a string) that cannot be stored: its dotted path (`''` for a bare string) and why. */
export function unstorableText(value: unknown): UnstorableText | undefined {
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
