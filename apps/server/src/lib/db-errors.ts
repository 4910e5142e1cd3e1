/**
 * The integrity constraint a failed statement broke (SQLSTATE class 23), on PostgreSQL and PGlite
 * alike: Drizzle wraps the driver's error, which carries `code` and `constraint`. Services map the
 * constraints they rely on (a unique identity, a foreign key) to field errors.
 */
export function violatedConstraint(error: unknown): { code: string; constraint: string | undefined } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && code.startsWith('23')) return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
