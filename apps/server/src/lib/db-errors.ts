/**
 * The integrity constraint a failed statement broke (SQLSTATE class 23), on PostgreSQL and PGlite
 * alike: Drizzle wraps the driver's error, which carries `code` and `constraint`. Services map the
 * constraints they rely on (a unique identity, a foreign key) to field errors.
 */
export function violatedConstraint(error: unknown): { code: string; constraint: string | undefined } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && code.startsWith('23'))
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Node's socket errors that mean the database could not be reached or went away. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Whether a failed statement failed because the database was out of reach, not because of the
 * request: a connection refused, lost or timed out, the server shutting down or refusing
 * connections (SQLSTATE class 08, 57P01-57P03, 53300). The request may succeed a moment later.
 */
export function databaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      (UNREACHABLE.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code) || code === '53300')
    )
      return true;
    // node-postgres's own words for a connection that ended or never came (no code on them).
    if (typeof message === 'string' && /^(Connection terminated|timeout exceeded when trying to connect)/.test(message))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
