import { unstorableText } from '../lib/nul-guard.ts';
import { faultError } from './rpc/rpc-errors.ts';

/*
 * A charge point's texts that PostgreSQL cannot store (NUL, a surrogate alone: lib/nul-guard.ts)
 * are refused with the field's name, as the HTTP API refuses them, instead of failing in the
 * database as InternalError (or, in a text column, a surrogate silently becoming U+FFFD).
 */

/** Refuses `params` if a text in it cannot be stored. */
export function checkStorableTexts(params: unknown): void {
  const found = unstorableText(params);
  if (!found) return;
  const field = found.path || 'payload';
  const what = found.fault === 'nul' ? 'U+0000' : 'an unpaired surrogate (U+D800-U+DFFF)';
  throw faultError('value:unstorableText', `${field} may not contain ${what}`, { field });
}
